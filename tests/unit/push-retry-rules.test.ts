import { describe, expect, it } from 'vitest';
import { outcomeOfFcmError, readFcmError } from '../../server/modules/push/fcm-errors';
import { pushRetryDelayMs } from '../../server/modules/push/push.sender';
import { retryAfterMs } from '../../server/modules/push/retry-after';

const NOW = Date.parse('2026-11-26T01:00:00Z');

describe('Retry-After', () => {
  it('reads delay-seconds and an HTTP-date; ignores what it cannot read; caps a far date', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 01:00:30 GMT', NOW)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 00:59:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
    expect(retryAfterMs('99999999', NOW)).toBe(6 * 3600_000);
  });

  it('the next try waits for what the service asked, or the doubling backoff if that is longer', () => {
    const noJitter = () => 0;
    expect(pushRetryDelayMs({ retryAfterMs: 120_000 }, 1, noJitter)).toBe(120_000);
    expect(pushRetryDelayMs({}, 1, noJitter)).toBe(5000);
    expect(pushRetryDelayMs({}, 3, noJitter)).toBe(20_000);
    expect(pushRetryDelayMs({ retryAfterMs: 1000 }, 2, noJitter)).toBe(10_000);
    expect(pushRetryDelayMs({}, 1, () => 0.999)).toBeLessThanOrEqual(5500);
  });
});

describe('FCM v1 errors', () => {
  const fcmError = (status: string, errorCode?: string, fields: string[] = []) => ({
    error: {
      code: 0,
      message: 'x',
      status,
      details: [
        ...(errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : []),
        ...(fields.length
          ? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: fields.map((field) => ({ field })) }]
          : []),
      ],
    },
  });

  it.each([
    [404, fcmError('NOT_FOUND', 'UNREGISTERED'), { kind: 'gone' }],
    [403, fcmError('PERMISSION_DENIED', 'SENDER_ID_MISMATCH'), { kind: 'gone' }],
    [400, fcmError('INVALID_ARGUMENT', 'INVALID_ARGUMENT'), { kind: 'gone' }],
    [400, fcmError('INVALID_ARGUMENT', 'INVALID_ARGUMENT', ['message.token']), { kind: 'gone' }],
    [400, fcmError('INVALID_ARGUMENT', undefined, ['message.data[0].value']), { kind: 'failed', reason: '400 INVALID_ARGUMENT' }],
    // A wrong project (no FCM detail) must not delete the device.
    [404, fcmError('NOT_FOUND'), { kind: 'failed', reason: '404 NOT_FOUND' }],
    [401, fcmError('UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'), { kind: 'failed', reason: '401 THIRD_PARTY_AUTH_ERROR' }],
    [503, fcmError('UNAVAILABLE', 'UNAVAILABLE'), { kind: 'retry', reason: '503 UNAVAILABLE' }],
    [500, null, { kind: 'retry', reason: '500' }],
  ])('%i %j → %j', (status, body, outcome) => {
    expect(outcomeOfFcmError(status, readFcmError(body), null)).toEqual(outcome);
  });

  it('a 429 keeps the Retry-After it came with', () => {
    expect(outcomeOfFcmError(429, readFcmError(fcmError('RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED')), 30_000)).toEqual({
      kind: 'retry',
      reason: '429 QUOTA_EXCEEDED',
      retryAfterMs: 30_000,
    });
  });
});
