import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Info, Printer, Send } from 'lucide-react';
import type { z } from 'zod';
import type { printQueueItemSchema } from '../../domain/contract';
import { recipientRoleWords } from '../../domain/delivery-words';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { HttpError } from '../../lib/api/errors';
import { useDownloadMergedPdf, useMarkPosted } from './api/letters-out';

type Item = z.infer<typeof printQueueItemSchema>;

const failure = (err: unknown) => (err instanceof HttpError && !err.isNetwork ? err.message : PAGE_MESSAGES.lettersOutOffline);

/**
 * Why copies are printed (a GP copy because MESH is not set up, …), said once: a reason that several
 * letters share stands once above the list; one only this letter has stands once under its card, naming
 * the copy when the letter has others it does not concern.
 */
function printNotes(letters: Item[][]): { list: string[]; card: (copies: Item[]) => string[] } {
  const lettersWith = new Map<string, number>();
  for (const copies of letters)
    for (const reason of new Set(copies.map((c) => c.reason).filter((r): r is string => !!r)))
      lettersWith.set(reason, (lettersWith.get(reason) ?? 0) + 1);
  const list = [...lettersWith].filter(([, n]) => n > 1).map(([reason]) => reason);
  const card = (copies: Item[]) =>
    [...new Set(copies.map((c) => c.reason).filter((r): r is string => !!r && !list.includes(r)))].map((reason) => {
      const concerned = copies.filter((c) => c.reason === reason);
      return concerned.length === copies.length
        ? reason
        : `${concerned.map((c) => c.recipient.name || recipientRoleWords(c)).join(', ')}: ${reason}`;
    });
  return { list, card };
}

/** The copies waiting to be printed and posted, a letter's copies together: select, print as one PDF, mark posted. */
export function PrintQueue({ items }: { items: Item[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const printing = useDownloadMergedPdf();
  const posting = useMarkPosted();
  const busy = printing.isPending ? 'print' : posting.isPending ? 'post' : null;
  const [error, setError] = useState<string | null>(null);

  // Whatever left the queue (posted here or elsewhere) is no longer selected.
  useEffect(() => {
    const ids = new Set(items.map((i) => i.id));
    setSelected((s) => (Array.from(s).every((id) => ids.has(id)) ? s : new Set(Array.from(s).filter((id) => ids.has(id)))));
  }, [items]);

  const letters = useMemo(() => {
    const by = new Map<number, Item[]>();
    for (const i of items) by.set(i.dictation_id, [...(by.get(i.dictation_id) ?? []), i]);
    return Array.from(by.values());
  }, [items]);
  const notes = useMemo(() => printNotes(letters), [letters]);
  const chosen = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const all = items.length > 0 && chosen.length === items.length;

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function print() {
    setError(null);
    try {
      await printing.mutateAsync(chosen);
      toast.success(PAGE_MESSAGES.printReady(chosen.length));
    } catch (err) {
      setError(failure(err));
    }
  }

  async function post() {
    setConfirming(false);
    setError(null);
    try {
      const { data } = await posting.mutateAsync(chosen);
      toast.success(PAGE_MESSAGES.posted(data.posted.length));
      setSelected(new Set());
    } catch (err) {
      setError(failure(err));
    }
  }

  if (items.length === 0) return <p className="py-2 text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.printQueueEmpty}</p>;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 w-full items-center gap-2 text-sm sm:mr-auto sm:w-auto">
          <input
            type="checkbox"
            className="size-5"
            checked={all}
            onChange={(e) =>
              toggle(
                items.map((i) => i.id),
                e.target.checked,
              )
            }
          />
          Select all ({items.length})
        </label>
        <Button
          tone="secondary"
          className="flex-1 px-3 whitespace-nowrap sm:flex-none"
          isDisabled={chosen.length === 0 || busy !== null}
          onPress={() => void print()}
        >
          <Printer aria-hidden className="size-4" />
          {busy === 'print' ? 'Preparing the PDF…' : `Print selected${chosen.length ? ` (${chosen.length})` : ''}`}
        </Button>
        <Button
          className="flex-1 px-3 whitespace-nowrap sm:flex-none"
          isDisabled={chosen.length === 0 || busy !== null}
          onPress={() => setConfirming(true)}
        >
          <Send aria-hidden className="size-4" />
          {busy === 'post' ? 'Marking…' : 'Mark as posted'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
      {notes.list.map((note) => (
        <p key={note} className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <Info aria-hidden className="mr-1.5 inline size-4 align-[-0.2em]" />
          {note}
        </p>
      ))}
      <ul className="space-y-2" aria-label="Letters waiting to be printed">
        {letters.map((copies) => {
          const first = copies[0]!;
          const cardNotes = notes.card(copies);
          return (
            <li key={first.dictation_id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                <span className="font-semibold">{first.patient_name || 'No patient name'}</span>
                {first.nhs_number && (
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    NHS number <span className="tabular-nums">{first.nhs_number}</span>
                  </span>
                )}
                <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{first.reference}</span>
              </p>
              <ul className="mt-1 space-y-1">
                {copies.map((c) => (
                  <li key={c.id}>
                    <label className="flex min-h-11 items-start gap-3 py-1 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-5 shrink-0"
                        checked={selected.has(c.id)}
                        onChange={(e) => toggle([c.id], e.target.checked)}
                      />
                      <span className="min-w-0">
                        <span className="font-medium">{c.recipient.name || recipientRoleWords(c)}</span>
                        <span className="text-slate-600 dark:text-slate-400"> · {recipientRoleWords(c)}</span>
                        <span className="block text-xs break-words text-slate-600 dark:text-slate-400">
                          {c.address_lines.length ? c.address_lines.join(', ') : 'No address: address it by hand (internal post)'}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {cardNotes.map((note) => (
                <p key={note} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {note}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming}
        title="Mark as posted"
        body={PAGE_MESSAGES.postedConfirm(chosen.length)}
        confirmLabel="Mark as posted"
        onConfirm={() => void post()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
