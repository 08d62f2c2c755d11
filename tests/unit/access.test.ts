import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  landingPath,
  ROUTES,
  satisfies,
  visibleNavItems,
  type AccessSubject,
  type NavItem,
  type RouteId,
} from '../../src/domain/access';
import type { Permission, Role } from '../../src/domain/roles';
import { adminReach, reaches } from '../../src/domain/admin-reach';

function subject(over: Partial<AccessSubject> = {}): AccessSubject {
  return { roles: [], permissions: [], isFirstLogin: false, amplify: true, scribeAssist: false, needsPin: false, siteTrustId: 7, ...over };
}

/**
 * The subjects of the matrix: one per role, one per permission with no role. All have both
 * applications, so the plus-variant redirect (tested on its own below) does not hide the rule.
 */
const SUBJECTS: Record<string, AccessSubject> = {
  SuperAdmin: subject({ roles: ['SuperAdmin'], scribeAssist: true }),
  TrustAdmin: subject({ roles: ['TrustAdmin'], scribeAssist: true }),
  SiteAdmin: subject({ roles: ['SiteAdmin'], scribeAssist: true }),
  Manager: subject({ roles: ['Manager'], scribeAssist: true }),
  Author: subject({ roles: ['Author'], scribeAssist: true }),
  Secretary: subject({ roles: ['Secretary'], scribeAssist: true }),
  ...Object.fromEntries(
    (
      [
        'dictation.view',
        'dictation.upload',
        'jobtypes',
        'jobtypes.create',
        'jobtypes.edit',
        'users',
        'groups',
        'departments',
      ] as Permission[]
    ).map((p) => [`perm:${p}`, subject({ permissions: [p], scribeAssist: true })]),
  ),
};
const ALL = Object.keys(SUBJECTS);

const SIGNED_IN = ALL;
/**
 * Spec §2 "Paths and access", written out by hand: who is let in to each guarded path. Subjects not
 * listed are denied (warning, stay where they were).
 */
const ALLOWED: Partial<Record<RouteId, string[]>> = {
  '/{-$tab}': ['SuperAdmin', 'Author', 'Manager', 'Secretary', 'perm:dictation.view'],
  '/password/change': SIGNED_IN,
  '/autotextpopup': SIGNED_IN,
  '/autotext': SIGNED_IN,
  '/knowledgebase': SIGNED_IN,
  '/audioplayer': SIGNED_IN,
  '/preference/{-$type}': SIGNED_IN,
  '/browse': SIGNED_IN,
  '/table': SIGNED_IN,
  '/uploaddictation': ['Manager', 'Secretary', 'perm:dictation.upload'],
  '/manualletter': ['Manager', 'Secretary'],
  '/recorddictation': ['Author'],
  '/record/$tab': ['Author'],
  '/draftdictation/$dictation': ['Author'],
  '/speechrecognition': ['Author'],
  '/encounter/{-$tab}': ['SuperAdmin', 'Author', 'Manager', 'Secretary', 'perm:dictation.view'],
  '/encounter/capture-encounter': ['Author'],
  '/dictation/$id': ['SuperAdmin', 'Manager', 'Author', 'Secretary'],
  // A push notification's click (issue 14): the bell's roles.
  '/notification/$id': ['Author', 'Secretary', 'Manager'],
  '/users': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'],
  '/users/create/$id': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'],
  '/users/update/$id': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'],
  // Spec §2 names the three administrators; holders of `groups` manage their trust's groups too (issue 25).
  '/groups': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'perm:groups'],
  '/audit': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'],
  '/trusts': ['SuperAdmin', 'TrustAdmin'],
  '/trusts/update/$id': ['SuperAdmin', 'TrustAdmin'],
  '/trust/config/$id': ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'perm:users', 'perm:groups', 'perm:jobtypes'],
  // Spec §2 names the permissions; a trust's administrators hold every permission within their reach (issue 25).
  '/job-types/list/$id': ['SuperAdmin', 'TrustAdmin', 'perm:jobtypes'],
  '/job-types/create/$id': ['SuperAdmin', 'TrustAdmin', 'perm:jobtypes.create'],
  '/job-types/update/$department/$jobtype': ['SuperAdmin', 'TrustAdmin', 'perm:jobtypes.edit'],
  '/departments': ['SuperAdmin', 'TrustAdmin', 'perm:departments', 'perm:jobtypes'],
  '/reusable': ['SuperAdmin'],
};
const PUBLIC: RouteId[] = [
  '/renderdocument',
  '/frontendsr',
  '/ssoauth',
  '/maintenance',
  '/password/reset/$token',
  '/region',
  '/plans',
  '/plans/success/{-$result}',
  '/plans/try_again',
  '/terms-and-conditions',
];
const GUEST_ONLY: RouteId[] = ['/login', '/password/forgot'];

