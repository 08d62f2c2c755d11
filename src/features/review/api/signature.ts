import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignatureRequest } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

export const reviewKeys = {
  signature: ['user', 'signature'] as const,
};

export const signatureOptions = () =>
  queryOptions({
    queryKey: reviewKeys.signature,
    queryFn: async () => (await apiCall(E.signatureGet, {})).data,
  });

/** The profile's Signature: job title and registration number. */
export function useSignature() {
  return useQuery(signatureOptions());
}

/** Saves it; the saved answer becomes the query's data. */
export function useSaveSignature() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignatureRequest) => (await apiCall(E.signatureUpdate, { json: body, quiet: true })).data,
    onSuccess: (data) => queries.setQueryData(reviewKeys.signature, data),
  });
}
