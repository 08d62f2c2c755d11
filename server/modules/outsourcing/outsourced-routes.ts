/**
 * What an external typist (a user of an outsourcing pool) may call: deny by default. They type the
 * dictations allocated to their pool and nothing else of the trust, so every API route not listed
 * here answers 403 for them, whatever their role would otherwise allow (patient lookup, the users
 * list, autotext admin, uploads, allocation, options, …). The listed routes still check each
 * dictation through canViewDictation, which shows them only their pool's OUTSOURCED work (404 else).
 * Routes open before the PIN (sign-in, sign-out, profile, PIN, password change) are not listed: the
 * hook does not restrict them.
 */
const ALLOWED: ReadonlySet<string> = new Set([
  // Their work queue: the OUTSOURCED tab and its count.
  'GET /api/dictation',
  'GET /api/dictation/counts',
  // One dictation of their pool: the page, its audio, the letter they type, the hand-off.
  'GET /api/dictation/:id',
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
]);

export function outsourcedMayCall(method: string, routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && ALLOWED.has(`${method.toUpperCase()} ${routeUrl}`);
}