describe('the matrix covers every route of the spec', () => {
  it('each route id is in exactly one group', () => {
    const covered = [...Object.keys(ALLOWED), ...PUBLIC, ...GUEST_ONLY, '/authenticate'].sort();
    expect(covered).toEqual(Object.keys(ROUTES).sort());
  });
});

describe.each(Object.entries(ALLOWED))('%s', (routeId, allowed) => {
  it.each(ALL)('for %s', (name) => {
    const expected = allowed!.includes(name) ? 'allow' : 'deny';
    expect(decideRoute(routeId as RouteId, SUBJECTS[name]!, 'plus').type).toBe(expected);
  });
  it('sends a guest to /login', () => {
    expect(decideRoute(routeId as RouteId, null, 'plus')).toEqual({ type: 'redirect', to: '/login' });
  });
});

describe('routes with no guard', () => {
  it.each(PUBLIC)('%s is open to guests and to every signed-in user', (routeId) => {
    expect(decideRoute(routeId, null, 'plus').type).toBe('allow');
    for (const s of Object.values(SUBJECTS)) expect(decideRoute(routeId, s, 'plus').type).toBe('allow');
  });
});

describe('guest-only routes', () => {
  it.each(GUEST_ONLY)('%s lets a guest in and sends a signed-in user to their landing page', (routeId) => {
    expect(decideRoute(routeId, null, 'plus').type).toBe('allow');
    expect(decideRoute(routeId, SUBJECTS.TrustAdmin!, 'plus')).toEqual({ type: 'redirect', to: '/trusts' });
    expect(decideRoute(routeId, SUBJECTS.Author!, 'plus')).toEqual({ type: 'redirect', to: '/AUTHOR_APPROVAL' });
  });
});

describe('second factor and first login', () => {
  const needsPin = subject({ roles: ['Author'], needsPin: true });
  it('a user who still needs the PIN goes to /authenticate from any guarded page', () => {
    expect(decideRoute('/{-$tab}', needsPin, 'plus')).toEqual({ type: 'redirect', to: '/authenticate' });
    expect(decideRoute('/password/change', needsPin, 'plus')).toEqual({ type: 'redirect', to: '/authenticate' });
    expect(decideRoute('/authenticate', needsPin, 'plus').type).toBe('allow');
    expect(decideRoute('/login', needsPin, 'plus')).toEqual({ type: 'redirect', to: '/authenticate' });
  });
  it('/authenticate sends a user with no PIN pending on to their landing page, a guest to /login', () => {
    expect(decideRoute('/authenticate', SUBJECTS.Manager!, 'plus')).toEqual({ type: 'redirect', to: '/READY_FOR_TYPING' });
    expect(decideRoute('/authenticate', null, 'plus')).toEqual({ type: 'redirect', to: '/login' });
  });
  it('a first-login user must change the password before any guarded page', () => {
    const first = subject({ roles: ['TrustAdmin'], isFirstLogin: true });
    expect(decideRoute('/trusts', first, 'plus')).toEqual({ type: 'redirect', to: '/password/change' });
    expect(decideRoute('/{-$tab}', subject({ roles: ['Secretary'], isFirstLogin: true }), 'plus')).toEqual({
      type: 'redirect',
      to: '/password/change',
    });
    expect(decideRoute('/password/change', first, 'plus').type).toBe('allow');
    expect(decideRoute('/login', first, 'plus')).toEqual({ type: 'redirect', to: '/password/change' });
  });
});

