/**
 * Who may open what: spec §2 "Paths and access", variant rules, landing rules (§4 Authentication)
 * and navigation visibility (§6). Pure; used by the client's route guards and navigation and by the
 * server's authorization of every endpoint.
 */
import type { Permission, Role } from './roles';
import type { UserProfile } from './contract/user';
import type { HomeTab } from './statuses';
import { DEFAULT_SCRIBE_HOST_PREFIX } from './limits';

/** What access decisions need to know about a signed-in user. */
export interface AccessSubject {
  roles: readonly Role[];
  permissions: readonly Permission[];
  isFirstLogin: boolean;
  /** The dictation (plus) application is enabled for the user. */
  amplify: boolean;
  /** The user has the scribe_assist application type. */
  scribeAssist: boolean;
  /** The site has the second factor on and this session has not verified the PIN yet. */
  needsPin: boolean;
  siteTrustId: number;
  savedStatus?: HomeTab;
  /** An external typist's outsourcing pool (issue 12): they see that pool's work and nothing else. */
  outsourcingPoolId?: number | null;
}

export type Variant = 'plus' | 'scribe';

/** A rule is met when the user has any listed role or any listed permission (`any`), or both (`all`). */
export interface Rule {
  roles?: readonly Role[];
  permissions?: readonly Permission[];
  mode?: 'any' | 'all';
}

export function satisfies(subject: AccessSubject, rule: Rule): boolean {
  const roleOk = !rule.roles?.length ? null : rule.roles.some((r) => subject.roles.includes(r));
  const permOk = !rule.permissions?.length ? null : rule.permissions.some((p) => subject.permissions.includes(p));
  if (roleOk === null && permOk === null) return true;
  if (rule.mode === 'all') return roleOk !== false && permOk !== false;
  return roleOk === true || permOk === true;
}

