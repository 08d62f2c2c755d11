import { useState } from 'react';
import { Copy } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { LetterSession } from '../letter-session';
import { copyLetter } from '../copy-text';
import { savedAtText } from '../saved-at';

const BOX = 'rounded-lg border px-3 py-2 text-sm';

/**
 * Reopening with text the server has not got (issue 11): the device's text stays in the editor until
 * the user chooses; discarding asks first.
 */
export function LocalOffer({ session, savedAt, canDiscard }: { session: LetterSession; savedAt: number; canDiscard: boolean }) {
  return (
    <div
      role="region"
      aria-label="Newer text on this device"
      className={`${BOX} border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100`}
    >
      <p>This device has newer text for this letter (saved {savedAtText(savedAt)}). It is shown below.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onPress={() => void session.useLocal()}>Use it</Button>
        {canDiscard && (
          <DiscardLocalText
            session={session}
            label="Discard it"
            tone="secondary"
            title="Discard the text on this device?"
            body="The editor then shows the letter as saved on the server. The text typed on this device is deleted and cannot be recovered."
          />
        )}
      </div>
    </div>
  );
}

/** A save refused because the letter moved on (403): the server's words, and the text kept for copying. */
export function NotEditableNotice({ session, message, canDiscard }: { session: LetterSession; message: string; canDiscard: boolean }) {
  return (
    <div role="alert" className={`${BOX} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}>
      <p>{message}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button tone="secondary" onPress={() => void copyLetter(session.currentDoc())}>
          <Copy aria-hidden className="size-4" /> Copy my text
        </Button>
        {canDiscard && (
          <DiscardLocalText
            session={session}
            label="Discard my text"
            tone="ghost"
            title="Discard your text on this device?"
            body="Copy it first if you still need it. The editor then shows the letter as saved on the server."
          />
        )}
      </div>
    </div>
  );
}

/**
 * The text breaks the letter's bounds (issue 22: a letter saved before they existed, or a table pasted
 * too wide): what to put right, in words. Typing goes on; the text stays on this device and is sent once
 * it is put right. A reader who cannot type is told why the letter cannot be printed.
 */
export function LetterProblems({ problems, canType }: { problems: readonly string[]; canType: boolean }) {
  const [first, ...rest] = problems;
  return (
    <div
      role="alert"
      data-testid="letter-problems"
      className={`${BOX} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
    >
      <p>{canType ? MESSAGES.letterNeedsFixing(first ?? '') : MESSAGES.letterCannotBePrinted(first ?? '')}</p>
      {rest.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {rest.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Going back to the server's letter deletes the device's text for good: asked first. */
function DiscardLocalText(p: { session: LetterSession; label: string; tone: 'secondary' | 'ghost'; title: string; body: string }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Button tone={p.tone} onPress={() => setConfirm(true)}>
        {p.label}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={p.title}
        body={p.body}
        confirmLabel="Discard it"
        destructive
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void p.session.useServer();
        }}
      />
    </>
  );
}