describe('variant rules', () => {
  const plusOnlyAuthor = subject({ roles: ['Author'], scribeAssist: false });
  it('plus-variant users are sent Home from the scribe routes', () => {
    expect(decideRoute('/encounter/{-$tab}', plusOnlyAuthor, 'plus')).toEqual({ type: 'redirect', to: '/AUTHOR_APPROVAL' });
    expect(decideRoute('/encounter/capture-encounter', plusOnlyAuthor, 'plus')).toEqual({ type: 'redirect', to: '/AUTHOR_APPROVAL' });
    expect(decideRoute('/encounter/{-$tab}', subject({ roles: ['Secretary'] }), 'plus')).toEqual({
      type: 'redirect',
      to: '/READY_FOR_TYPING',
    });
  });

  const scribeAllowed: RouteId[] = [
    '/encounter/{-$tab}',
    '/encounter/capture-encounter',
    '/preference/{-$type}',
    '/knowledgebase',
    '/password/change',
  ];
  it.each(Object.keys(ROUTES) as RouteId[])(
    'on the scribe host, %s is a scribe page, a sign-in page, or goes to SessionList',
    (routeId) => {
      const author = subject({ roles: ['Author'], scribeAssist: true, amplify: false });
      const d = decideRoute(routeId, author, 'scribe');
      if (scribeAllowed.includes(routeId)) expect(d.type).toBe('allow');
      else if (['/login', '/password/forgot', '/authenticate'].includes(routeId)) expect(d).toEqual({ type: 'redirect', to: '/encounter' });
      else if (['/password/reset/$token', '/maintenance'].includes(routeId)) expect(d.type).toBe('allow');
      else expect(d).toEqual({ type: 'redirect', to: '/encounter' });
    },
  );
});

describe('landing page after sign-in (spec §4 step 3)', () => {
  it.each<[string, Partial<AccessSubject>, string]>([
    ['SuperAdmin', { roles: ['SuperAdmin'] }, '/AUTHOR_APPROVAL'],
    ['TrustAdmin', { roles: ['TrustAdmin'] }, '/trusts'],
    ['SiteAdmin', { roles: ['SiteAdmin'], siteTrustId: 7 }, '/trust/config/7'],
    ['Manager', { roles: ['Manager'] }, '/READY_FOR_TYPING'],
    ['Secretary', { roles: ['Secretary'] }, '/READY_FOR_TYPING'],
    ['Secretary with saved status', { roles: ['Secretary'], savedStatus: 'BEING_TYPED' }, '/BEING_TYPED'],
    ['Author', { roles: ['Author'] }, '/AUTHOR_APPROVAL'],
    ['Author with saved status', { roles: ['Author'], savedStatus: 'SENT' }, '/SENT'],
    ['Author with both applications', { roles: ['Author'], scribeAssist: true, amplify: true }, '/AUTHOR_APPROVAL'],
    ['scribe-only Author', { roles: ['Author'], scribeAssist: true, amplify: false }, '/encounter'],
    ['permission-only user', { permissions: ['dictation.view'] }, '/AUTHOR_APPROVAL'],
  ])('%s → %s', (_name, over, expected) => {
    expect(landingPath(subject(over), 'plus')).toBe(expected);
  });
  it('everyone lands on SessionList on the scribe host', () => {
    expect(landingPath(subject({ roles: ['Manager'] }), 'scribe')).toBe('/encounter');
  });
});

