/**
 * Part of the catalogue (`MESSAGES` in messages.ts re-exports it): the words of a call that failed, from
 * the API client and from the outbox and uploads in the service worker. Its own module so the first load
 * and sw.js carry these, not the whole catalogue (issue 8).
 */
export const TRANSPORT_MESSAGES = {
  errorFetching: 'Error fetching your request',
  serverError: 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
  offline: 'You are offline. Showing what was saved on this device.',
  // ours: a form's summary when the server's message is already shown beside the field it is about
  checkFields: 'Check the field marked below.',
  // ours: recordings on the device
  outboxNoConnection: 'No connection: it will be sent when the network is back.',
} as const;