export const RULES = {
  home: { roles: ['SuperAdmin', 'Author', 'Manager', 'Secretary'], permissions: ['dictation.view'] },
  upload: { roles: ['Manager', 'Secretary'], permissions: ['dictation.upload'] },
  manualLetter: { roles: ['Manager', 'Secretary'] },
  authorOnly: { roles: ['Author'] },
  encounter: { roles: ['SuperAdmin', 'Author', 'Manager', 'Secretary'], permissions: ['dictation.view'] },
  dictation: { roles: ['SuperAdmin', 'Manager', 'Author', 'Secretary'] },
  userAdmin: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'] },
  trusts: { roles: ['SuperAdmin', 'TrustAdmin'] },
  trustConfig: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'], permissions: ['users', 'groups', 'jobtypes'] },
  /**
   * Job types and departments: spec §2 gives them to permission holders; a trust's administrators (and
   * SuperAdmin) hold every permission within their reach (issue 25), or nobody could set up a new trust.
   */
  jobTypesList: { roles: ['SuperAdmin', 'TrustAdmin'], permissions: ['jobtypes'] },
  jobTypesCreate: { roles: ['SuperAdmin', 'TrustAdmin'], permissions: ['jobtypes.create'] },
  jobTypesEdit: { roles: ['SuperAdmin', 'TrustAdmin'], permissions: ['jobtypes.edit'] },
  departments: { roles: ['SuperAdmin', 'TrustAdmin'], permissions: ['departments', 'jobtypes'] },
  /**
   * Groups (issue 25): spec §2 gives /groups to SuperAdmin, TrustAdmin and SiteAdmin; holders of the
   * permission `groups` manage their trust's groups too. Reach and "nobody grants what they do not hold":
   * src/domain/group-grants.ts.
   */
  groups: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'], permissions: ['groups'] },
  /** Writing knowledge base articles: SuperAdmin the global ones, a TrustAdmin their trust's (issue 25). */
  knowledgeBaseEdit: { roles: ['SuperAdmin', 'TrustAdmin'] },
  /** The audit viewer (issue 25): a trust's administrators, a SiteAdmin for their site. */
  audit: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'] },
  superAdmin: { roles: ['SuperAdmin'] },
  /**
   * The services, job types and authors of the trust (GET /api/dictation-options): the details form of
   * whoever creates dictations, and the Author, Department and Document type filters of whoever has lists.
   */
  dictationOptions: { roles: ['SuperAdmin', 'Author', 'Manager', 'Secretary'], permissions: ['dictation.view', 'dictation.upload'] },
  /** Creating a dictation: an Author recording, or whoever may open the upload page. */
  createDictation: { roles: ['Author', 'Manager', 'Secretary'], permissions: ['dictation.upload'] },
  /** Reading one dictation and its audio (the /dictation/:id row, and the dictation.view permission). */
  viewDictation: { roles: ['SuperAdmin', 'Manager', 'Author', 'Secretary'], permissions: ['dictation.view'] },
  /** Reading the users of a site: admins, and Secretary/Manager for the authors list (spec §6). */
  usersRead: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'Manager', 'Secretary'], permissions: ['users'] },
  /** Administering users (issue 25): the admins of spec §2's /users, and holders of the permission `users` within their trust. */
  usersAdmin: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'], permissions: ['users'] },
  search: { roles: ['SuperAdmin', 'Manager', 'Author', 'Secretary'] },
  notificationBell: { roles: ['Author', 'Secretary', 'Manager'] },
  confidentialMarking: { roles: ['Manager', 'Author'] },
  clinicianFilter: { roles: ['Secretary', 'Manager'] },
  /** Letters out (issue 13): the print queue and resending a failed delivery. */
  distribution: { roles: ['Secretary', 'Manager'] },
  /** The stuck-letter count and list (issue 13): the trust's managers. */
  stuckLetters: { roles: ['Manager', 'SuperAdmin'] },
  /** A trust's distribution settings (issue 13): its administrators; SuperAdmin for any trust. */
  distributionSettings: { roles: ['TrustAdmin', 'SuperAdmin'] },
  /** Standing delegations of approval (issue 22): the trust's administrators, a SiteAdmin for their site. */
  delegations: { roles: ['TrustAdmin', 'SuperAdmin', 'SiteAdmin'] },
  /** Who types: the dictation page's claim is theirs (a SuperAdmin moves work from the queue, never types). */
  typing: { roles: ['Secretary', 'Manager'] },
  /** Taking over a dictation another typist holds. */
  takeOver: { roles: ['Manager'] },
  /** Who may approve at all: an author their own, a Secretary or Manager under secretarial cover. */
  approve: { roles: ['Author', 'Secretary', 'Manager'] },
  /** Who allocates work to an outsourcing pool: the workflow table's `outsource` actors. */
  outsource: { roles: ['Manager', 'SuperAdmin'] },
  autotextNav: { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'Manager'] },
  siteAdminNav: { roles: ['SiteAdmin'], permissions: ['users', 'groups', 'jobtypes'] },
} as const satisfies Record<string, Rule>;

type RouteAccess =
  /** No guard at all. */
  | { kind: 'public' }
  /** Guests only; a signed-in user goes to their landing page. */
  | { kind: 'guest' }
  /** Any signed-in user. */
  | { kind: 'signedIn' }
  | { kind: 'rule'; rule: Rule };

interface RouteEntry {
  access: RouteAccess;
  /** Reachable before the PIN is verified (the PIN screen itself). */
  beforePin?: boolean;
  /** Reachable by a first-login user who has not changed the password yet. */
  beforePasswordChange?: boolean;
  /** Allowed on the AI scribe host. */
  scribeHost?: boolean;
  /** Scribe route: users of the plus variant only are sent Home. */
  scribeRoute?: boolean;
  /** Rendered without the main chrome (spec §2 Layout). */
  plain?: boolean;
}

