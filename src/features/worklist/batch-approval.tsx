import type { WorklistRow } from '../../domain/contract';

interface Props {
  /** The selected rows of the AUTHOR_APPROVAL tab. */
  rows: WorklistRow[];
}

/**
 * Batch approval beside the selection (issue 12): only letters the user has opened at least once may be
 * approved together; the others are left out, and the note says so (never approve an unopened letter).
 */
export function BatchApproval({ rows }: Props) {
  const approvable = rows.filter((r) => r.opened === true);
  const unopened = rows.length - approvable.length;
  return (
    <div role="group" aria-label="Approve together" className="-mt-1 mb-3 flex flex-wrap items-center gap-2 px-2 text-sm">
      {/* SLOT (issue 12, review): helper H1's <BatchApproveButton rows={approvable} /> from src/features/review goes here. */}
      {approvable.length > 0 && <span data-slot="batch-approve" data-ids={approvable.map((r) => r.id).join(',')} />}
      {unopened > 0 && (
        <p className="text-slate-700 dark:text-slate-300" role="note">
          {unopened === rows.length
            ? rows.length === 1
              ? 'Open it first to approve it: a letter is approved only once you have read it.'
              : 'Open them first to approve them: a letter is approved only once you have read it.'
            : `${unopened} of the ${rows.length} selected ${unopened === 1 ? 'is' : 'are'} not opened yet and left out of the approval: open ${unopened === 1 ? 'it' : 'them'} first to approve ${unopened === 1 ? 'it' : 'them'}.`}
        </p>
      )}
    </div>
  );
}
