import { MESSAGES } from '../../src/domain/messages';

/** A failure the user should hear about: a stable code, an HTTP status and words a user understands. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const Errors = {
  unauthenticated: () => new AppError(401, 'unauthenticated', MESSAGES.sessionEnded),
  forbidden: () => new AppError(403, 'forbidden', MESSAGES.forbidden),
  notFound: () => new AppError(404, 'not_found', MESSAGES.notFoundResource),
  invalidCredentials: () => new AppError(422, 'invalid_credentials', MESSAGES.invalidCredentials),
  accountLocked: (minutes: number) => new AppError(429, 'account_locked', MESSAGES.accountLocked(minutes)),
  pinRequired: () => new AppError(403, 'pin_required', MESSAGES.pinRequired),
  pinNotSet: () => new AppError(403, 'pin_not_set', MESSAGES.pinNotSet),
  pinIncorrect: () => new AppError(403, 'pin_incorrect', MESSAGES.pinUnauthorized),
  pinExpired: () => new AppError(403, 'pin_expired', MESSAGES.pinExpiredServer),
  pinVerificationExpired: () => new AppError(403, 'pin_verification_expired', MESSAGES.pinVerificationExpired),
  pinLocked: (minutes: number) => new AppError(429, 'pin_locked', MESSAGES.pinLocked(minutes)),
  validation: (message: string, fields?: Record<string, string[]>) => new AppError(422, 'validation', message, fields),
  maintenance: () => new AppError(503, 'maintenance', MESSAGES.maintenance),
  /** Issue 23: the patient's number belongs to someone else in the index; `text` names both (src/domain/patient-identity.ts). */
  patientIdentityMismatch: (text: string) =>
    new AppError(422, 'patient_identity_mismatch', MESSAGES.patientIdentityMismatch(text), {
      'patient.patient_nhs_id': [MESSAGES.patientIdentityMismatch(text)],
    }),
  /** Issue 23: no delivery is created for a letter whose patient details disagree with the index. */
  deliveryIdentityMismatch: (text: string) => new AppError(422, 'patient_identity_mismatch', MESSAGES.deliveryIdentityMismatch(text)),
  /** Issue 23: a letter sent on with unfilled placeholders or unreachable recipients, and no reason given. */
  sendProblems: (lines: readonly string[]) =>
    new AppError(422, 'send_problems', MESSAGES.sendProblemsNeedReason(lines), { reason: [...lines] }),
};

/**
 * What the log may keep of an unexpected error: its class, its code (a PostgreSQL SQLSTATE such as
 * 22P05, or a Node code) and where it was thrown. Never its message: a database error's message holds
 * the SQL with its parameters (patient names, NHS numbers), and a driver's message or `detail` quotes
 * the values it refused.
 */
export function safeErrorSummary(err: unknown): {
  type: string;
  code?: string;
  message?: string;
  cause?: { type: string; code?: string };
  stack?: string;
} {
  const describe = (e: unknown) => {
    if (!e || typeof e !== 'object') return { type: typeof e };
    const code = (e as { code?: unknown }).code;
    return {
      type: e.constructor?.name ?? 'Object',
      ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    };
  };
  const outer = describe(err);
  const cause = err && typeof err === 'object' ? (err as { cause?: unknown }).cause : undefined;
  // The stack without its first line, which repeats the message.
  const raw = err instanceof Error ? err.stack : undefined;
  const frames = raw
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  // A programming slip's message names code, not data ("Cannot read properties of undefined").
  const message = err instanceof TypeError || err instanceof ReferenceError ? { message: err.message } : {};
  return { ...outer, ...message, ...(cause ? { cause: describe(cause) } : {}), ...(frames ? { stack: frames } : {}) };
}
