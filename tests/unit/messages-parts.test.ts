import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { SIGN_IN_MESSAGES } from '../../src/domain/messages-sign-in';
import { TRANSPORT_MESSAGES } from '../../src/domain/messages-transport';

describe('the message catalogue and its first-load parts', () => {
  it('holds every message of its parts, word for word', () => {
    expect(MESSAGES).toMatchObject({ ...SIGN_IN_MESSAGES, ...TRANSPORT_MESSAGES });
  });

  it('gives no key to two parts', () => {
    expect(Object.keys(SIGN_IN_MESSAGES).filter((k) => k in TRANSPORT_MESSAGES)).toEqual([]);
  });
});
