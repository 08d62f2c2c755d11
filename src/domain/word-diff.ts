import { diffWordsWithSpace } from 'diff';

/** A run of text in a comparison: unchanged, only in the newer text, or only in the older one. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * Word-level comparison of two texts (the versions tab), by jsdiff. `diffWordsWithSpace` rather than
 * `diffWords`: it treats runs of spaces and line breaks as tokens too, so the unchanged and removed
 * parts read back as exactly the older text and the unchanged and added parts as exactly the newer one
 * (`diffWords` moves spaces about). Neighbouring parts of the same kind are merged.
 */
export function wordDiff(older: string, newer: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const change of diffWordsWithSpace(older, newer)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else if (change.value) parts.push({ kind, text: change.value });
  }
  return parts;
}

/** How many words a comparison adds and removes (shown above it). */
export function diffSummary(parts: DiffPart[]): { added: number; removed: number } {
  const words = (kind: DiffPart['kind']) =>
    parts.filter((p) => p.kind === kind).reduce((n, p) => n + (p.text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0), 0);
  return { added: words('added'), removed: words('removed') };
}
