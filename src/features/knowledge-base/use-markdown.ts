import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from './markdown';

/**
 * `markdown` as sanitised HTML (./markdown.ts). The parser and the sanitiser come with this route's own
 * chunk, never with the entry bundle; a lazy chunk of their own would have cost the sign-in page a name in
 * the entry's preload map. Typing in the editor re-renders its preview at the pace the screen can keep.
 */
export function useRenderedMarkdown(markdown: string): string {
  const text = useDeferredValue(markdown);
  return useMemo(() => renderMarkdown(text), [text]);
}
