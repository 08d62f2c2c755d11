import type { Dictation } from '../../domain/contract';

/**
 * SLOT (issue 12, attachments): the Attachments tab of the detail panel. The attachments feature
 * (src/features/attachments, `AttachmentsTab`) plugs in here: replace the body of this component with
 * `return <AttachmentsTab d={d} />` (or its dictation id prop) once it exists.
 */
export function AttachmentsSlot({ d }: { d: Dictation }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-slot="attachments" data-dictation={d.id}>
      Attachments are shown on the dictation page.
    </p>
  );
}
