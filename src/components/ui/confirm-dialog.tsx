import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

interface Props {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel: string;
  /** Red only when confirming loses something (delete, discard, remove); otherwise the primary colour. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The app's one confirmation dialog (logout, closing a tab, discarding). */
export function ConfirmDialog({ open, title, body, confirmLabel, destructive = false, onConfirm, onCancel }: Props) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && onCancel()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <Modal className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl dark:bg-slate-800">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          {body && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{body}</p>}
          <div className="mt-6 flex justify-end gap-3">
            <Button tone="secondary" onPress={onCancel}>
              Cancel
            </Button>
            <Button tone={destructive ? 'danger' : 'primary'} onPress={onConfirm} autoFocus>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
