import { satisfies, type AccessSubject, type Rule } from './access';

/**
 * What an external typist (a user of an outsourcing pool) may call: deny by default. They type the
 * dictations allocated to their pool and nothing else of the trust, so every API route not listed
 * here answers 403 for them, whatever their role would otherwise allow (patient lookup, the users
 * list, autotext admin, uploads, allocation, options, …). The listed routes still check each
 * dictation through canViewDictation, which shows them only their pool's OUTSOURCED work (404 else).
 * Routes open before the PIN (sign-in, sign-out, profile, PIN, password change) are not listed: the
 * hook does not restrict them. A signed link (audio, attachments) is held to this list too, for the
 * user it was made for: an attachment, which they cannot list, they cannot download either.
 * Shared with the client (`mayCall` below): a screen asks only what its user may see, so an
 * external typist's pages never ask for a list they would be refused.
 */
const ALLOWED: ReadonlySet<string> = new Set([
  // Their work queue: the OUTSOURCED tab and its count.
  'GET /api/dictation',
  'GET /api/dictation/counts',
  // One dictation of their pool: the page, its audio, the letter they type, the hand-off.
  'GET /api/dictation/:id',
  'GET /api/dictation/:id/audio',
  'GET /api/dictation/:id/letter',
  'PUT /api/dictation/:id/letter',
  'GET /api/dictation/:id/versions',
  'GET /api/dictation/:id/versions/:version',
  'POST /api/dictation/:id/claim',
  'POST /api/dictation/:id/transition',
  'GET /api/dictation/:id/comments',
  'POST /api/dictation/:id/comments',
  'GET /api/dictation/:id/logs',
  // The autotexts they may insert while typing (read only; no autotext admin).
  'GET /api/autotext/usable',
  // Their own preferences (columns, foot pedal, auto-rewind).
  'POST /api/preference/:id',
  // Live lists: their OUTSOURCED tab refreshes when their pool's work changes (issue 14).
  'GET /api/events',
  // Their own notifications (the bell, spec §6: Secretary): addressed to them alone, with no patient data
  // (notification-events.ts); the dictation a notification names still answers 404 unless it is theirs.
  'GET /api/notification',
  'GET /api/notification/notification_count',
  'POST /api/notification/mark_as_read',
  'POST /api/notification/read_push_notif',
  // The knowledge base (issue 25): the global articles only (the service leaves out the trust's own).
  'GET /api/knowledge-base',
  'GET /api/knowledge-base/:id',
]);

export function outsourcedMayCall(method: string, routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && ALLOWED.has(`${method.toUpperCase()} ${routeUrl}`);
}

/**
 * Whether a caller may call a route (issue 23: every screen asks only what its user may see): the route's
 * rule, and for an external typist only the routes of their own work. The server's request hook and the
 * print link apply it as it is, the client before asking. `route` is `'GET /api/users'`; null for the
 * routes open before the PIN, which the list does not restrict. Here, not in access.ts, so the list of
 * routes loads with the screens that ask, not with the sign-in page.
 */
export function mayCall(subject: AccessSubject, rule: Rule | undefined, route: string | null): boolean {
  if (rule && !satisfies(subject, rule)) return false;
  if (subject.outsourcingPoolId === null || subject.outsourcingPoolId === undefined || route === null) return true;
  const [method = '', url = ''] = route.split(' ');
  return outsourcedMayCall(method, url);
}
