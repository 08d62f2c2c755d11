/** Part of `API_PATHS` (paths.ts re-exports it): the session's addresses, called from the app's entry. */
export const SESSION_PATHS = {
  login: '/api/login',
  logout: '/api/logout',
  user: '/api/user',
} as const;
