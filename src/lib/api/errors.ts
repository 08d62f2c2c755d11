import type { ErrorCode } from '../../domain/contract/errors';

/**
 * The error catalogue of spec §8 in one place: what the app does for each kind of failed call.
 * Pure: the effects (navigate, toast, wipe) are carried out by the API client's effect handler.
 */
export type ErrorAction =
  | { kind: 'maintenance' }
  /** 401: clear all local data, log out, go to /login. */
  | { kind: 'signedOut' }
  /** 403 'expired': the PIN verification lapsed; clear PINs, go to /authenticate. */
  | { kind: 'pinVerificationExpired' }
  /** 403 'Unauthorized' on the user fetch or PIN check: toast 'Incorrect pin', stay on the PIN screen. */
  | { kind: 'pinIncorrect' }
  /** 403 'Expired': toast the PIN-expired text, clear the PIN, ask for a new one. */
  | { kind: 'pinExpired' }
  /** The session needs the PIN first. */
  | { kind: 'pinRequired' }
  /** Anything else: show the server's message where the call was made. */
  | { kind: 'message' };

export type CallKind = 'user' | 'pin' | 'other';

/**
 * What a failed call means, from its status and code alone (never its words), for every caller: the API
 * client (apiCall), the outbox (outbox-policy.ts) and the tus uploads.
 * - 'session': the session must be mended by the user (401; a 403 that asks for the PIN): wait, never drop.
 * - 'retry': no answer (status 0), an answer that was not what was asked (2xx), a server fault (5xx),
 *   a timeout (408) or too many requests (429, unless an account or PIN is locked): try again later.
 * - 'conflict': 409, someone else changed it first.
 * - 'refused': any other 4xx, waiting will not change it: the user must see it.
 */
export type Failure = 'session' | 'retry' | 'conflict' | 'refused';

/** The 403s that ask for the PIN (spec §8): the session is fine once the user enters it. */
const PIN_SESSION_CODES: readonly ErrorCode[] = ['pin_required', 'pin_not_set', 'pin_incorrect', 'pin_expired', 'pin_verification_expired'];
/** The 429s that a later try does not cure: only the minutes they name do. */
const LOCK_CODES: readonly ErrorCode[] = ['account_locked', 'pin_locked'];

const isOneOf = (code: ErrorCode | undefined, codes: readonly ErrorCode[]) => code !== undefined && codes.includes(code);

export function classify(status: number, code: ErrorCode | undefined): Failure {
  if (status === 401) return 'session';
  if (status === 403 && isOneOf(code, PIN_SESSION_CODES)) return 'session';
  if (status === 409) return 'conflict';
  if (status === 429) return isOneOf(code, LOCK_CODES) ? 'refused' : 'retry';
  // Below 300: no answer (0), or an answer that was not what was asked (2xx).
  if (status < 300 || status === 408 || status >= 500) return 'retry';
  return 'refused';
}

/** The spec §8 effect of a failed API call, by its status and code. */
export function classifyError(status: number, code: ErrorCode | undefined, call: CallKind): ErrorAction {
  if (status === 503) return { kind: 'maintenance' };
  if (classify(status, code) !== 'session') return { kind: 'message' };
  if (status === 401) return { kind: 'signedOut' };
  // pin_expired and pin_incorrect only on the user fetch and the PIN check; elsewhere a message.
  const pinScreen = call !== 'other';
  switch (code) {
    case 'pin_verification_expired':
      return { kind: 'pinVerificationExpired' };
    case 'pin_expired':
      return { kind: pinScreen ? 'pinExpired' : 'message' };
    case 'pin_incorrect':
      return { kind: pinScreen ? 'pinIncorrect' : 'message' };
    case 'pin_required':
    case 'pin_not_set':
      return { kind: 'pinRequired' };
    default:
      return { kind: 'message' };
  }
}

/**
 * The words a user reads for a server message: without a leading field name ('password: Use at least…',
 * the field shows its own error) or a protocol word ('Unauthorized: …'). Classification (above) reads
 * the status and code (never the words).
 */
export function userMessage(message: string, fields: Record<string, string[]> = {}): string {
  const m = /^([A-Za-z_][\w.]*|Unauthorized|Forbidden|Bad Request|Not Found|Error):\s+(.+)$/s.exec(message);
  if (!m) return message;
  const [, prefix, rest] = m;
  if (prefix! in fields || /^(Unauthorized|Forbidden|Bad Request|Not Found|Error)$/.test(prefix!)) {
    return rest!.charAt(0).toUpperCase() + rest!.slice(1);
  }
  return message;
}

/** The code of an error answer: the server sends the catalogue's codes (and, for a body it could not read, the framework's own). */
export function codeOf(raw: unknown): ErrorCode | undefined {
  return typeof raw === 'string' ? (raw as ErrorCode) : undefined;
}

/**
 * A failed call, from the API client, the outbox or an upload: the HTTP status (0 when no answer came),
 * the server's code, words for the user, the field errors and the answer's body (a 409 letter conflict
 * carries the server's copy).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly body?: unknown,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** Whether the server answered with one of these codes (checked by the compiler: a typo fails typecheck). */
  is(...codes: ErrorCode[]): boolean {
    return isOneOf(this.code, codes);
  }
}
