import type { Node as PmNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

export interface PlaceholderRange {
  from: number;
  to: number;
  field: string;
}

/** Every stretch of placeholder-marked text between `from` and `to`, neighbouring pieces of one field joined. */
export function placeholderRanges(doc: PmNode, from = 0, to = doc.content.size): PlaceholderRange[] {
  const out: PlaceholderRange[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isText) return;
    const mark = node.marks.find((m) => m.type.name === 'placeholder');
    if (!mark) return;
    const field = String(mark.attrs.field ?? '');
    const last = out.at(-1);
    if (last && last.to === pos && last.field === field) last.to = pos + node.nodeSize;
    else out.push({ from: pos, to: pos + node.nodeSize, field });
  });
  return out;
}

/**
 * Selects the next placeholder after the selection (dir 1) or the previous one before it (dir -1);
 * null when there is none that way.
 */
export function selectPlaceholder(state: EditorState, dir: 1 | -1): Transaction | null {
  const { from, to } = state.selection;
  const ranges = placeholderRanges(state.doc);
  const target = dir === 1 ? ranges.find((r) => r.from >= to && !(r.from === from && r.to === to)) : ranges.findLast((r) => r.to <= from);
  if (!target) return null;
  return state.tr.setSelection(TextSelection.create(state.doc, target.from, target.to)).scrollIntoView();
}

/**
 * Puts the cursor on the n-th placeholder of the letter (reading order, as src/domain/send-check.ts
 * lists them), selected so typing replaces it, and scrolls it into view; false when there is no such one.
 */
export function focusPlaceholder(view: EditorView, index: number): boolean {
  const target = placeholderRanges(view.state.doc)[index];
  if (!target) return false;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, target.from, target.to)).scrollIntoView());
  view.focus();
  return true;
}
