import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { letterText } from '../../../domain/letter-doc';
import { MESSAGES } from '../../../domain/messages';
import { diffSummary, wordDiff, type DiffPart } from '../../../domain/word-diff';
import { Alert } from '../../../components/ui/alert';
import { versionQuery } from '../api';

/** Two versions compared word by word: insertions underlined in green, deletions struck through in red. */
export function VersionDiff({ dictationId, older, newer }: { dictationId: number; older: number; newer: number }) {
  const a = useQuery(versionQuery(dictationId, older));
  const b = useQuery(versionQuery(dictationId, newer));
  const parts = useMemo(() => (a.data && b.data ? wordDiff(letterText(a.data.doc), letterText(b.data.doc)) : null), [a.data, b.data]);
  if (a.error || b.error) return <Alert>{(a.error ?? b.error)?.message ?? MESSAGES.errorFetching}</Alert>;
  if (!parts) return <p className="text-sm">Loading…</p>;
  const { added, removed } = diffSummary(parts);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-700 dark:text-slate-200">
        Version {older} → version {newer}: {added} {added === 1 ? 'word' : 'words'} added, {removed} removed.
      </figcaption>
      <DiffText parts={parts} />
    </figure>
  );
}

/** A comparison's text: insertions underlined in green, deletions struck through in red (named for screen readers). */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="max-h-[32rem] overflow-auto rounded-md bg-white p-3 text-sm leading-6 whitespace-pre-wrap ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
      {parts.map((p, i) =>
        p.kind === 'added' ? (
          <ins
            key={i}
            className="bg-emerald-100 text-emerald-900 underline decoration-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-50"
          >
            <span className="sr-only">[added: </span>
            {p.text}
            <span className="sr-only">]</span>
          </ins>
        ) : p.kind === 'removed' ? (
          <del key={i} className="bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-900/60 dark:text-red-50">
            <span className="sr-only">[removed: </span>
            {p.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </div>
  );
}
