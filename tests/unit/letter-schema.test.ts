// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, Extension, flattenExtensions, getSchema } from '@tiptap/core';
import { checkLetterDoc, LETTER_MARK_TYPES, LETTER_NODE_TYPES, templateDoc } from '../../src/domain/letter-doc';
import { letterEditorProps, letterExtensions } from '../../src/features/letter-editor/letter-schema';
import { createAutotextExtension } from '../../src/features/autotext/editor/autotext-extension';

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function open(content: unknown = templateDoc(['Diagnosis', 'Plan'])) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: letterExtensions(),
    content: content as object,
    editorProps: letterEditorProps,
  });
  return editor;
}

describe('the editor holds exactly the letter schema', () => {
  it('has the nodes and marks the server accepts, and no others', () => {
    const schema = getSchema(letterExtensions());
    expect(Object.keys(schema.nodes).sort()).toEqual([...LETTER_NODE_TYPES].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...LETTER_MARK_TYPES].sort());
  });

  it('a letter with lists, a table and a merge field comes back as the server would store it', () => {
    const e = open();
    e.chain().focus('end').insertContent('Asthma').toggleBulletList().insertContent('Inhaler').run();
    e.chain().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run();
    e.chain()
      .insertContent({ type: 'text', text: 'patient name', marks: [{ type: 'placeholder', attrs: { field: 'patient_name' } }] })
      .run();
    expect(checkLetterDoc(e.getJSON())).toEqual([]);
  });

  it('an extra extension bringing a schema mark of its own (autotext’s placeholder) replaces the built-in one', () => {
    const own = letterExtensions().find((x) => x.name === 'placeholder')!;
    const theirs = own.extend({ priority: 1234 });
    const wrapper = Extension.create({ name: 'autotext', addExtensions: () => [theirs] });
    const names = flattenExtensions(letterExtensions([wrapper])).map((x) => x.name);
    expect(names.filter((n) => n === 'placeholder')).toHaveLength(1);
    expect(flattenExtensions(letterExtensions([wrapper])).find((x) => x.name === 'placeholder')!.config.priority).toBe(1234);
    expect(Object.keys(getSchema(letterExtensions([wrapper])).marks).sort()).toEqual([...LETTER_MARK_TYPES].sort());
  });

  it('with the autotext extension the schema is still the letter schema', () => {
    const autotext = createAutotextExtension({ getSnippets: () => [], getMergeValues: () => ({}) });
    const all = flattenExtensions(letterExtensions([autotext])).map((x) => x.name);
    expect(all.filter((n) => n === 'placeholder')).toHaveLength(1);
    const schema = getSchema(letterExtensions([autotext]));
    expect(Object.keys(schema.nodes).sort()).toEqual([...LETTER_NODE_TYPES].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...LETTER_MARK_TYPES].sort());
  });
});

describe('pasting', () => {
  it('keeps letter formatting, drops what a letter may not hold, and runs nothing', () => {
    const e = open({ type: 'doc', content: [{ type: 'paragraph' }] });
    (globalThis as { hacked?: boolean }).hacked = false;
    const html = `
      <h1 style="color:red" class="MsoTitle">Clinic letter</h1>
      <p class="MsoNormal" style="font-family:Calibri" onclick="window.hacked=true">Seen <span style="font-weight:700">today</span>
        with <i>wheeze</i> <a href="javascript:window.hacked=true">link</a> <code>x=1</code> <s>old</s></p>
      <img src="x" onerror="window.hacked=true"><script>window.hacked=true</script><style>p{color:red}</style>
      <blockquote>Quoted</blockquote><hr>
      <b style="font-weight:normal" id="docs-internal-guid-1"><span>Not bold</span></b>
      <table style="width:100%"><tr><td style="background:yellow">Cell</td></tr></table>`;
    e.view.pasteHTML(html);
    const doc = e.getJSON();
    expect(checkLetterDoc(doc)).toEqual([]);
    const json = JSON.stringify(doc);
    expect(json).not.toMatch(/style|class|onclick|onerror|javascript|hacked|color|Calibri/);
    expect(json).toContain('"bold"');
    expect(json).toContain('"italic"');
    expect(json).toContain('Quoted');
    expect(e.getText()).not.toContain('window');
    const notBold = doc.content!.find((n) => JSON.stringify(n).includes('Not bold'))!;
    expect(notBold.content![0]!.marks).toBeUndefined();
    expect((globalThis as { hacked?: boolean }).hacked).toBe(false);
  });

  it('the surface asks for British spelling', () => {
    const e = open();
    expect(e.view.dom.getAttribute('lang')).toBe('en-GB');
    expect(e.view.dom.getAttribute('spellcheck')).toBe('true');
  });
});
