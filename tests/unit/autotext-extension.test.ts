// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { createAutotextExtension } from '../../src/features/autotext/editor/autotext-extension';
import { mergeValuesFromDictation, type MergeValues } from '../../src/domain/autotext-merge';
import type { AutotextSnippet } from '../../src/domain/contract';

const snippet = (id: number, shortcut: string, body: string, scope: AutotextSnippet['scope'] = 'trust'): AutotextSnippet => ({
  id,
  scope,
  department_id: null,
  shortcut,
  title: shortcut,
  body,
});

const SNIPPETS = [
  snippet(1, 'dw', 'Dear Dr {{gp_name}},'),
  snippet(2, 're', 'Re: {{patient_name}}, DOB {{patient_dob}}, NHS number {{nhs_number}}'),
  snippet(3, 'fu', 'Review on {{clinic_date}} with {{gp_practice}}.'),
  snippet(4, 'ys', 'Yours sincerely,\n\n{{author_name}}\n{{author_title}}'),
  snippet(5, 'xss', '<img src=x onerror="window.hit=1"> <b>bold?</b>'),
];

const VALUES = mergeValuesFromDictation(
  {
    patient: {
      patient_first_name: 'Margaret',
      patient_last_name: 'Thompson',
      patient_nhs_id: '9434765919',
      patient_birthdate: '1950-11-22',
    },
    user: { full_name: 'Daniel Reid' },
    department: { name: 'Cardiology' },
  },
  { authorTitle: 'Consultant Cardiologist' },
);

let editor: Editor;
afterEach(() => editor?.destroy());

function makeEditor(content: JSONContent | string = '<p></p>', values: MergeValues = VALUES, onOpenPicker?: () => void) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: [StarterKit, createAutotextExtension({ getSnippets: () => SNIPPETS, getMergeValues: () => values, onOpenPicker })],
    content,
  });
  editor.commands.focus('end');
  return editor;
}

/** A key press as the browser delivers it to ProseMirror. */
function press(key: string, mods: { shiftKey?: boolean; ctrlKey?: boolean } = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, code: key === ' ' ? 'Space' : key, bubbles: true, cancelable: true, ...mods });
  editor.view.dom.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Typing: the same transaction ProseMirror makes for typed text (over the selection, if any). */
const type = (text: string) => {
  const { from, to } = editor.state.selection;
  editor.view.dispatch(editor.state.tr.insertText(text, from, to));
};
const selected = () => editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to);

describe('shortcut then Tab', () => {
  it('fills the patient’s name, date of birth and NHS number from the dictation', () => {
    makeEditor();
    type('re');
    expect(press('Tab')).toBe(true);
    expect(editor.getText()).toBe('Re: THOMPSON, Margaret, DOB 22-Nov-1950, NHS number 943 476 5919');
    expect(editor.state.selection.empty).toBe(true);
    expect(editor.state.selection.from).toBe(editor.state.doc.content.size - 1);
  });

  it('matches the shortcut in any letter case after other text, and leaves longer words alone', () => {
    makeEditor({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Letter: ' }] }] });
    type('DW');
    press('Tab');
    expect(editor.getText()).toBe('Letter: Dear Dr [GP name],');
    editor.commands.setContent('<p>redo</p>');
    editor.commands.focus('end');
    expect(press('Tab')).toBe(false);
    expect(editor.getText()).toBe('redo');
  });

  it('keeps an unfilled field as a marked placeholder and selects it, so typing replaces it with plain text', () => {
    makeEditor();
    type('dw');
    press('Tab');
    expect(selected()).toBe('[GP name]');
    const para = editor.getJSON().content![0]!;
    expect(para.content).toEqual([
      { type: 'text', text: 'Dear Dr ' },
      { type: 'text', text: '[GP name]', marks: [{ type: 'placeholder', attrs: { field: 'gp_name' } }] },
      { type: 'text', text: ',' },
    ]);
    type('Patel');
    expect(editor.getText()).toBe('Dear Dr Patel,');
    expect(JSON.stringify(editor.getJSON())).not.toContain('placeholder');
  });

  it('Tab and Shift+Tab move between placeholders; past the last one Tab is not taken', () => {
    makeEditor();
    type('fu');
    press('Tab');
    expect(selected()).toBe('[Clinic date]');
    press('Tab');
    expect(selected()).toBe('[GP practice]');
    press('Tab', { shiftKey: true });
    expect(selected()).toBe('[Clinic date]');
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    expect(press('Tab')).toBe(false);
  });

  it('a body of several lines becomes paragraphs, joined to the text around it', () => {
    makeEditor('<p>Thanks. ys</p><p>After</p>');
    editor.commands.setTextSelection(11);
    press('Tab');
    expect(editor.getJSON().content!.map((p) => (p.content ?? []).map((n) => (n as { text?: string }).text ?? '').join(''))).toEqual([
      'Thanks. Yours sincerely,',
      '',
      'Daniel Reid',
      'Consultant Cardiologist',
      'After',
    ]);
  });

  it('markup in a body is inserted as the characters themselves', () => {
    makeEditor();
    type('xss');
    press('Tab');
    expect(editor.getText()).toBe('<img src=x onerror="window.hit=1"> <b>bold?</b>');
    expect(editor.view.dom.querySelector('img, b')).toBeNull();
    expect((window as unknown as { hit?: number }).hit).toBeUndefined();
  });

  it('with no shortcut and no placeholder, Tab falls through to the list (indents the item)', () => {
    makeEditor('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    editor.commands.setTextSelection(13); // after "two"
    press('Tab');
    expect(editor.getHTML()).toContain('<ul><li><p>one</p><ul><li><p>two</p></li></ul></li></ul>');
  });

  it('in a read-only letter Tab inserts nothing', () => {
    makeEditor();
    type('dw');
    editor.setEditable(false);
    press('Tab');
    expect(editor.getText()).toBe('dw');
  });
});

describe('the picker and the command', () => {
  it('Ctrl+Space opens the picker', () => {
    const open = vi.fn();
    makeEditor('<p></p>', VALUES, open);
    expect(press(' ', { ctrlKey: true })).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('insertAutotext puts a chosen snippet at the cursor, filled', () => {
    makeEditor({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello ' }] }] });
    editor.commands.insertAutotext('{{patient_first_name}} ({{mrn}})');
    expect(editor.getText()).toBe('Hello Margaret ([MRN])');
    expect(selected()).toBe('[MRN]');
  });
});

describe('inside the letter editor’s extensions', () => {
  it('replaces the letter’s own placeholder mark (one mark of that name) and survives HTML round trips', async () => {
    const { letterExtensions } = await import('../../src/features/letter-editor/letter-schema');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    editor = new Editor({
      element: document.createElement('div'),
      extensions: letterExtensions([createAutotextExtension({ getSnippets: () => SNIPPETS, getMergeValues: () => ({}) })]),
      content: '<p></p>',
    });
    editor.commands.focus('end');
    type('dw');
    press('Tab');
    const html = editor.getHTML();
    expect(html).toContain('<span data-merge-field="gp_name" class="letter-placeholder">[GP name]</span>');
    editor.commands.setContent(html);
    expect(JSON.stringify(editor.getJSON())).toContain('{"type":"placeholder","attrs":{"field":"gp_name"}}');
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/duplicate/i);
  });
});