/** Keys are TanStack route ids; each mirrors a row of spec §2 "Paths and access". */
export const ROUTES = {
  '/{-$tab}': { access: { kind: 'rule', rule: RULES.home } },
  '/authenticate': { access: { kind: 'signedIn' }, beforePin: true, beforePasswordChange: true, scribeHost: true, plain: true },
  '/login': { access: { kind: 'guest' }, scribeHost: true, plain: true },
  '/password/forgot': { access: { kind: 'guest' }, scribeHost: true, plain: true },
  '/password/reset/$token': { access: { kind: 'public' }, scribeHost: true, plain: true },
  '/password/change': { access: { kind: 'signedIn' }, beforePasswordChange: true, scribeHost: true },
  '/autotextpopup': { access: { kind: 'signedIn' }, plain: true },
  '/autotext': { access: { kind: 'signedIn' } },
  '/knowledgebase': { access: { kind: 'signedIn' }, scribeHost: true },
  '/audioplayer': { access: { kind: 'signedIn' } },
  '/preference/{-$type}': { access: { kind: 'signedIn' }, scribeHost: true },
  '/browse': { access: { kind: 'signedIn' } },
  '/uploaddictation': { access: { kind: 'rule', rule: RULES.upload } },
  '/manualletter': { access: { kind: 'rule', rule: RULES.manualLetter } },
  '/recorddictation': { access: { kind: 'rule', rule: RULES.authorOnly } },
  '/record/$tab': { access: { kind: 'rule', rule: RULES.authorOnly } },
  '/draftdictation/$dictation': { access: { kind: 'rule', rule: RULES.authorOnly } },
  '/speechrecognition': { access: { kind: 'rule', rule: RULES.authorOnly } },
  '/renderdocument': { access: { kind: 'public' } },
  '/frontendsr': { access: { kind: 'public' } },
  '/ssoauth': { access: { kind: 'public' } },
  '/maintenance': { access: { kind: 'public' }, scribeHost: true, plain: true },
  '/encounter/{-$tab}': { access: { kind: 'rule', rule: RULES.encounter }, scribeHost: true, scribeRoute: true },
  '/encounter/capture-encounter': { access: { kind: 'rule', rule: RULES.authorOnly }, scribeHost: true, scribeRoute: true },
  '/dictation/$id': { access: { kind: 'rule', rule: RULES.dictation } },
  /** A push notification's click (issue 14): resolved there by the click rule of spec §4. */
  '/notification/$id': { access: { kind: 'rule', rule: RULES.notificationBell } },
  '/users': { access: { kind: 'rule', rule: RULES.userAdmin } },
  '/users/create/$id': { access: { kind: 'rule', rule: RULES.userAdmin } },
  '/users/update/$id': { access: { kind: 'rule', rule: RULES.userAdmin } },
  '/trusts': { access: { kind: 'rule', rule: RULES.trusts } },
  '/trusts/update/$id': { access: { kind: 'rule', rule: RULES.trusts } },
  '/trust/config/$id': { access: { kind: 'rule', rule: RULES.trustConfig } },
  '/job-types/list/$id': { access: { kind: 'rule', rule: RULES.jobTypesList } },
  '/job-types/create/$id': { access: { kind: 'rule', rule: RULES.jobTypesCreate } },
  '/job-types/update/$department/$jobtype': { access: { kind: 'rule', rule: RULES.jobTypesEdit } },
  '/departments': { access: { kind: 'rule', rule: RULES.departments } },
  '/groups': { access: { kind: 'rule', rule: RULES.groups } },
  /** The audit viewer (issue 25). */
  '/audit': { access: { kind: 'rule', rule: RULES.audit } },
  '/reusable': { access: { kind: 'rule', rule: RULES.superAdmin } },
  '/table': { access: { kind: 'signedIn' } },
  '/region': { access: { kind: 'public' }, plain: true },
  '/plans': { access: { kind: 'public' }, plain: true },
  '/plans/success/{-$result}': { access: { kind: 'public' }, plain: true },
  '/plans/try_again': { access: { kind: 'public' }, plain: true },
  '/terms-and-conditions': { access: { kind: 'public' }, plain: true },
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof ROUTES;

export type RouteDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Show MESSAGES.permissionDenied and stay where the user was. */
  | { type: 'deny' };

export const SESSION_LIST_PATH = '/encounter';

function entryOf(routeId: RouteId): RouteEntry {
  return ROUTES[routeId];
}

/** A guests-only page (the sign-in pages): without a session it is allowed, whatever else is true. */
export function isGuestRoute(routeId: RouteId): boolean {
  return entryOf(routeId).access.kind === 'guest';
}

/** A user of the plus variant only: no scribe_assist application. */
export function isPlusOnlyUser(subject: AccessSubject): boolean {
  return !subject.scribeAssist;
}

export function isScribeOnlyAuthor(subject: AccessSubject): boolean {
  return subject.roles.includes('Author') && subject.scribeAssist && !subject.amplify;
}

/** Spec §4 Authentication step 3, and the scribe host sending everything to SessionList. */
export function landingPath(subject: AccessSubject, variant: Variant = 'plus'): string {
  if (variant === 'scribe' || isScribeOnlyAuthor(subject)) return SESSION_LIST_PATH;
  if (isOutsourced(subject)) return '/OUTSOURCED';
  if (subject.roles.includes('TrustAdmin')) return '/trusts';
  if (subject.roles.includes('SiteAdmin')) return `/trust/config/${subject.siteTrustId}`;
  if (subject.roles.includes('Author')) return `/${subject.savedStatus ?? 'AUTHOR_APPROVAL'}`;
  if (subject.roles.includes('Secretary') || subject.roles.includes('Manager')) {
    return `/${subject.savedStatus ?? 'READY_FOR_TYPING'}`;
  }
  return `/${subject.savedStatus ?? 'AUTHOR_APPROVAL'}`;
}

/**
 * The guard of every route. Order: variant host, guests, sign-in, PIN, first-login password change,
 * plus-variant users on scribe routes, then the route's own rule.
 */
export function decideRoute(routeId: RouteId, subject: AccessSubject | null, variant: Variant): RouteDecision {
  const entry = entryOf(routeId);
  if (variant === 'scribe' && !entry.scribeHost) return { type: 'redirect', to: SESSION_LIST_PATH };
  const { access } = entry;
  if (access.kind === 'public') return { type: 'allow' };
  if (access.kind === 'guest') return subject ? { type: 'redirect', to: entryPoint(subject, variant) } : { type: 'allow' };
  if (!subject) return { type: 'redirect', to: '/login' };
  if (subject.needsPin && !entry.beforePin) return { type: 'redirect', to: '/authenticate' };
  if (!subject.needsPin && routeId === '/authenticate') return { type: 'redirect', to: entryPoint(subject, variant) };
  if (subject.isFirstLogin && !entry.beforePasswordChange) return { type: 'redirect', to: '/password/change' };
  if (entry.scribeRoute && variant === 'plus' && isPlusOnlyUser(subject)) {
    return { type: 'redirect', to: landingPath({ ...subject, scribeAssist: false }, 'plus') };
  }
  if (access.kind === 'rule' && !satisfies(subject, access.rule)) return { type: 'deny' };
  if (isOutsourced(subject) && !OUTSOURCED_ROUTES.includes(routeId)) return { type: 'deny' };
  return { type: 'allow' };
}

/** An external typist of an outsourcing pool (issue 12). */
const isOutsourced = (subject: AccessSubject) => subject.outsourcingPoolId !== null && subject.outsourcingPoolId !== undefined;

/** The pages an external typist may open: their OUTSOURCED queue, the dictation they type, their own settings. */
const OUTSOURCED_ROUTES: readonly RouteId[] = [
  '/{-$tab}',
  '/dictation/$id',
  '/notification/$id',
  '/autotextpopup',
  '/preference/{-$type}',
  '/password/change',
  '/authenticate',
  '/knowledgebase',
];

/** Where a signed-in user goes when they arrive or sign in: PIN first, then password change, then landing. */
export function entryPoint(subject: AccessSubject, variant: Variant): string {
  if (subject.needsPin) return '/authenticate';
  if (subject.isFirstLogin) return '/password/change';
  return landingPath(subject, variant);
}

export function isPlainLayout(pathname: string, subject: AccessSubject | null): boolean {
  if (subject?.isFirstLogin) return true;
  return /plans|region|terms-and-conditions|autotextpopup/.test(pathname);
}

export function isDarkTheme(pathname: string, variant: Variant): boolean {
  return variant === 'scribe' || pathname.includes('encounter');
}

export function variantForHost(hostname: string, scribePrefix: string = DEFAULT_SCRIBE_HOST_PREFIX): Variant {
  return hostname.toLowerCase().startsWith(scribePrefix.toLowerCase()) ? 'scribe' : 'plus';
}

export type NavItem =
  | 'home'
  | 'scribe'
  | 'record'
  | 'upload'
  | 'manualLetter'
  | 'trusts'
  | 'siteAdmin'
  | 'profile'
  | 'resources'
  | 'support'
  | 'autotext'
  | 'logout';

/** The route each navigation icon opens; `support` is an external link and `logout` an action. */
export const NAV_TARGETS: Record<Exclude<NavItem, 'support' | 'logout'>, RouteId> = {
  home: '/{-$tab}',
  scribe: '/encounter/{-$tab}',
  record: '/recorddictation',
  upload: '/uploaddictation',
  manualLetter: '/manualletter',
  trusts: '/trusts',
  siteAdmin: '/trust/config/$id',
  profile: '/preference/{-$type}',
  resources: '/knowledgebase',
  autotext: '/autotext',
};

/** Spec §6 navigation table. */
function navRule(item: NavItem, subject: AccessSubject, variant: Variant): boolean {
  switch (item) {
    case 'home':
      return satisfies(subject, RULES.home) && subject.amplify;
    case 'scribe':
      return (subject.roles.includes('Author') && subject.scribeAssist) || variant === 'scribe';
    case 'record':
      return satisfies(subject, RULES.authorOnly);
    case 'upload':
      return satisfies(subject, RULES.upload);
    case 'manualLetter':
      return satisfies(subject, RULES.manualLetter);
    case 'trusts':
      return satisfies(subject, RULES.trusts);
    case 'siteAdmin':
      return satisfies(subject, RULES.siteAdminNav);
    case 'autotext':
      return satisfies(subject, RULES.autotextNav);
    case 'resources':
      return !subject.scribeAssist;
    case 'profile':
    case 'support':
    case 'logout':
      return true;
  }
}

export const NAV_ORDER: readonly NavItem[] = [
  'home',
  'scribe',
  'record',
  'upload',
  'manualLetter',
  'trusts',
  'siteAdmin',
  'profile',
  'resources',
  'support',
  'autotext',
  'logout',
];

/** Icons shown: the §6 rule holds and, where the icon opens a route, that route would let the user in. */
export function visibleNavItems(subject: AccessSubject, variant: Variant): NavItem[] {
  return NAV_ORDER.filter((item) => {
    if (!navRule(item, subject, variant)) return false;
    if (item === 'support' || item === 'logout') return true;
    return decideRoute(NAV_TARGETS[item], subject, variant).type === 'allow';
  });
}

export function subjectFromProfile(profile: UserProfile): AccessSubject {
  return {
    roles: profile.roles.map((r) => r.name),
    permissions: profile.permissions.map((p) => p.code),
    isFirstLogin: profile.is_first_login,
    amplify: profile.amplify,
    scribeAssist: profile.scribe_assist,
    needsPin: profile.site.mfa && !profile.pin.verified,
    siteTrustId: profile.site.trust_id,
    savedStatus: profile.preferences.profile.status,
    outsourcingPoolId: profile.outsourcing_pool_id ?? null,
  };
}

/** The Home tab a user sees at `/`: saved status, else AUTHOR_APPROVAL for authors, READY_FOR_TYPING for others. */
export function defaultHomeTab(subject: AccessSubject): HomeTab {
  if (isOutsourced(subject)) return 'OUTSOURCED';
  if (subject.savedStatus) return subject.savedStatus;
  if (subject.roles.includes('Author') || subject.roles.includes('SuperAdmin')) return 'AUTHOR_APPROVAL';
  if (subject.roles.includes('Secretary') || subject.roles.includes('Manager')) return 'READY_FOR_TYPING';
  return 'AUTHOR_APPROVAL';
}
