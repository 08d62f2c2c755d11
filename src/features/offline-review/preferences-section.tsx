import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatBytes } from '../../lib/storage';
import { useSession } from '../../lib/auth/use-session';
import { BUDGET_CHOICES, readBudget, saveBudget } from '../../lib/offline/budget';
import { requestReviewPrefetch } from '../../lib/offline/prefetch';
import { removeAllReviewCopies, reviewUsage } from '../../lib/offline/review-cache';

function syncedText(at: number | null): string {
  if (!at) return 'Not yet';
  const when = new Date(at);
  const time = when.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return when.toDateString() === new Date().toDateString()
    ? `Today ${time}`
    : `${when.toLocaleDateString('en-GB', { day: '2-digit', month: 'short' })} ${time}`;
}

/**
 * Preferences › Offline review (issue 12), for authors: what this device keeps of the approval queue,
 * the space it may take (per device), when it was last synced, and removing the copies.
 */
export function OfflineReviewPreferences() {
  const { subject } = useSession();
  const usage = useLiveQuery(() => reviewUsage(), []);
  const [budget, setBudget] = useState(readBudget);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const author = subject?.roles.includes('Author') ?? false;
  // What this section reports is brought up to date when it opens (at most every few minutes).
  useEffect(() => {
    if (author) void requestReviewPrefetch();
  }, [author]);
  if (!author) return null;

  function choose(bytes: number) {
    saveBudget(bytes);
    setBudget(bytes);
    // A smaller budget removes what no longer fits now; a larger one fetches more.
    void requestReviewPrefetch({ force: true });
  }

  async function syncNow() {
    setBusy(true);
    try {
      await requestReviewPrefetch({ force: true });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    await removeAllReviewCopies();
    toast.success('The offline copies were removed from this device.');
  }

  return (
    <section
      aria-labelledby="offline-review-title"
      data-testid="offline-review"
      className="mt-4 max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="offline-review-title" className="text-lg font-semibold">
        Offline review
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Letters waiting for your approval, with their audio, are kept on this device, encrypted, so you can review them without a signal.
        Urgent and newest letters come first.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="offline-review-usage">
        <dt>Kept on this device</dt>
        <dd>
          {usage
            ? `${usage.letters} ${usage.letters === 1 ? 'letter' : 'letters'} (${usage.withAudio} with audio), ${formatBytes(usage.bytes)}`
            : '…'}
        </dd>
        <dt>Last synced</dt>
        <dd>{usage ? syncedText(usage.syncedAt) : '…'}</dd>
      </dl>
      <label className="mt-4 flex flex-col gap-1 text-sm">
        <span className="font-medium">Space for offline review</span>
        <select
          value={budget}
          onChange={(e) => choose(Number(e.target.value))}
          className="min-h-11 max-w-48 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
        >
          {BUDGET_CHOICES.map((c) => (
            <option key={c.bytes} value={c.bytes}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button tone="secondary" isDisabled={busy} onPress={() => void syncNow()}>
          {busy ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button tone="secondary" isDisabled={!usage?.letters} onPress={() => setConfirming(true)}>
          Remove offline copies
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove offline copies?"
        body="The letters and audio kept for offline review are deleted from this device. Nothing changes on the server, and letters you changed here are still sent. They are copied again the next time your approval list loads while online."
        confirmLabel="Remove"
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
