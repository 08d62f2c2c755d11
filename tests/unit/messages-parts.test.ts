import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { SIGN_IN_MESSAGES } from '../../src/domain/messages-sign-in';
import { TRANSPORT_MESSAGES } from '../../src/domain/messages-transport';
import { API_PATHS } from '../../src/domain/contract/paths';
import { SESSION_PATHS } from '../../src/domain/contract/paths-session';
import { SYNC_PATHS } from '../../src/domain/contract/paths-sync';

describe('the message catalogue and its first-load parts', () => {
  it('holds every message of its parts, word for word', () => {
    expect(MESSAGES).toMatchObject({ ...SIGN_IN_MESSAGES, ...TRANSPORT_MESSAGES });
  });

  it('gives no key to two parts', () => {
    expect(Object.keys(SIGN_IN_MESSAGES).filter((k) => k in TRANSPORT_MESSAGES)).toEqual([]);
  });
});

describe('the API addresses and their first-load and worker parts', () => {
  it('holds every address of its parts', () => {
    expect(API_PATHS).toMatchObject({ ...SESSION_PATHS, ...SYNC_PATHS });
    expect(API_PATHS.dictationLetter(7)).toBe('/api/dictation/7/letter');
  });
});
