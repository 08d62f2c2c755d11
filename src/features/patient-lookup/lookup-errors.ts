import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';

/** What a failed lookup tells the typist: the server's words, or that a lookup needs a connection. */
export function lookupErrorText(error: unknown): string {
  if (error instanceof HttpError) return error.isNetwork ? MESSAGES.patientLookupOffline : error.message;
  return MESSAGES.errorFetching;
}

/** Field errors of a refused search (422), for the form. */
export function lookupFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof HttpError) || error.status !== 422) return {};
  return Object.keys(error.fields).length ? error.fields : { _: [error.message] };
}
