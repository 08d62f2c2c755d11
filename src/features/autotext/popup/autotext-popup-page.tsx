import { useEffect, useRef, useState } from 'react';
import type { AutotextSnippet } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAutotexts } from '../snippets-cache';
import { AutotextChooser } from '../components/autotext-chooser';
import { AUTOTEXT_CHANNEL, isPopupMessage } from './popup-channel';

/**
 * /autotextpopup (plain layout, opened 700x500 from a dictation): choosing a snippet sends it to the
 * page that opened this window, which inserts it at its cursor. The window stays open for the next one.
 */
export function AutotextPopupPage({ target, departmentId }: { target?: string; departmentId?: number }) {
  const snippets = useAutotexts();
  const channel = useRef<BroadcastChannel | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    if (!target || typeof BroadcastChannel === 'undefined') return;
    const c = new BroadcastChannel(AUTOTEXT_CHANNEL);
    c.onmessage = (e: MessageEvent) => {
      const m: unknown = e.data;
      if (isPopupMessage(m) && m.type === 'inserted' && m.target === target) setStatus(`Inserted “${m.shortcut}” into the letter.`);
    };
    channel.current = c;
    return () => c.close();
  }, [target]);

  function choose(s: AutotextSnippet) {
    if (!target || !channel.current) return;
    setStatus(`Sending “${s.shortcut}” to the letter…`);
    channel.current.postMessage({ type: 'insert', target, body: s.body, shortcut: s.shortcut });
  }

  return (
    <main className="flex h-dvh flex-col gap-3 p-4" aria-labelledby="page-title">
      <div className="flex items-center justify-between gap-3">
        <h1 id="page-title" className="text-xl font-semibold">
          Autotext
        </h1>
        <Button tone="secondary" onPress={() => window.close()}>
          Close
        </Button>
      </div>
      {!target && <Alert tone="info">{MESSAGES.autotextNoWindowTarget}</Alert>}
      {snippets.isError && <Alert>{MESSAGES.errorFetching}</Alert>}
      <p role="status" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300">
        {status}
      </p>
      <AutotextChooser
        autoFocus
        snippets={snippets.data ?? []}
        departmentId={departmentId}
        onChoose={choose}
        listClassName="min-h-0 flex-1"
      />
    </main>
  );
}
