/**
 * "Turn on notifications" (spec §4): explained first, permission asked only from the user's click; the
 * spec's messages when blocked or in a private window. Also the foreground toast of a push (spec §7)
 * and the route a notification click sends to an open window (PITFALLS 19).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { BellRing, X } from 'lucide-react';
import { enablePush, permission, resyncPush } from './push-client';

export interface PushPromptProps {
  userId: number;
  roles: readonly string[];
}

const LATER_KEY = 'wardnote.push.later';

interface SwMessage {
  type?: string;
  title?: string;
  body?: string;
  url?: string;
}

export default function PushPrompt({ userId, roles }: PushPromptProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<'hidden' | 'ask' | 'busy' | 'on'>('hidden');
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<{ title: string; body: string } | null>(null);

  useEffect(() => {
    const p = permission();
    if (p === 'granted') void resyncPush(roles, userId);
    else if (p === 'default' && sessionStorage.getItem(LATER_KEY) !== '1') setState('ask');
  }, [roles, userId]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent<SwMessage>) => {
      if (e.data?.type === 'PUSH' && e.data.title) setToast({ title: e.data.title, body: e.data.body ?? '' });
      if (e.data?.type === 'NAVIGATE' && e.data.url?.startsWith('/')) void navigate({ href: e.data.url });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 8000);
    return () => clearTimeout(timer);
  }, [toast]);

  async function turnOn() {
    setState('busy');
    setError(null);
    const out = await enablePush(roles, userId);
    if (out.kind === 'on') setState('on');
    else {
      setError(out.message);
      setState('ask');
    }
  }

  return (
    <>
      {(state === 'ask' || state === 'busy') && (
        <section
          aria-labelledby="push-prompt-title"
          className="mx-4 mt-3 flex flex-wrap items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-slate-800 dark:border-sky-800 dark:bg-sky-950 dark:text-slate-100"
        >
          <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-300" />
          <div className="min-w-0 flex-1 basis-60">
            <h2 id="push-prompt-title" className="font-semibold">
              Get told about letters while Wardnote is closed
            </h2>
            <p className="mt-1">
              Wardnote can notify this device when a letter waits for your approval or work is given to you. Notifications never show
              patient details. Your browser will ask you to allow them.
            </p>
            {error && (
              <p role="alert" className="mt-2 font-medium text-red-800 dark:text-red-300">
                {error}
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            {/* A native click: Safari grants the permission prompt only inside the click's own task. */}
            <button
              type="button"
              onClick={() => void turnOn()}
              disabled={state === 'busy'}
              className="bg-brand-600 hover:bg-brand-700 inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 dark:bg-emerald-600 dark:hover:bg-emerald-700"
            >
              {state === 'busy' ? 'Turning on…' : 'Turn on notifications'}
            </button>
            <button
              type="button"
              aria-label="Not now"
              title="Not now"
              onClick={() => {
                sessionStorage.setItem(LATER_KEY, '1');
                setState('hidden');
              }}
              className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-sky-100 dark:text-slate-200 dark:hover:bg-sky-900"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
        </section>
      )}
      {state === 'on' && (
        <p
          role="status"
          className="mx-4 mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          Notifications are on for this device.
        </p>
      )}
      {toast && (
        <div
          role="status"
          className="fixed right-4 bottom-4 z-50 max-w-sm rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-semibold">{toast.title}</p>
          <p className="mt-1">{toast.body}</p>
        </div>
      )}
    </>
  );
}
