import type { WorklistRow } from '../../domain/contract';
import { BatchApproveButton } from '../review';

interface Props {
  /** The selected rows of the AUTHOR_APPROVAL tab. */
  rows: WorklistRow[];
  /** The server approved these: they leave the selection. */
  onApproved: (ids: number[]) => void;
}

/**
 * Batch approval beside the selection (issue 12): only letters the user has opened at least once may be
 * approved together; the others are left out, and the note says so (never approve an unopened letter).
 */
export function BatchApproval({ rows, onApproved }: Props) {
  const approvable = rows.filter((r) => r.opened === true);
  const unopened = rows.length - approvable.length;
  return (
    <div role="group" aria-label="Approve together" className="-mt-1 mb-3 flex flex-wrap items-center gap-2 px-2 text-sm">
      {approvable.length > 0 && <BatchApproveButton ids={approvable.map((r) => r.id)} onDone={(result) => onApproved(result.approved)} />}
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
