import { toast } from 'sonner';
import { whenSent } from '../../lib/sync/when-sent';

export interface QueuedWords {
  /** While it is being sent (online). */
  sending: string;
  /** The server has it. */
  sent: string;
  /** No connection: kept on this device until there is one. */
  offline: string;
  /** Online, but the server did not take it yet (it is tried again; a refusal is listed with its reason). */
  kept: string;
}

/**
 * Says what happened to something just queued (issue 23): "Sent" once the server has it, or that it is
 * kept on this device while offline — one toast, updated, never "as soon as there is a connection"
 * while the connection is there.
 */
export function announceQueued(outboxId: string, words: QueuedWords): void {
  if (!navigator.onLine) {
    toast.info(words.offline);
    return;
  }
  const id = toast.loading(words.sending);
  void whenSent(outboxId).then((fate) => {
    if (fate === 'sent') toast.success(words.sent, { id });
    else if (fate === 'offline') toast.info(words.offline, { id });
    else toast.warning(words.kept, { id });
  });
}
