import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientSearch } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

/** The lookups' query keys, one factory (issue 24 point 5). */
export const patientLookupKeys = {
  all: ['patient-lookup'] as const,
  search: (search: PatientSearch | null, attempt: number) => [...patientLookupKeys.all, 'search', search, attempt] as const,
  appointments: (patientId: string | null) => [...patientLookupKeys.all, 'appointments', patientId] as const,
};

/**
 * Lookups hold identifiable data: kept in memory only for a minute (never Cache Storage or Dexie), not
 * retried (a failure is shown at once with the way out: type the details by hand).
 */
const lookupOptions = { staleTime: 0, gcTime: 60_000, retry: false, refetchOnWindowFocus: false } as const;

/** `attempt` makes a repeated search (after a failure) ask again. */
export const patientSearchOptions = (search: PatientSearch | null, attempt = 0) =>
  queryOptions({
    queryKey: patientLookupKeys.search(search, attempt),
    enabled: search !== null,
    ...lookupOptions,
    queryFn: async () => (await apiCall(E.patients, { query: search ?? undefined })).data,
  });

export function usePatientSearch(search: PatientSearch | null, attempt = 0) {
  return useQuery(patientSearchOptions(search, attempt));
}

export const appointmentsOptions = (patientId: string | null) =>
  queryOptions({
    queryKey: patientLookupKeys.appointments(patientId),
    enabled: patientId !== null,
    ...lookupOptions,
    queryFn: async () => (await apiCall(E.patientAppointments, { params: { id: patientId! } })).data,
  });

export function useAppointments(patientId: string | null) {
  return useQuery(appointmentsOptions(patientId));
}
