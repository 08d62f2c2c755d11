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
};
