import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../src/domain/access';
import { decideRoute, landingPath, visibleNavItems } from '../../src/domain/access';
import { searchResultAction } from '../../src/domain/click-rules';
import { canViewDictation } from '../../src/domain/dictation-access';
import { canEditLetter, checkHandOff, letterReadOnlyReason, sendsToQa } from '../../src/domain/letter-access';
import { DICTATION_STATUSES } from '../../src/domain/statuses';
import { outsourcedMayCall } from '../../src/domain/outsourced-calls';

const ME = 7;
const OTHER = 8;
const POOL = 3;

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  roles: ['Secretary'],
  permissions: [],
  isFirstLogin: false,
  amplify: true,
  scribeAssist: false,
  needsPin: false,
  siteTrustId: 1,
  ...over,
});
const external = subject({ outsourcingPoolId: POOL });
const owned = { authorId: OTHER, createdBy: OTHER, assignedTo: null, isConfidential: false };

describe('what an external typist sees', () => {
  it('only their pool’s OUTSOURCED dictations', () => {
    for (const status of DICTATION_STATUSES) {
      expect(canViewDictation(external, ME, { ...owned, status, outsourcingPoolId: POOL })).toBe(status === 'OUTSOURCED');
      expect(canViewDictation(external, ME, { ...owned, status, outsourcingPoolId: POOL + 1 })).toBe(false);
    }
    // Told nothing of the pool (a caller that does not pass it): not seen.
    expect(canViewDictation(external, ME, { ...owned, assignedTo: ME, status: 'OUTSOURCED' })).toBe(false);
    // The trust's own Secretary still sees the trust's work.
    expect(canViewDictation(subject(), ME, { ...owned, status: 'READY_FOR_TYPING' })).toBe(true);
  });

  it('lands on their queue, opens only their own pages, and sees no trust navigation', () => {
    expect(landingPath(external)).toBe('/OUTSOURCED');
    expect(decideRoute('/{-$tab}', external, 'plus').type).toBe('allow');
    expect(decideRoute('/dictation/$id', external, 'plus').type).toBe('allow');
    for (const route of ['/uploaddictation', '/manualletter', '/autotext', '/browse', '/table', '/audioplayer'] as const)
      expect(decideRoute(route, external, 'plus').type, route).toBe('deny');
    expect(visibleNavItems(external, 'plus')).toEqual(['home', 'profile', 'resources', 'support', 'logout']);
  });

  it('opens (not just views the details of) their pool’s work nobody else has taken', () => {
    const me = { roles: ['Secretary' as const], userId: ME, outsourcingPoolId: POOL };
    expect(searchResultAction(me, { status: 'OUTSOURCED', assignedTo: null }).kind).toBe('confirm_open');
    expect(searchResultAction(me, { status: 'OUTSOURCED', assignedTo: ME }).kind).toBe('confirm_open');
    expect(searchResultAction(me, { status: 'OUTSOURCED', assignedTo: OTHER }).kind).toBe('details');
    expect(searchResultAction({ roles: ['Secretary'], userId: ME }, { status: 'OUTSOURCED', assignedTo: null }).kind).toBe('details');
  });

  it('reaches only the API routes of their own work', () => {
    expect(outsourcedMayCall('GET', '/api/dictation')).toBe(true);
    expect(outsourcedMayCall('put', '/api/dictation/:id/letter')).toBe(true);
    for (const [m, u] of [
      ['GET', '/api/patients'],
      ['GET', '/api/users'],
      ['POST', '/api/dictation/allocate'],
      ['PATCH', '/api/dictation/:id/details'],
      ['GET', '/api/autotext'],
    ])
      expect(outsourcedMayCall(m!, u), `${m} ${u}`).toBe(false);
    expect(outsourcedMayCall('GET', undefined)).toBe(false);
  });
});

describe('who types an outsourced letter', () => {
  const ext = { userId: ME, roles: ['Secretary' as const], outsourcingPoolId: POOL };
  const inHouse = { userId: ME, roles: ['Secretary' as const] };
  const d = (assignedTo: number | null, pool = POOL) => ({
    status: 'OUTSOURCED' as const,
    authorId: OTHER,
    assignedTo,
    outsourcingPoolId: pool,
  });

  it('the external typist who opened it, and nobody else', () => {
    expect(canEditLetter(ext, d(ME))).toBe(true);
    expect(canEditLetter(ext, d(null))).toBe(false);
    expect(canEditLetter(ext, d(OTHER))).toBe(false);
    expect(canEditLetter(ext, d(ME, POOL + 1))).toBe(false);
    expect(canEditLetter(inHouse, d(ME))).toBe(false);
    // Nor anything the trust types in-house.
    expect(canEditLetter(ext, { status: 'BEING_TYPED', authorId: OTHER, assignedTo: ME, outsourcingPoolId: POOL })).toBe(false);
  });

  it('says why the letter is read-only', () => {
    const people = { author: 'Daniel Reid', assignee: 'Kim Lowe' };
    expect(letterReadOnlyReason(ext, d(OTHER), people)).toBe('Being typed by Kim Lowe');
    expect(letterReadOnlyReason(ext, d(null), { ...people, assignee: null })).toBe('Nobody is typing this dictation yet');
    expect(letterReadOnlyReason(inHouse, d(null), { ...people, assignee: null })).toBe('With outsourced typing');
  });

  it('sends it back for review only when typing it', () => {
    expect(checkHandOff(ext, d(ME), 'outsourced_done')).toEqual({ ok: true });
    expect(checkHandOff(ext, d(null), 'outsourced_done')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkHandOff(inHouse, d(ME), 'outsourced_done')).toEqual({ ok: false, why: 'not_allowed' });
    expect(checkHandOff(ext, d(ME), 'release').ok).toBe(false);
  });
});

describe('where "Send for approval" takes a letter, as the page tells the typist', () => {
  const typing = { status: 'BEING_TYPED' as const, authorId: OTHER, assignedTo: ME };
  it('QA review for a trainee or a job type with QA; the author otherwise', () => {
    expect(sendsToQa({ userId: ME, roles: ['Secretary'], qaRequired: true }, typing)).toBe(true);
    expect(sendsToQa({ userId: ME, roles: ['Secretary'] }, { ...typing, jobTypeQaRequired: true })).toBe(true);
    expect(sendsToQa({ userId: ME, roles: ['Secretary'] }, typing)).toBe(false);
    expect(sendsToQa({ userId: ME, roles: ['Secretary'], qaRequired: true }, { ...typing, status: 'OUTSOURCED_REVIEW' })).toBe(false);
  });
});
