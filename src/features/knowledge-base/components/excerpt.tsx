import { EXCERPT_MARK } from '../../../domain/contract/knowledge-base';

/** A list's excerpt, the search words the server marked (EXCERPT_MARK) shown highlighted: text only, no HTML. */
export function Excerpt({ text }: { text: string }) {
  const parts = text.split(EXCERPT_MARK.start);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <span key={i}>{part}</span>;
        const [found = '', rest = ''] = part.split(EXCERPT_MARK.end);
        return (
          <span key={i}>
            <mark className="rounded-sm bg-amber-100 px-0.5 text-inherit dark:bg-amber-900/60">{found}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}
