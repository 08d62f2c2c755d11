import { describe, expect, it } from 'vitest';
import type { Letter } from '../../src/domain/contract/letter';
import { openLetter, type LocalLetter } from '../../src/features/letter-editor/open-letter';
import { saveStateOf, type SaveFacts } from '../../src/features/letter-editor/save-state';
import { MESSAGES } from '../../src/domain/messages';

const para = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const server = (version: number, text = 'server'): Letter => ({
  dictation_id: 7,
  doc: para(text),
  version,
  updated_at: null,
  updated_by: null,
  editable: true,
  read_only_reason: null,
});
const local = (over: Partial<LocalLetter> = {}): LocalLetter => ({
  doc: para('device'),
  baseVersion: 3,
  dirty: true,
  updatedAt: 1_700_000_000_000,
  conflict: null,
  refused: null,
  ...over,
});

describe('opening a letter on a device that may hold newer text', () => {
  it('nothing on the device: the server’s letter', () => {
    expect(openLetter(server(3), null)).toEqual({ doc: para('server'), baseVersion: 3, offer: null, refreshLocal: false });
  });

  it('unsent text on the device: it is what the editor shows, and the user is asked (saved time given)', () => {
    expect(openLetter(server(3), local())).toEqual({
      doc: para('device'),
      baseVersion: 3,
      offer: { savedAt: 1_700_000_000_000 },
      refreshLocal: false,
    });
    // Based on an older version than the server's: still shown and offered, never dropped.
    expect(openLetter(server(5), local())).toMatchObject({ doc: para('device'), baseVersion: 3, offer: { savedAt: 1_700_000_000_000 } });
  });

  it('a refused save has its own notice instead of the offer', () => {
    expect(openLetter(server(5), local({ conflict: server(5, 'theirs') }))).toMatchObject({ doc: para('device'), offer: null });
    expect(openLetter(server(5), local({ refused: 'moved on' }))).toMatchObject({ doc: para('device'), offer: null });
  });

  it('offline: the device’s copy, clean or not, with nothing to compare it with', () => {
    expect(openLetter(null, local())).toEqual({ doc: para('device'), baseVersion: 3, offer: null, refreshLocal: false });
    expect(openLetter(null, local({ dirty: false }))).toMatchObject({ doc: para('device'), offer: null });
    expect(openLetter(null, null)).toBeNull();
  });

  it('a clean copy: the server’s letter, and the copy refreshed when the server moved on', () => {
    expect(openLetter(server(3), local({ dirty: false }))).toMatchObject({ doc: para('server'), refreshLocal: false });
    expect(openLetter(server(4), local({ dirty: false }))).toMatchObject({ doc: para('server'), baseVersion: 4, refreshLocal: true });
  });
});

describe('the save state shown', () => {
  const facts = (over: Partial<SaveFacts> = {}): SaveFacts => ({
    conflict: false,
    refused: false,
    dirty: false,
    unwritten: false,
    online: true,
    rows: [],
    ...over,
  });

  it.each([
    ['saved', facts()],
    ['saving', facts({ unwritten: true })],
    ['saving', facts({ dirty: true, rows: [{ state: 'pending', lastError: null }] })],
    ['offline — will send when online', facts({ dirty: true, online: false, rows: [{ state: 'pending', lastError: null }] })],
    ['offline — will send when online', facts({ dirty: true, rows: [{ state: 'pending', lastError: MESSAGES.outboxNoConnection }] })],
    ['saved on this device', facts({ dirty: true, rows: [{ state: 'paused', lastError: 'Sign in again.' }] })],
    ['saved on this device', facts({ dirty: true, rows: [{ state: 'pending', lastError: 'Server error' }] })],
    ['saved on this device', facts({ dirty: true })],
    ['conflict', facts({ dirty: true, conflict: true, rows: [{ state: 'dead', lastError: 'x' }] })],
    ['not editable', facts({ dirty: true, refused: true })],
    // Issue 22: text the letter schema refuses stays on the device, unsent, until it is put right.
    ['needs fixing', facts({ dirty: true, problem: MESSAGES.tableColSpanTooBig })],
    ['saved', facts({ problem: MESSAGES.tableColSpanTooBig })],
  ] as const)('%s', (state, f) => expect(saveStateOf(f).state).toBe(state));

  it('says what to put right when the text cannot be sent', () => {
    expect(saveStateOf(facts({ unwritten: true, problem: MESSAGES.tableColSpanTooBig })).detail).toBe(MESSAGES.tableColSpanTooBig);
  });

  it('says why a save waits', () => {
    expect(saveStateOf(facts({ dirty: true, rows: [{ state: 'dead', lastError: 'The letter is too large to save.' }] })).detail).toBe(
      'The letter is too large to save.',
    );
  });
});
