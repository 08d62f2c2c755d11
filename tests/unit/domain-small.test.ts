import { describe, expect, it } from 'vitest';
import { addRecentSearch } from '../../src/domain/recent-searches';
import { isHomeTab, statusLabel } from '../../src/domain/statuses';
import { loginRequestSchema, pinSetRequestSchema, passwordChangeRequestSchema } from '../../src/domain/contract';
import { MESSAGES } from '../../src/domain/messages';

describe('recent searches (spec §5)', () => {
  it('keeps at most three, newest last', () => {
    let list: string[] = [];
    for (const t of ['a', 'b', 'c', 'd']) list = addRecentSearch(list, t);
    expect(list).toEqual(['b', 'c', 'd']);
  });
  it('a repeated search moves to the end without duplicating', () => {
    expect(addRecentSearch(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
  });
  it('ignores blank terms and trims', () => {
    expect(addRecentSearch(['a'], '   ')).toEqual(['a']);
    expect(addRecentSearch(['a'], '  smith ')).toEqual(['a', 'smith']);
  });
});

describe('statuses', () => {
  it('RECEIVED is displayed as READY_FOR_TYPING and QA keeps its capitals', () => {
    expect(statusLabel('RECEIVED')).toBe('Ready For Typing');
    expect(statusLabel('QA_REVIEW')).toBe('QA Review');
  });
  it('only real statuses (not RECEIVED) are Home tabs', () => {
    expect(isHomeTab('SENT')).toBe(true);
    expect(isHomeTab('RECEIVED')).toBe(false);
    expect(isHomeTab('sent')).toBe(false);
    expect(isHomeTab('login')).toBe(false);
  });
});

describe('contract messages are in plain words', () => {
  it('a missing field says it is required', () => {
    const r = loginRequestSchema.safeParse({ email: 'a@b.test' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('This field is required.');
  });
  it('PIN and password rules use the catalogue texts', () => {
    expect(pinSetRequestSchema.safeParse({ pin: '12', pin_confirmation: '12' }).error!.issues[0]!.message).toBe(MESSAGES.pinFormat);
    expect(pinSetRequestSchema.safeParse({ pin: '1234', pin_confirmation: '1235' }).error!.issues[0]!.message).toBe(MESSAGES.pinMismatch);
    const weak = passwordChangeRequestSchema.safeParse({
      current_password: 'x',
      password: 'onlyletters',
      password_confirmation: 'onlyletters',
    });
    expect(weak.error!.issues[0]!.message).toBe(MESSAGES.passwordRule);
  });
});