describe('navigation icons (spec §6)', () => {
  const always: NavItem[] = ['profile', 'support', 'logout'];
  it.each<[string, Partial<AccessSubject>, NavItem[]]>([
    ['SuperAdmin', { roles: ['SuperAdmin'] }, ['home', 'trusts', 'resources', 'autotext']],
    ['TrustAdmin', { roles: ['TrustAdmin'] }, ['trusts', 'resources', 'autotext']],
    ['SiteAdmin', { roles: ['SiteAdmin'] }, ['siteAdmin', 'resources', 'autotext']],
    ['Manager', { roles: ['Manager'] }, ['home', 'upload', 'manualLetter', 'resources', 'autotext']],
    ['Secretary', { roles: ['Secretary'] }, ['home', 'upload', 'manualLetter', 'resources']],
    ['Author', { roles: ['Author'] }, ['home', 'record', 'resources']],
    ['Author with scribe_assist', { roles: ['Author'], scribeAssist: true }, ['home', 'scribe', 'record']],
    ['scribe-only Author', { roles: ['Author'], scribeAssist: true, amplify: false }, ['scribe', 'record']],
    ['Author without amplify', { roles: ['Author'], amplify: false }, ['record', 'resources']],
    ['permission users', { permissions: ['users'] }, ['siteAdmin', 'resources']],
    ['permission jobtypes', { permissions: ['jobtypes'] }, ['siteAdmin', 'resources']],
    ['permission dictation.view', { permissions: ['dictation.view'] }, ['home', 'resources']],
    ['permission dictation.upload', { permissions: ['dictation.upload'] }, ['upload', 'resources']],
  ])('%s sees %j plus profile, support and logout', (_name, over, expected) => {
    const shown = visibleNavItems(subject(over), 'plus');
    expect([...shown].sort()).toEqual([...expected, ...always].sort());
  });

  it('on the scribe host the AI scribe icon shows for everyone, and only scribe pages are offered', () => {
    expect(visibleNavItems(subject({ roles: ['Manager'], scribeAssist: true }), 'scribe').sort()).toEqual([
      'logout',
      'profile',
      'scribe',
      'support',
    ]);
  });
});

describe('rules combining roles and permissions', () => {
  const rule = { roles: ['Manager'] as Role[], permissions: ['dictation.upload'] as Permission[] };
  it('either/or lets in a user with the role or the permission', () => {
    expect(satisfies(subject({ roles: ['Manager'] }), rule)).toBe(true);
    expect(satisfies(subject({ permissions: ['dictation.upload'] }), rule)).toBe(true);
    expect(satisfies(subject({ roles: ['Author'] }), rule)).toBe(false);
  });
  it('both-required needs the role and the permission', () => {
    const both = { ...rule, mode: 'all' as const };
    expect(satisfies(subject({ roles: ['Manager'] }), both)).toBe(false);
    expect(satisfies(subject({ roles: ['Manager'], permissions: ['dictation.upload'] }), both)).toBe(true);
  });
});

describe('adminReach (issue 25)', () => {
  const home = { trustId: 1, siteId: 10 };
  it('gives SuperAdmin every trust, a TrustAdmin their trust, a SiteAdmin their site', () => {
    expect(adminReach({ roles: ['SuperAdmin'] }, home)).toEqual({ trustId: 'any', siteId: 'any' });
    expect(adminReach({ roles: ['TrustAdmin', 'SiteAdmin'] }, home)).toEqual({ trustId: 1, siteId: 'any' });
    expect(adminReach({ roles: ['SiteAdmin'] }, home)).toEqual({ trustId: 1, siteId: 10 });
    expect(adminReach({ roles: ['Manager'] }, home)).toEqual({ trustId: 1, siteId: 'any' });
  });
  it('reaches an object only within its trust, and a site-bound one only within the site', () => {
    const site = adminReach({ roles: ['SiteAdmin'] }, home);
    expect(reaches(site, { trustId: 1, siteId: 10 })).toBe(true);
    expect(reaches(site, { trustId: 1, siteId: 11 })).toBe(false);
    expect(reaches(site, { trustId: 1 })).toBe(true);
    expect(reaches(site, { trustId: 2 })).toBe(false);
    expect(reaches(adminReach({ roles: ['SuperAdmin'] }, home), { trustId: 2, siteId: 99 })).toBe(true);
  });
});
