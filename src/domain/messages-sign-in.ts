/**
 * Part of the catalogue (`MESSAGES` in messages.ts re-exports it): the words the sign-in pages, every
 * route's guard and the router's not-found page show. Its own module so the first load carries these, not
 * the whole catalogue (issue 8).
 */
export const SIGN_IN_MESSAGES = {
  permissionDenied: "You don't have permission to view this page. Contact the administrator for assistance..",
  incorrectPin: 'Incorrect pin',
  pinExpired: 'Your PIN has expired. Set a new one now for continued access.',
  notFound: 'The page you are looking for does not exist.',
} as const;
