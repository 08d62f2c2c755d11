/** A failed call from the outbox: the HTTP status (0 for no answer) and words for the user. */
export class TransportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
