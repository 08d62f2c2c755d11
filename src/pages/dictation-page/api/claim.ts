import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dictation } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { HttpError } from '../../../lib/api/errors';
import { apiCall } from '../../../lib/api/client';
import { dictationKeys } from '../../../features/dictation-view';

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

/** Claim a dictation for the caller; its details are fetched again whatever the answer. */
export function useClaimDictation() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(E.dictationClaim, { params: { id }, quiet: true }),
    onSettled: (_data, _err, id) => void queries.invalidateQueries({ queryKey: dictationKeys.detail(id) }),
  });
}

/** A Manager takes over a letter someone else is typing; pending until the dictation has been fetched again. */
export function useTakeOver() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(E.dictationTakeOver, { params: { id }, quiet: true }),
    // Once the dictation says it is theirs, the letter editor opens for typing and fetches the letter again.
    onSuccess: (_data, id) => queries.invalidateQueries({ queryKey: dictationKeys.detail(id) }),
  });
}

/**
 * Opening a ready dictation claims it for the typist (spec: it becomes BEING_TYPED, assigned to them).
 * The claim needs the server's word: two typists must never type the same letter, so it is not queued
 * offline; until it succeeds the page stays read-only and says why.
 */
export function useClaimOnOpen(d: Dictation | undefined, roles: readonly string[], outsourced = false): ClaimState {
  const tried = useRef<number | null>(null);
  const { mutate: claim, isPending, error } = useClaimDictation();
  useEffect(() => {
    if (!d || tried.current === d.id || !shouldClaim(d, roles, outsourced)) return;
    tried.current = d.id;
    claim(d.id);
  }, [d, roles, outsourced, claim]);
  // Before the effect has run, a dictation about to be claimed is already "claiming": nothing may open it for typing first.
  if (d && tried.current !== d.id && shouldClaim(d, roles, outsourced)) return { kind: 'claiming' };
  if (isPending) return { kind: 'claiming' };
  if (error) return { kind: 'refused', message: error instanceof HttpError ? error.message : String(error) };
  return { kind: 'idle' };
}
