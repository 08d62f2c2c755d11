import { flattenExtensions, type AnyExtension } from '@tiptap/core';
import { StarterKit } from '@tiptap/starter-kit';
import { ListItem } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { LETTER_HEADING_LEVELS } from '../../domain/letter-doc';
import { PlaceholderMark } from '../../lib/editor/placeholder-mark';
import { cleanPastedHtml } from './paste-clean';
import { ParagraphAudio } from './paragraph-audio';

/** A list item holds text and lists, not headings or tables (the letter schema). */
const LetterListItem = ListItem.extend({ content: 'paragraph (paragraph | bulletList | orderedList)*' });

/** Cells without TipTap's `align` setting, which the letter schema and its PDF/DOCX renderers do not carry. */
const LetterTableCell = TableCell.extend({
  addAttributes() {
    const attrs = { ...this.parent?.() };
    delete attrs.align;
    return attrs;
  },
});
const LetterTableHeader = TableHeader.extend({
  addAttributes() {
    const attrs = { ...this.parent?.() };
    delete attrs.align;
    return attrs;
  },
});

/**
 * The editor's extensions: exactly the nodes and marks of the letter schema (src/domain/letter-doc.ts,
 * checked by tests/unit/letter-schema.test.ts). StarterKit 3 brings underline, undo/redo and list keys;
 * what a letter may not hold (quotes, code, rules, strike, links) is switched off, so ProseMirror's
 * schema-driven paste parser drops it too. Tables are fixed width (no column drag handles).
 * An extra extension that brings one of these by name, itself or inside it (the autotext extension's
 * `placeholder` mark, say), replaces it: two marks of one name would make the schema ambiguous.
 */
export function letterExtensions(extra: readonly AnyExtension[] = []): AnyExtension[] {
  const base: AnyExtension[] = [
    StarterKit.configure({
      blockquote: false,
      codeBlock: false,
      code: false,
      horizontalRule: false,
      strike: false,
      link: false,
      listItem: false,
      heading: { levels: [...LETTER_HEADING_LEVELS] },
    }),
    LetterListItem,
    Table.configure({ resizable: false }),
    TableRow,
    LetterTableHeader,
    LetterTableCell,
    PlaceholderMark,
    ParagraphAudio,
  ];
  const names = new Set(flattenExtensions([...extra]).map((e) => e.name));
  return [...base.filter((e) => !names.has(e.name)), ...extra];
}

/** The editable surface: British spell check, named for assistive technology, pastes cleaned first. */
export const letterEditorProps = {
  attributes: {
    spellcheck: 'true',
    lang: 'en-GB',
    'aria-label': 'Letter',
    'aria-multiline': 'true',
    role: 'textbox',
    class: 'letter-body',
  },
  transformPastedHTML: cleanPastedHtml,
};
