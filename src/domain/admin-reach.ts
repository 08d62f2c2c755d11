import type { AccessSubject } from './access';

/**
 * Which objects an administrator reaches (issue 25), after the endpoint's rule let them in: SuperAdmin
 * every trust; anyone else their own trust; a SiteAdmin (with no trust-wide role) only their own site's
 * site-bound objects (users, groups, the site itself). Another trust's object is a 404, never a 403.
 */
export interface AdminReach {
  trustId: number | 'any';
  siteId: number | 'any';
}

export function adminReach(subject: Pick<AccessSubject, 'roles'>, home: { trustId: number; siteId: number }): AdminReach {
  if (subject.roles.includes('SuperAdmin')) return { trustId: 'any', siteId: 'any' };
  if (subject.roles.includes('TrustAdmin')) return { trustId: home.trustId, siteId: 'any' };
  if (subject.roles.includes('SiteAdmin')) return { trustId: home.trustId, siteId: home.siteId };
  return { trustId: home.trustId, siteId: 'any' };
}

/** Whether an object of this trust (and, when site-bound, of this site) is within reach. */
export function reaches(reach: AdminReach, object: { trustId: number; siteId?: number | null }): boolean {
  if (reach.trustId !== 'any' && object.trustId !== reach.trustId) return false;
  if (reach.siteId === 'any' || object.siteId === undefined || object.siteId === null) return true;
  return object.siteId === reach.siteId;
}
