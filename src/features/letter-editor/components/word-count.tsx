import { useDeferredValue, useMemo } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { wordCount } from '../../../domain/letter-doc';

/** The letter's word count, counted as the server counts (letter-doc.ts), a frame behind the typing. */
export function WordCount({ editor }: { editor: Editor }) {
  const doc = useEditorState({ editor, selector: ({ editor: e }) => e.state.doc });
  const later = useDeferredValue(doc);
  const words = useMemo(() => wordCount(later.textBetween(0, later.content.size, '\n', '\n')), [later]);
  return (
    <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
      {words} {words === 1 ? 'word' : 'words'}
    </p>
  );
}
