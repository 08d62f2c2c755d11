import { fillMergeFields, MERGE_FIELD_LABELS } from '../../../domain/autotext-merge';

/** A snippet's text as plain text (never markup), its merge fields shown as labelled chips. */
export function BodyPreview({ body, className }: { body: string; className?: string }) {
  return (
    <span className={`whitespace-pre-wrap break-words ${className ?? ''}`}>
      {fillMergeFields(body, {}).map((s, i) =>
        'text' in s ? (
          <span key={i}>{s.text}</span>
        ) : (
          <span
            key={i}
            className="mx-0.5 rounded bg-amber-100 px-1 text-amber-900 ring-1 ring-amber-300 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-700"
            title={`Merge field {{${s.field}}}`}
          >
            {MERGE_FIELD_LABELS[s.field]}
          </span>
        ),
      )}
    </span>
  );
}
