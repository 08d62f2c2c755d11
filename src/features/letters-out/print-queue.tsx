import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Printer, Send } from 'lucide-react';
import type { z } from 'zod';
import type { printQueueItemSchema } from '../../domain/contract';
import { recipientRoleWords } from '../../domain/delivery-words';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api/errors';
import { downloadMergedPdf, markPosted, useRefreshLettersOut } from './letters-out-api';

type Item = z.infer<typeof printQueueItemSchema>;

const failure = (err: unknown) => (err instanceof ApiError && !err.isNetwork ? err.message : PAGE_MESSAGES.lettersOutOffline);

/** The copies waiting to be printed and posted, a letter's copies together: select, print as one PDF, mark posted. */
export function PrintQueue({ items }: { items: Item[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'print' | 'post' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshLettersOut();

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
    setBusy('print');
    setError(null);
    try {
      await downloadMergedPdf(chosen);
      toast.success(PAGE_MESSAGES.printReady(chosen.length));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
    }
  }

  async function post() {
    setConfirming(false);
    setBusy('post');
    setError(null);
    try {
      const { data } = await markPosted(chosen);
      toast.success(PAGE_MESSAGES.posted(data.posted.length));
      setSelected(new Set());
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
      await refresh();
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
      <ul className="space-y-2" aria-label="Letters waiting to be printed">
        {letters.map((copies) => (
          <li key={copies[0]!.dictation_id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <p className="font-mono text-sm font-semibold">{copies[0]!.reference}</p>
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
                      {c.reason && <span className="block text-xs text-slate-600 dark:text-slate-400">{c.reason}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </li>
        ))}
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
