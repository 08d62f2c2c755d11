import type { Dictation } from '../../domain/contract';
import { RULES, satisfies } from '../../domain/access';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSession } from '../../lib/auth/use-session';
import { DeliveryCard } from './delivery-card';
import { useDeliveries } from './api/letters-out';
import { ServerState } from './server-state';

/** The dictation's Delivery tab: each recipient's delivery, newest attempt last; a Secretary or Manager resends a failed one. */
export function DeliveryTab({ d }: { d: Dictation }) {
  const { subject } = useSession();
  const query = useDeliveries(d.id);
  const mayResend = !!subject && satisfies(subject, RULES.distribution);
  const list = query.data?.data ?? [];
  const approved = d.status === 'MANUAL_DISTRIBUTION' || d.status === 'SENT';
  return (
    <ServerState isPending={query.isPending} error={query.error} hasData={!!query.data}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {approved ? PAGE_MESSAGES.noDeliveriesApproved : PAGE_MESSAGES.noDeliveries}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Deliveries">
          {list.map((x) => (
            <DeliveryCard key={x.id} d={x} mayResend={mayResend} />
          ))}
        </ul>
      )}
    </ServerState>
  );
}
