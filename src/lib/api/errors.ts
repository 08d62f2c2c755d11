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

export function classifyError(status: number, message: string, code: string | undefined, call: CallKind): ErrorAction {
  if (status === 503) return { kind: 'maintenance' };
  if (status === 401) return { kind: 'signedOut' };
  if (status === 403) {
    if (message.includes('expired')) return { kind: 'pinVerificationExpired' };
    if ((call === 'user' || call === 'pin') && message.includes('Expired')) return { kind: 'pinExpired' };
    if ((call === 'user' || call === 'pin') && message.includes('Unauthorized')) return { kind: 'pinIncorrect' };
    if (code === 'pin_required' || code === 'pin_not_set') return { kind: 'pinRequired' };
  }
  return { kind: 'message' };
}

/**
 * The words a user reads for a server message: without a leading field name ('password: Use at least…',
 * the field shows its own error) or a protocol word ('Unauthorized: …'). Classification (above) still reads
 * the server's raw message, as spec §8 matches on it.
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

/** A failed call, with the words to show the user. `status` 0 means the network could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly action: ErrorAction,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}
