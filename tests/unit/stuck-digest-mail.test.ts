import { describe, expect, it } from 'vitest';
import { stuckDigestMail, waitedFor } from '../../server/modules/stuck-letters/stuck-digest-mail';
import type { StuckRow } from '../../server/modules/stuck-letters/stuck-letters.repository';

const now = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const letter = (i: number, hours: number): StuckRow => ({
  dictationId: i,
  trustId: 1,
  reference: `REF${i}`,
  author: 'Daniel Reid',
  approvedAt: hoursAgo(hours),
  outstanding: [
    { id: i * 10, channel: 'email', status: 'failed', role: 'to', recipientType: 'patient' },
    { id: i * 10 + 1, channel: 'print', status: 'printing', role: 'cc', recipientType: 'gp' },
  ],
});

describe('the stuck-letter digest e-mail', () => {
  it('says how long in hours under two days, then in days and hours', () => {
    expect(waitedFor(hoursAgo(1), now)).toBe('1 hour');
    expect(waitedFor(hoursAgo(30), now)).toBe('30 hours');
    expect(waitedFor(hoursAgo(48), now)).toBe('2 days');
    expect(waitedFor(hoursAgo(73), now)).toBe('3 days');
    expect(waitedFor(hoursAgo(341), now)).toBe('14 days');
  });

  it('lists each letter by reference with what is outstanding, and counts those past the first hundred', () => {
    const one = stuckDigestMail([letter(1, 30)], { hours: 24, now, origin: 'https://w.example', trust: 'Demo Trust' });
    expect(one.subject).toBe('Wardnote: 1 letter not delivered in time');
    expect(one.text).toContain('This approved letter of Demo Trust has not reached every recipient within 24 hours of approval:');
    expect(one.text).toContain('- REF1: approved 30 hours ago; outstanding: e-mail failed, post waiting in the print queue');
    expect(one.text).toContain('https://w.example/MANUAL_DISTRIBUTION');

    const many = stuckDigestMail(
      Array.from({ length: 103 }, (_, i) => letter(i + 1, 25)),
      { hours: 24, now, origin: 'https://w.example', trust: '' },
    );
    expect(many.subject).toBe('Wardnote: 103 letters not delivered in time');
    expect(many.text).toContain('- REF100:');
    expect(many.text).not.toContain('- REF101:');
    expect(many.text).toContain('- and 3 more');
  });
});
