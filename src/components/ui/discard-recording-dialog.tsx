import { MESSAGES } from '../../domain/messages';
import { ConfirmDialog } from './confirm-dialog';

/** The one confirmation before audio is deleted from the device (record page, Record list, sync panel). */
export function DiscardRecordingDialog({
  open,
  unsent,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  unsent?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={MESSAGES.discardRecordingTitle}
      body={unsent ? MESSAGES.discardUnsentBody : MESSAGES.discardRecordingBody}
      confirmLabel="Discard"
      destructive
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
