import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dictation } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { HttpError } from '../../lib/api/errors';
import { apiCall } from '../../lib/api/client';

const CLAIMABLE = new Set(['READY_FOR_TYPING', 'RECEIVED']);

/**
 * Whether opening this dictation should claim it: a typist (Secretary or Manager) opening unclaimed work;
 * an external typist of an outsourcing pool opening their pool's OUTSOURCED work nobody has taken (issue 12).
 */
export function shouldClaim(d: Dictation, roles: readonly string[], outsourced = false): boolean {
  if (outsourced) return d.status === 'OUTSOURCED' && !d.assigned_to;
  return CLAIMABLE.has(d.status) && (roles.includes('Secretary') || roles.includes('Manager'));
}

export type ClaimState = { kind: 'idle' } | { kind: 'claiming' } | { kind: 'refused'; message: string };

/**
 * Opening a ready dictation claims it for the typist (spec: it becomes BEING_TYPED, assigned to them).
 * The claim needs the server's word: two typists must never type the same letter, so it is not queued
 * offline; until it succeeds the page stays read-only and says why.
 */
export function useClaimOnOpen(d: Dictation | undefined, roles: readonly string[], outsourced = false): ClaimState {
  const queries = useQueryClient();
  const tried = useRef<number | null>(null);
  const [state, setState] = useState<ClaimState>({ kind: 'idle' });
  useEffect(() => {
    if (!d || tried.current === d.id || !shouldClaim(d, roles, outsourced)) return;
    tried.current = d.id;
    setState({ kind: 'claiming' });
    apiCall(E.dictationClaim, { params: { id: d.id }, quiet: true })
      .then(() => setState({ kind: 'idle' }))
      .catch((err: unknown) => setState({ kind: 'refused', message: err instanceof HttpError ? err.message : String(err) }))
      .finally(() => void queries.invalidateQueries({ queryKey: ['dictation', d.id] }));
  }, [d, roles, outsourced, queries]);
  // Before the effect has run, a dictation about to be claimed is already "claiming": nothing may open it for typing first.
  if (d && tried.current !== d.id && shouldClaim(d, roles, outsourced)) return { kind: 'claiming' };
  return state;
}
