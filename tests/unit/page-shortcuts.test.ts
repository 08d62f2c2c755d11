import { describe, expect, it } from 'vitest';
import { actionForKey } from '../../src/pages/dictation-page/page-shortcuts';

const key = (code: string, key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('dictation page keys (spec §9)', () => {
  it('saves a final version with Ctrl+S or Cmd+S, even while typing in the letter', () => {
    expect(actionForKey(key('KeyS', 's', { ctrlKey: true }), true)).toBe('finalSave');
    expect(actionForKey(key('KeyS', 's', { metaKey: true }), false)).toBe('finalSave');
  });

  it('closes with Alt+W from anywhere', () => {
    expect(actionForKey(key('KeyW', 'w', { altKey: true }), true)).toBe('close');
  });

  it('answers single-letter keys only outside text', () => {
    expect(actionForKey(key('KeyD', 'd'), false)).toBe('draftSave');
    expect(actionForKey(key('KeyP', 'p'), false)).toBe('findPatient');
    expect(actionForKey(key('KeyP', 'P', { shiftKey: true }), false)).toBe('preview');
    expect(actionForKey(key('KeyA', 'a'), false)).toBe('findAppointment');
    expect(actionForKey(key('Slash', '/'), false)).toBe('customField');
    expect(actionForKey(key('Slash', '?', { shiftKey: true }), false)).toBe('help');
    for (const [code, k] of [
      ['KeyD', 'd'],
      ['KeyP', 'p'],
      ['KeyA', 'a'],
      ['Slash', '/'],
    ]) {
      expect(actionForKey(key(code!, k!), true)).toBeNull();
    }
  });

  it('leaves the browser its own modified keys', () => {
    expect(actionForKey(key('KeyP', 'p', { ctrlKey: true }), false)).toBeNull();
    expect(actionForKey(key('KeyA', 'a', { ctrlKey: true }), false)).toBeNull();
    expect(actionForKey(key('KeyD', 'D', { shiftKey: true }), false)).toBeNull();
  });
});
