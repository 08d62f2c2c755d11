import { RULES, satisfies } from '../../domain/access';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { usePoolChoices, useJobTypeChoices } from './api';
import { grantsFor } from './grants';
import { useSiteChoices } from './sites';
import type { Choice, Grants } from './user-form';

export const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.errorFetching);

/** Whether the signed-in administrator is a SiteAdmin with no trust-wide role (they reach their own site only). */
export function useSiteAdminOnly(): boolean {
  const { subject } = useSession();
  return subject !== null && subject.roles.includes('SiteAdmin') && !subject.roles.some((r) => r === 'SuperAdmin' || r === 'TrustAdmin');
}

/**
 * What the user form offers: the sites (a SiteAdmin's own only), what the administrator may give, the
 * trust's job types and outsourcing pools when they may read them (otherwise those are shown, not changed).
 */
export function useFormChoices(trustId: number | undefined) {
  const { subject, profile } = useSession();
  const siteAdminOnly = useSiteAdminOnly();
  const sites = useSiteChoices(profile, siteAdminOnly);
  const mayReadJobTypes = subject !== null && satisfies(subject, RULES.jobTypesList);
  const mayReadPools = subject !== null && satisfies(subject, RULES.outsource);
  const jobTypes = useJobTypeChoices(trustId, mayReadJobTypes);
  const pools = usePoolChoices(mayReadPools);
  const waiting = [sites, ...(mayReadJobTypes ? [jobTypes] : []), ...(mayReadPools ? [pools] : [])];
  const error = waiting.find((q) => q.isError)?.error ?? null;
  const loading = !error && waiting.some((q) => q.isPending);
  const lockedSite: Choice | undefined = siteAdminOnly && profile ? { id: profile.site.id, name: profile.site.name } : undefined;
  const grants: Grants = grantsFor(subject);
  return {
    sites: sites.data ?? [],
    lockedSite,
    grants,
    jobTypes: mayReadJobTypes ? (jobTypes.data ?? []).map((j) => ({ id: j.id, name: j.name })) : null,
    pools: mayReadPools ? (pools.data ?? []) : null,
    error,
    loading,
    ready: !error && !loading && subject !== null,
  };
}
