/** A failed call from the outbox: the HTTP status (0 for no answer), words for the user and the answer's body. */
export class TransportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The JSON the server answered with (a 409 letter conflict carries the server's copy). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}
