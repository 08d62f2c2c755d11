import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert } from '../../components/ui/alert';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useStuckNotice } from './api/stuck-letters';
import { StuckLettersList } from './stuck-letters-list';

const SHOWN = 5;

/**
 * The Manager's stuck-letter count (issue 13), on the Manual distribution tab: how many approved letters
 * have not reached every recipient within the limit, and the longest waiting by reference; "Show all"
 * opens the whole list below it. Nothing when there are none. Loaded lazily, for managers only (the
 * worklist page decides).
 */
export default function StuckNotice() {
  const [open, setOpen] = useState(false);
  const stuck = useStuckNotice(SHOWN);
  const page = stuck.data?.data;
  if (!page || page.total === 0) return null;
  return (
    <div className="mt-3" data-testid="stuck-letters">
      <Alert tone="info">
        <p className="font-medium">{PAGE_MESSAGES.stuckLetters(page.total, page.limit_hours)}.</p>
        <ul className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          {page.data.map((l) => (
            <li key={l.dictation_id}>
              <Link to="/dictation/$id" params={{ id: String(l.dictation_id) }} className="underline underline-offset-2">
                {l.reference}
              </Link>
            </li>
          ))}
          {page.total > page.data.length && <li>and {page.total - page.data.length} more</li>}
          <li>
            <button
              type="button"
              aria-expanded={open}
              aria-controls="stuck-letters-list"
              onClick={() => setOpen((o) => !o)}
              className="min-h-11 font-semibold underline underline-offset-2"
            >
              {open ? PAGE_MESSAGES.stuckHide : PAGE_MESSAGES.stuckShowAll(page.total)}
            </button>
          </li>
        </ul>
      </Alert>
      {open && (
        <section id="stuck-letters-list" aria-label="Stuck letters" className="mt-2">
          <StuckLettersList />
        </section>
      )}
    </div>
  );
}
