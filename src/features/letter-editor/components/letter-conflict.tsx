import { useState } from 'react';
import { Copy } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { formatDateTime } from '../../../domain/display-format';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { copyLetter } from '../copy-text';
import { useLetter } from '../use-letter';
import { DocView } from './doc-view';

const PANE = 'max-h-[28rem] overflow-auto rounded-md bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';

/**
 * A save refused because someone else saved first (409): both texts side by side, and the user
 * chooses. Nothing is overwritten without that choice; "Take theirs" asks first, "Copy mine" keeps a
 * copy whatever is chosen. Shown by <LetterEditor> while the conflict lasts.
 */
export function LetterConflict({ dictationId }: { dictationId: number }) {
  const { conflict: theirs, session } = useLetter(dictationId);
  const [confirm, setConfirm] = useState(false);
  const mine = session.currentDoc();
  if (!theirs) return null;
  const who = theirs.updated_by?.full_name ?? 'someone else';
  const when = theirs.updated_at ? ` at ${formatDateTime(theirs.updated_at)}` : '';
  return (
    <section
      aria-labelledby={`conflict-${dictationId}`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id={`conflict-${dictationId}`} className="text-base font-semibold">
        Two versions of this letter
      </h2>
      <p className="mt-1 text-sm">{MESSAGES.letterConflict}</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-semibold">Yours, on this device</h3>
          <div className={PANE}>{mine && <DocView doc={mine} headingBase={4} label="Your text" />}</div>
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold">
            Saved by {who}
            {when}
          </h3>
          <div className={PANE}>
            <DocView doc={theirs.doc} headingBase={4} label={`Text saved by ${who}`} />
          </div>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onPress={() => void session.keepMine()}>Keep mine</Button>
        <Button tone="secondary" onPress={() => setConfirm(true)}>
          Take theirs
        </Button>
        <Button tone="ghost" onPress={() => void copyLetter(mine)}>
          <Copy aria-hidden className="size-4" /> Copy mine
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={`Replace your text with ${who}'s?`}
        body="Your text on this device is deleted. Copy it first if you may still need part of it."
        confirmLabel="Take theirs"
        destructive
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void session.useServer(theirs);
        }}
      />
    </section>
  );
}
