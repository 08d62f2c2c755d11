import type { Dictation } from '../../domain/contract';
import { AttachmentsTab } from '../../features/attachments';

/** The Attachments tab of the detail panel: the attachments feature's own tab (list, add, download, remove by role). */
export function AttachmentsSlot({ d }: { d: Dictation }) {
  return <AttachmentsTab d={d} />;
}
