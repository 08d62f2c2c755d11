import {
  errorOf,
  errorVariantOf,
  type ErrorArgs,
  type ErrorCode,
  type ErrorVariant,
  type ErrorVariantArgs,
} from '../../src/domain/contract/errors';

/**
 * A failure the user should hear about: a stable code, an HTTP status and words a user understands. Built
 * only here, from the error catalogue (src/domain/contract/errors.ts), by `appError` and `appErrorVariant`:
 * lint refuses `new AppError(` anywhere else.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }

  /** The same refusal with the field errors a form shows beside each field. */
  withFields(fields: Record<string, string[]>): AppError {
    return new AppError(this.status, this.code, this.message, fields);
  }
}

/** The catalogue's refusal for `code`, with its words filled in (`appError('account_locked', minutes)`). */
export function appError<C extends ErrorCode>(code: C, ...args: NoInfer<ErrorArgs<C>>): AppError {
  const e = errorOf(code, ...args);
  return new AppError(e.status, e.code, e.message);
}

/** The catalogue's refusal for `code`, said its `variant` way (`appErrorVariant('wrong_status', 'delete', label)`). */
export function appErrorVariant<C extends ErrorCode, V extends ErrorVariant<C>>(
  code: C,
  variant: V,
  ...args: ErrorVariantArgs<C>[V]
): AppError {
  const e = errorVariantOf(code, variant, ...args);
  return new AppError(e.status, e.code, e.message);
}

export const Errors = {
  unauthenticated: () => appError('unauthenticated'),
  forbidden: () => appError('forbidden'),
  notFound: () => appError('not_found'),
  invalidCredentials: () => appError('invalid_credentials'),
  accountLocked: (minutes: number) => appError('account_locked', minutes),
  pinRequired: () => appError('pin_required'),
  pinNotSet: () => appError('pin_not_set'),
  pinIncorrect: () => appError('pin_incorrect'),
  pinExpired: () => appError('pin_expired'),
  pinVerificationExpired: () => appError('pin_verification_expired'),
  pinLocked: (minutes: number) => appError('pin_locked', minutes),
  validation: (message: string, fields?: Record<string, string[]>) => {
    const e = appError('validation', message);
    return fields ? e.withFields(fields) : e;
  },
  maintenance: () => appError('maintenance'),
  /** Issue 23: the patient's number belongs to someone else in the index; `text` names both (src/domain/patient-identity.ts). */
  patientIdentityMismatch: (text: string) => {
    const e = appError('patient_identity_mismatch', text);
    return e.withFields({ 'patient.patient_nhs_id': [e.message] });
  },
  /** Issue 23: no delivery is created for a letter whose patient details disagree with the index. */
  deliveryIdentityMismatch: (text: string) => appErrorVariant('patient_identity_mismatch', 'delivery', text),
  /** Issue 23: a letter sent on with unfilled placeholders or unreachable recipients, and no reason given. */
  sendProblems: (lines: readonly string[]) => appError('send_problems', lines).withFields({ reason: [...lines] }),
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
