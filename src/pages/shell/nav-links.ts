import { defaultHomeTab, type AccessSubject, type NavItem } from '../../domain/access';
import type { UserProfile } from '../../domain/contract';

/** Where the site has neither a support link nor an e-mail, support is the knowledge base's help page. */
export const DEFAULT_SUPPORT_PATH = '/knowledgebase';

export const NAV_LABELS: Record<NavItem, string> = {
  home: 'Home',
  scribe: 'AI scribe',
  record: 'Record',
  upload: 'Upload',
  manualLetter: 'Manual letter',
  trusts: 'Trusts',
  siteAdmin: 'Site admin',
  profile: 'Profile',
  resources: 'Resources',
  support: 'Support',
  autotext: 'Autotext',
  logout: 'Log out',
};

export function supportHref(site: UserProfile['site']): string {
  if (site.support_link) return site.support_link;
  if (site.support_email) return `mailto:${site.support_email}`;
  return DEFAULT_SUPPORT_PATH;
}

export function navHref(item: Exclude<NavItem, 'logout'>, subject: AccessSubject, profile: UserProfile): string {
  switch (item) {
    case 'home':
      return `/${defaultHomeTab(subject)}`;
    case 'scribe':
      return '/encounter';
    case 'record':
      return '/recorddictation';
    case 'upload':
      return '/uploaddictation';
    case 'manualLetter':
      return '/manualletter';
    case 'trusts':
      return '/trusts';
    case 'siteAdmin':
      return `/trust/config/${subject.siteTrustId}`;
    case 'profile':
      return '/preference';
    case 'resources':
      return '/knowledgebase';
    case 'autotext':
      return '/autotext';
    case 'support':
      return supportHref(profile.site);
  }
}

export function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}
