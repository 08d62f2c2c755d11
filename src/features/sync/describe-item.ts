import type { OutboxItem } from '../../lib/db/db';
import { formatBytes } from '../../lib/storage';

/** Where one outbox row stands, in words: its progress, the last error, or why it waits. */
export function describeItem(item: OutboxItem): string {
  if (item.state === 'dead') return item.lastError ?? 'Could not be sent.';
  if (item.state === 'paused') return 'Waiting for you to sign in again.';
  if (item.kind === 'request') return item.lastError ? `Waiting to be sent. Last try: ${item.lastError}` : 'Waiting to be sent.';
  if (item.stage === 'finalise') return 'Uploaded; waiting for the server to confirm.';
  const sent = `${formatBytes(item.bytesAcked)} of ${formatBytes(item.totalBytes)} sent`;
  return item.lastError ? `${sent}. Last try: ${item.lastError}` : sent;
}
