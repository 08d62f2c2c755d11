import { useState } from 'react';
import { toast } from 'sonner';
import type { Delivery } from '../../domain/contract';
import { formatDateTime } from '../../domain/display-format';
import type { DeliveryChannel } from '../../domain/delivery-channel';
import {
  channelWords,
  deliveryStatusWords,
  deliveryTone,
  deliveryWhen,
  deliveryWhenLabel,
  messageIdLabel,
  recipientRoleWords,
  resendChoices,
  type StatusTone,
} from '../../domain/delivery-words';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { HttpError } from '../../lib/api/errors';
import { useResendDelivery } from './api/letters-out';

const TONE: Record<StatusTone, string> = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  past: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-wrap gap-x-2">
    <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
    <dd className="min-w-0 break-all">{value}</dd>
  </div>
);

interface Props {
  d: Delivery;
  /** The letter's reference, shown where the card is out of its dictation (the failures list). */
  reference?: string;
  mayResend: boolean;
}

/** One recipient's delivery: who, how, where it stands, the channel's identifier and, when it failed, why and a resend. */
export function DeliveryCard({ d, reference, mayResend }: Props) {
  const choices = resendChoices(d, mayResend);
  const [channel, setChannel] = useState<DeliveryChannel>(d.channel);
  const resending = useResendDelivery();
  const busy = resending.isPending;
  const [error, setError] = useState<string | null>(null);
  const tone = deliveryTone(d);

  async function resend() {
    setError(null);
    try {
      await resending.mutateAsync({ id: d.id, channel });
      toast.success(PAGE_MESSAGES.resent(reference ?? d.recipient.name, channelWords(channel)));
    } catch (err) {
      setError(err instanceof HttpError && !err.isNetwork ? err.message : PAGE_MESSAGES.lettersOutOffline);
    }
  }

  return (
    <li
      className={`rounded-lg border p-3 text-sm ${tone === 'failed' ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {reference && <p className="font-mono text-xs font-semibold">{reference}</p>}
          <p className="font-medium break-words">{d.recipient.name || recipientRoleWords(d)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{recipientRoleWords(d)}</p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[tone]}`}>{deliveryStatusWords(d)}</span>
      </div>
      <dl className="mt-2 space-y-0.5 text-xs">
        <Row label="Channel" value={channelWords(d.channel)} />
        {d.status === 'delivered' && d.channel === 'gp_electronic' && d.sent_at && <Row label="Sent" value={formatDateTime(d.sent_at)} />}
        <Row label={deliveryWhenLabel(d)} value={formatDateTime(deliveryWhen(d))} />
        {d.status === 'sent' && d.checked_at && <Row label="Last checked" value={formatDateTime(d.checked_at)} />}
        {d.posted_by && <Row label="Posted by" value={d.posted_by.full_name} />}
        {d.attempts > 0 && <Row label="Attempts" value={String(d.attempts)} />}
        {d.message_id && <Row label={messageIdLabel(d.channel)} value={d.message_id} />}
      </dl>
      {d.reason && (
        <p className={`mt-2 text-xs ${tone === 'failed' ? 'text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}>
          {d.reason}
        </p>
      )}
      {choices.length > 0 && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {choices.length > 1 && (
            <label className="flex flex-col gap-1 text-xs">
              <span className="text-slate-600 dark:text-slate-400">Send again by</span>
              <select
                value={channel}
                onChange={(e) => setChannel(e.target.value as DeliveryChannel)}
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800"
              >
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {channelWords(c)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button
            tone="secondary"
            isDisabled={busy}
            onPress={() => void resend()}
            aria-label={`Resend to ${d.recipient.name || recipientRoleWords(d)}`}
          >
            {busy ? 'Sending…' : 'Resend'}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}
