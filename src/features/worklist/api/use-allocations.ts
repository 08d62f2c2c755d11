import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AllocateRequest } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { MESSAGES } from '../../../domain/messages';
import { db } from '../../../lib/db/db';
import { unsealJson } from '../../../lib/crypto/secure-store';
import { enqueue } from '../../../lib/sync/outbox';
import { requestSync } from '../../../lib/sync/triggers';
import { takeOutcomes } from '../../../lib/sync/outcomes';
import { worklistKeys } from './keys';

const PATH = E.dictationAllocate.path;

/**
 * Allocations go through the outbox (DESIGN §3): queued offline, sent once with the Idempotency-Key,
 * shown as pending until the server confirms; the server's answer (what moved, what did not and why)
 * is shown when it arrives, and the lists refresh.
 */
export function useAllocations() {
  const queries = useQueryClient();
  const [pendingIds, setPendingIds] = useState<Set<number>>(new Set());

  const queued = useLiveQuery(
    async () => (await db.outbox.toArray()).filter((i) => i.kind === 'request' && i.path === PATH && i.state !== 'dead'),
    [],
  );
  useEffect(() => {
    let alive = true;
    void Promise.all(
      (queued ?? []).map((i) =>
        unsealJson<AllocateRequest>(i.payload).then(
          (b) => b.dictations,
          () => [] as number[],
        ),
      ),
    ).then((lists) => alive && setPendingIds(new Set(lists.flat())));
    return () => {
      alive = false;
    };
  }, [queued]);

  const outcomes = useLiveQuery(() => db.outcomes.where('path').equals(PATH).toArray(), []);
  const shown = useRef(new Set<string>());
  useEffect(() => {
    if (!outcomes?.length) return;
    void takeOutcomes(PATH).then((taken) => {
      for (const o of taken) {
        if (shown.current.has(o.id)) continue;
        shown.current.add(o.id);
        if (o.error) toast.warning(MESSAGES.allocationFailed, { description: o.error });
        else {
          if (o.success) toast.success(o.success);
          if (o.problem) toast.warning(o.problem, { description: o.details.join(' '), duration: 12_000 });
        }
      }
      void queries.invalidateQueries({ queryKey: worklistKeys.all });
    });
  }, [outcomes, queries]);

  async function allocate(body: AllocateRequest, label: string) {
    await enqueue(E.dictationAllocate, { params: undefined, body, label });
    void requestSync();
    if (!navigator.onLine) toast.info('You are offline: the change is kept on this device and sent when the connection is back.');
  }

  return { allocate, pendingIds };
}
