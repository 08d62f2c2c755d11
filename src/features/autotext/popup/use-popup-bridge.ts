import { useCallback, useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { AUTOTEXT_CHANNEL, isPopupMessage, openAutotextPopup } from './popup-channel';

/**
 * Inserts at the editor's cursor what the popup opened for `target` sends (filled by the editor's
 * autotext extension), and tells the popup it was done. Returns the function that stops listening.
 */
export function listenForPopupInserts(editor: Editor, target: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(AUTOTEXT_CHANNEL);
  channel.onmessage = (e: MessageEvent) => {
    const m: unknown = e.data;
    if (!isPopupMessage(m) || m.type !== 'insert' || m.target !== target || !editor.isEditable) return;
    editor.chain().focus().insertAutotext(m.body).run();
    channel.postMessage({ type: 'inserted', target, shortcut: m.shortcut });
  };
  return () => channel.close();
}

/**
 * For the dictation page: receives the snippets chosen in the autotext popup this page opened and
 * inserts them at the editor's cursor, filled (the editor needs createAutotextExtension). `open()`
 * opens the popup for this page; it answers false when the browser blocked it (the user was alerted).
 */
export function useAutotextPopupBridge(editor: Editor | null, opts: { departmentId?: number | null } = {}) {
  const [target] = useState(() => crypto.randomUUID());
  useEffect(() => (editor ? listenForPopupInserts(editor, target) : undefined), [editor, target]);
  const open = useCallback(() => openAutotextPopup({ target, departmentId: opts.departmentId }) !== null, [target, opts.departmentId]);
  return { open, target };
}
