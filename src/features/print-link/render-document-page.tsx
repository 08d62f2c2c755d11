import { useEffect, useState } from 'react';
import { E } from '../../domain/contract/endpoints';
import { PAGE_MESSAGES } from '../../domain/messages';

type State = { kind: 'opening' } | { kind: 'failed'; message: string };

/**
 * `/renderdocument` (issue 13): opens a print link. The page fetches the letter's PDF with the link's
 * signed parameters (no session: a print room's browser need not be signed in) and hands it to the
 * browser's own PDF viewer, which prints it reliably (window.print() on an embedded PDF does not). A
 * link that is altered, expired or out of date shows the server's words instead.
 */
export function RenderDocumentPage() {
  const [state, setState] = useState<State>({ kind: 'opening' });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const res = await fetch(`${E.printDocument.path}${window.location.search}`, { credentials: 'omit', cache: 'no-store' });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
          const message = typeof body?.message === 'string' ? body.message : PAGE_MESSAGES.printLinkInvalid;
          if (!cancelled) setState({ kind: 'failed', message });
          return;
        }
        const blob = await res.blob();
        if (!cancelled) window.location.replace(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
      } catch {
        if (!cancelled) setState({ kind: 'failed', message: PAGE_MESSAGES.printLinkFailed });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-lg font-semibold">Print letter</h1>
      {state.kind === 'opening' ? (
        <p role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {PAGE_MESSAGES.printLinkOpening}
        </p>
      ) : (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {state.message}
        </p>
      )}
    </main>
  );
}
