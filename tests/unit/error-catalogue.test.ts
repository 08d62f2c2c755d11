import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, classifyError, HttpError, userMessage } from '../../src/lib/api/errors';
import { ERROR_CATALOGUE, errorOf, errorVariantOf, type ErrorCode } from '../../src/domain/contract/errors';
import { MESSAGES } from '../../src/domain/messages';
import { classifyStatus } from '../../src/lib/sync/outbox-policy';

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
    // The server sends these words with this code (the catalogue), and the code alone decides.
    if (code) expect(ERROR_CATALOGUE[code as ErrorCode].message).toBe(message);
    expect(classifyError(status, code as ErrorCode | undefined, call).kind).toBe(kind);
  });

  it("'Unauthorized' on a call other than the user fetch or PIN check is just a message", () => {
    expect(classifyError(403, 'forbidden', 'other').kind).toBe('message');
    expect(classifyError(403, 'pin_incorrect', 'other').kind).toBe('message');
    expect(classifyError(403, 'pin_expired', 'other').kind).toBe('message');
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

const SERVER = path.resolve(__dirname, '../../server');
const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

describe('issue 24 point 3: one error catalogue', () => {
  const sources = serverFiles(SERVER).map((file) => ({ file: path.relative(SERVER, file), text: readFileSync(file, 'utf8') }));

  it('every code the server builds an error with has its row', () => {
    const used = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/\b(?:appError|appErrorVariant|errorOf|errorVariantOf)\(\s*'([a-z0-9_]+)'/g)) used.add(m[1]!);
      // A template code (`push_endpoint_${problem}`) is checked by the compiler against ErrorCode instead.
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((code) => !(code in ERROR_CATALOGUE));
    expect(missing).toEqual([]);
  });

  it('no server file but server/lib/errors.ts builds an AppError by hand', () => {
    const byHand = sources.filter(({ file, text }) => file !== path.join('lib', 'errors.ts') && /new AppError\(/.test(text));
    expect(byHand.map((s) => s.file)).toEqual([]);
  });

  it('every row has an HTTP error status and words, and every variant too', () => {
    for (const [code, row] of Object.entries(ERROR_CATALOGUE)) {
      expect(row.status, code).toBeGreaterThanOrEqual(400);
      expect(row.status, code).toBeLessThan(600);
      expect(['string', 'function'], code).toContain(typeof row.message);
      for (const [name, v] of Object.entries('variants' in row ? row.variants : {})) {
        expect(['string', 'function'], `${code}.${name}`).toContain(typeof (v as { message: unknown }).message);
      }
    }
  });

  it('fills in the words of a parametrised code and a variant', () => {
    expect(errorOf('account_locked', 5)).toEqual({ status: 429, code: 'account_locked', message: MESSAGES.accountLocked(5) });
    expect(errorOf('not_typist')).toEqual({ status: 403, code: 'not_typist', message: MESSAGES.handOffNeedsTypist });
    expect(errorVariantOf('attachment_too_large', 'upload', 25)).toEqual({
      status: 413,
      code: 'attachment_too_large',
      message: MESSAGES.attachmentTooLarge(25),
    });
    expect(errorVariantOf('wrong_status', 'delete', 'Typed')).toEqual({
      status: 409,
      code: 'wrong_status',
      message: MESSAGES.cannotDeleteInStatus('Typed'),
    });
  });
});

describe('classify: one reading of a failed call for apiCall, the outbox and tus', () => {
  it.each<[number, ErrorCode | undefined, ReturnType<typeof classify>]>([
    [0, undefined, 'retry'],
    [200, undefined, 'retry'],
    [500, 'server_error', 'retry'],
    [502, 'patient_index_unavailable', 'retry'],
    [503, 'maintenance', 'retry'],
    [408, undefined, 'retry'],
    [429, 'too_many_requests', 'retry'],
    [429, 'account_locked', 'refused'],
    [429, 'pin_locked', 'refused'],
    [401, 'unauthenticated', 'session'],
    [403, 'pin_required', 'session'],
    [403, 'pin_not_set', 'session'],
    [403, 'pin_incorrect', 'session'],
    [403, 'pin_expired', 'session'],
    [403, 'pin_verification_expired', 'session'],
    [403, 'forbidden', 'refused'],
    [403, undefined, 'refused'],
    [409, 'changed', 'conflict'],
    [409, 'letter_conflict', 'conflict'],
    [422, 'validation', 'refused'],
    [404, 'not_found', 'refused'],
    [413, 'attachment_too_large', 'refused'],
    [400, 'bad_request', 'refused'],
  ])('%i %s → %s', (status, code, failure) => {
    expect(classify(status, code)).toBe(failure);
  });

  it('the outbox waits on a session, tries a retry again and gives up on a conflict or a refusal', () => {
    expect(classifyStatus(401)).toBe('pause');
    expect(classifyStatus(500)).toBe('retry');
    expect(classifyStatus(409, 'changed')).toBe('dead');
    expect(classifyStatus(422, 'validation')).toBe('dead');
  });

  it('compares codes by name, checked by the compiler', () => {
    const e = new HttpError(409, 'words', 'letter_conflict');
    expect(e.is('letter_conflict')).toBe(true);
    expect(e.is('changed', 'autotext_conflict')).toBe(false);
    expect(new HttpError(0, 'offline').is('not_found')).toBe(false);
  });
});
