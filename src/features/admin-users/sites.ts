import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';
import type { Choice } from './user-form';

/**
 * The sites a user may be placed at and the list filtered by. A SiteAdmin: their own site. Others: the
 * contract has no list of a trust's sites yet (the trusts-and-sites slice brings one), so these are the
 * sites of the administrator's trust's users (the first 100 of every state) and their own.
 */
export function useSiteChoices(profile: UserProfile | null, ownSiteOnly: boolean) {
  const own: Choice | null = profile ? { id: profile.site.id, name: profile.site.name } : null;
  return useQuery({
    queryKey: ['admin-users', 'sites', own?.id, ownSiteOnly],
    queryFn: async (): Promise<Choice[]> => {
      if (ownSiteOnly) return own ? [own] : [];
      const { users } = await apiCall(E.users, {
        query: { active: 'all', paginate: 100, ...(profile ? { trust_id: profile.site.trust_id } : {}) },
        quiet: true,
      });
      const byId = new Map<number, string>(own ? [[own.id, own.name]] : []);
      for (const u of users.data) if (u.site_name) byId.set(u.site_id, u.site_name);
      return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: profile !== null,
    staleTime: 60_000,
    retry: false,
  });
}
