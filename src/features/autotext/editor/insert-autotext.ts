import { Fragment, Slice, type Mark, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { MergeSegment } from '../../../domain/autotext-merge';
import { placeholderRanges } from './placeholders';

/** One line of inserted text: text nodes, placeholders carrying their mark. */
function lineNodes(schema: Schema, segments: MergeSegment[], marks: readonly Mark[]): PmNode[][] {
  const placeholder = schema.marks.placeholder;
  const lines: PmNode[][] = [[]];
  for (const s of segments) {
    if ('field' in s) {
      const withMark = placeholder ? [...marks, placeholder.create({ field: s.field })] : marks;
      lines.at(-1)!.push(schema.text(s.placeholderLabel, withMark));
      continue;
    }
    s.text.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines.at(-1)!.push(schema.text(part, marks));
    });
  }
  return lines;
}

/**
 * Replaces `from`–`to` with a snippet: one line goes in as text; several lines as paragraphs, the first
 * joining the text before and the last the text after (like pasting plain text). Text stays text: a
 * body holding markup inserts the characters, never elements. The first placeholder inserted is
 * selected, ready to be typed over; with none, the cursor ends after the snippet.
 */
export function insertSegments(state: EditorState, from: number, to: number, segments: MergeSegment[]): Transaction {
  const { schema } = state;
  const $from = state.doc.resolve(from);
  const marks = (state.storedMarks ?? $from.marks()).filter((m) => m.type.name !== 'placeholder');
  const lines = lineNodes(schema, segments, marks);
  const tr = state.tr;
  if (lines.length === 1) tr.replaceWith(from, to, lines[0]!);
  else {
    const paragraph = schema.nodes.paragraph!;
    tr.replace(from, to, new Slice(Fragment.fromArray(lines.map((nodes) => paragraph.create(null, nodes))), 1, 1));
  }
  const end = tr.mapping.map(to);
  const first = placeholderRanges(tr.doc, tr.mapping.map(from, -1), end)[0];
  tr.setSelection(first ? TextSelection.create(tr.doc, first.from, first.to) : TextSelection.create(tr.doc, end));
  return tr.scrollIntoView();
}
