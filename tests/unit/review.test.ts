// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { checkLetterDoc } from '../../src/domain/letter-doc';
import { signatureLine } from '../../src/domain/signature';
import { letterEditorProps, letterExtensions } from '../../src/features/letter-editor/letter-schema';
import { createParagraphAudioExtension, parseAudioMs } from '../../src/features/letter-editor/paragraph-audio';
import { actionForKey } from '../../src/pages/dictation-page/page-shortcuts';

const approval = {
  user_id: 1,
  name: 'Daniel Reid',
  job_title: 'Consultant Cardiologist',
  registration_number: 'GMC 4412087',
  on_behalf_of: null,
  approved_at: '2026-11-22T10:15:00.000Z',
};

describe('the signature under an approved letter', () => {
  it('names the approver with job title and registration number, and the day', () => {
    expect(signatureLine(approval)).toBe('Approved by Daniel Reid, Consultant Cardiologist, GMC 4412087 on 22 Nov 2026');
  });

  it('says on whose behalf under secretarial cover, leaving out what the profile does not have', () => {
    const cover = { ...approval, name: 'Jenny Walsh', job_title: null, registration_number: '  ', on_behalf_of: 'Daniel Reid' };
    expect(signatureLine(cover)).toBe('Approved by Jenny Walsh on behalf of Daniel Reid on 22 Nov 2026');
  });

  it('dates it in the trust’s time zone (late evening in London in summer is the next day in UTC+1)', () => {
    expect(signatureLine({ ...approval, approved_at: '2026-07-01T23:30:00.000Z' })).toMatch(/on 2 Jul 2026$/);
  });
});

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function open(content: unknown, positionMs: () => number | null = () => null) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: letterExtensions([createParagraphAudioExtension({ positionMs, reviewing: () => false, playFrom: () => {} })]),
    content: content as object,
    editorProps: letterEditorProps,
  });
  return editor;
}

describe('a paragraph’s audio position (audioMs)', () => {
  it('goes through the editor and the server’s letter check unchanged', () => {
    const doc = {
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { audioMs: 42_500 }, content: [{ type: 'text', text: 'Seen today.' }] }],
    };
    const json = open(doc).getJSON();
    expect(json.content![0]!.attrs).toEqual({ audioMs: 42_500 });
    expect(checkLetterDoc(json)).toEqual([]);
    expect(editor!.getHTML()).toContain('data-audio-ms="42500"');
  });

  it('is read back from pasted or stored HTML only when it is a sensible number', () => {
    expect(parseAudioMs('1200')).toBe(1200);
    expect(parseAudioMs('-1')).toBeNull();
    expect(parseAudioMs('12.5')).toBeNull();
    expect(parseAudioMs('999999999')).toBeNull();
    expect(parseAudioMs(null)).toBeNull();
  });

  it('is refused by the server’s check when it is not a whole number of milliseconds', () => {
    const bad = (audioMs: unknown) => ({ type: 'doc', content: [{ type: 'paragraph', attrs: { audioMs } }] });
    expect(checkLetterDoc(bad(null))).toEqual([]);
    expect(checkLetterDoc(bad(-5))).toEqual(['A paragraph has an invalid audioMs.']);
    expect(checkLetterDoc(bad('12'))).toEqual(['A paragraph has an invalid audioMs.']);
    expect(checkLetterDoc({ type: 'doc', content: [{ type: 'heading', attrs: { level: 2, audioMs: 1 } }] })).toHaveLength(1);
  });

  it('is recorded when the typist starts a paragraph, at where the player is, and not carried to the next one', () => {
    let at: number | null = null;
    const e = open({ type: 'doc', content: [{ type: 'paragraph' }] }, () => at);
    e.commands.focus('end');
    e.commands.insertContent('No audio yet.');
    expect(e.getJSON().content![0]!.attrs!.audioMs).toBeNull();
    e.commands.splitBlock();
    at = 12_340;
    e.commands.insertContent('T');
    e.commands.insertContent('he echo is normal.');
    at = 20_000;
    e.commands.splitBlock();
    expect(e.getJSON().content![2]!.attrs!.audioMs).toBeNull();
    e.commands.insertContent('Plan.');
    const paragraphs = e.getJSON().content!.map((p) => p.attrs!.audioMs);
    expect(paragraphs).toEqual([null, 12_340, 20_000]);
    expect(checkLetterDoc(e.getJSON())).toEqual([]);
  });
});

describe('Q approves', () => {
  const key = (code: string, k: string, mods: Partial<KeyboardEvent> = {}) => ({
    code,
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it('outside the text only', () => {
    expect(actionForKey(key('KeyQ', 'q'), false)).toBe('approve');
    expect(actionForKey(key('KeyQ', 'q'), true)).toBeNull();
    expect(actionForKey(key('KeyQ', 'Q', { shiftKey: true }), false)).toBeNull();
    expect(actionForKey(key('KeyQ', 'q', { ctrlKey: true }), false)).toBeNull();
  });
});

describe('the ▶ buttons in review mode (issue 23: each says what it plays)', () => {
  const para = (text: string, audioMs: number | null) => ({ type: 'paragraph', attrs: { audioMs }, content: [{ type: 'text', text }] });
  const buttons = (content: unknown[]) => {
    editor = new Editor({
      element: document.createElement('div'),
      extensions: letterExtensions([createParagraphAudioExtension({ positionMs: () => null, reviewing: () => true, playFrom: () => {} })]),
      content: { type: 'doc', content } as object,
      editorProps: letterEditorProps,
    });
    return [...editor.view.dom.querySelectorAll('button.paragraph-play')].map((b) => b.getAttribute('aria-label'));
  };

  it('seven paragraphs typed with no audio position: one button, from 0:00, not seven alike', () => {
    expect(buttons(Array.from({ length: 7 }, (_, i) => para(`Paragraph ${i + 1}.`, null)))).toEqual(['Play from 0:00']);
  });

  it('one button per place in the audio; a paragraph with no position plays on from the one before it', () => {
    expect(buttons([para('One.', 0), para('Two.', 42_000), para('Three.', null), para('Four.', 75_500), para('Five.', null)])).toEqual([
      'Play from 0:00',
      'Play from 0:42',
      'Play from 1:15',
    ]);
  });
});
