import { describe, expect, it } from 'vitest';
import { classifyError, userMessage } from '../../src/lib/api/errors';
import { MESSAGES } from '../../src/domain/messages';

describe('spec §8 error catalogue', () => {
  it.each<[number, string, string | undefined, 'user' | 'pin' | 'other', string]>([
    [503, MESSAGES.maintenance, 'maintenance', 'other', 'maintenance'],
    [503, 'anything', undefined, 'user', 'maintenance'],
    [401, MESSAGES.sessionEnded, 'unauthenticated', 'other', 'signedOut'],
    [401, MESSAGES.sessionEnded, 'unauthenticated', 'user', 'signedOut'],
    [403, MESSAGES.pinVerificationExpired, 'pin_verification_expired', 'other', 'pinVerificationExpired'],
    [403, MESSAGES.pinVerificationExpired, 'pin_verification_expired', 'user', 'pinVerificationExpired'],
    [403, MESSAGES.pinExpiredServer, 'pin_expired', 'pin', 'pinExpired'],
    [403, MESSAGES.pinExpiredServer, 'pin_expired', 'user', 'pinExpired'],
    [403, MESSAGES.pinUnauthorized, 'pin_incorrect', 'pin', 'pinIncorrect'],
    [403, MESSAGES.pinUnauthorized, 'pin_incorrect', 'user', 'pinIncorrect'],
    [403, MESSAGES.pinRequired, 'pin_required', 'other', 'pinRequired'],
    [403, MESSAGES.pinNotSet, 'pin_not_set', 'other', 'pinRequired'],
    [403, MESSAGES.forbidden, 'forbidden', 'other', 'message'],
    [422, MESSAGES.invalidCredentials, 'invalid_credentials', 'other', 'message'],
    [500, MESSAGES.serverError, 'server_error', 'other', 'message'],
  ])('%i "%s" (%s, %s call) → %s', (status, message, code, call, kind) => {
    expect(classifyError(status, message, code, call).kind).toBe(kind);
  });

  it("'Unauthorized' on a call other than the user fetch or PIN check is just a message", () => {
    expect(classifyError(403, 'Unauthorized action', 'forbidden', 'other').kind).toBe('message');
  });
});

describe('userMessage (issue 23: no "Unauthorized:" or "password:" in front of what the user reads)', () => {
  it('drops a protocol word in front of the message', () => {
    expect(userMessage('Unauthorized: the PIN you entered is incorrect.')).toBe('The PIN you entered is incorrect.');
  });

  it('drops the name of a field that shows the error itself', () => {
    const rule = 'Use at least 10 characters, with at least one letter and one number.';
    expect(userMessage(`password: ${rule}`, { password: [rule] })).toBe(rule);
  });

  it('keeps a colon that is part of the sentence', () => {
    expect(userMessage('Connected: SpeechMike')).toBe('Connected: SpeechMike');
    expect(userMessage('The recipients can no longer be changed: it was sent.')).toBe(
      'The recipients can no longer be changed: it was sent.',
    );
  });
});
