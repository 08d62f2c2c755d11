import { useEffect, useRef, useState } from 'react';
import type { AnyExtension, Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { Lock } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { letterEditorProps, letterExtensions } from '../letter-schema';
import { useLetter, type UseLetter } from '../use-letter';
import { LetterConflict } from './letter-conflict';
import { LetterToolbar } from './letter-toolbar';
import { LetterProblems, LocalOffer, NotEditableNotice } from './local-notices';
import { WordCount } from './word-count';
import '../letter-editor.css';

export interface LetterEditorProps {
  dictationId: number;
  /** Whether this user may type now (claim, status, role: src/domain/letter-access.ts). */
  editable: boolean;
  /** Shown when read-only ("Being typed by Jenny Walsh"); the server's reason when absent. */
  readOnlyReason?: string | null;
  /** More TipTap extensions (autotext); read once, when the editor is made. */
  extraExtensions?: AnyExtension[];
  /** The editor once made, and null when it goes (for autotext insertion, the popup bridge…). */
  onEditor?: (editor: Editor | null) => void;
  /** How the sync panel names this letter's queued saves (no patient data). */
  label?: string;
  /** Opens the autotext list: a key in the toolbar on a phone, where there is no Ctrl+Space. */
  onAutotext?: () => void;
}

const SHEET =
  'letter-sheet mx-auto w-full max-w-[48rem] rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:px-10 sm:py-8 dark:bg-slate-900 dark:ring-slate-700';

/**
 * The letter editor (issue 11): TipTap 3 on the letter schema, on a page-like sheet; every change on the
 * device within half a second and queued for the server (letter-session.ts). Shows, above the text, the
 * newer-text-on-this-device offer, a conflict side by side, what to put right in a letter the schema
 * refuses (issue 22), or why the letter is read-only.
 */
export function LetterEditor(props: LetterEditorProps) {
  const letter = useLetter(props.dictationId, { label: props.label });
  if (letter.phase === 'loading') {
    return (
      <div className={SHEET} aria-busy="true">
        <p className="text-sm text-slate-500 dark:text-slate-400">Opening the letter…</p>
      </div>
    );
  }
  if (letter.phase === 'failed' || !letter.initialDoc) return <Alert>{letter.error}</Alert>;
  return <ReadyLetter {...props} letter={letter} />;
}

function ReadyLetter({
  letter,
  editable,
  readOnlyReason,
  extraExtensions,
  onEditor,
  onAutotext,
}: LetterEditorProps & { letter: UseLetter }) {
  const { session } = letter;
  const canType = editable && letter.server?.editable !== false && !letter.conflict && !letter.refused && !letter.error;
  const reason = letter.error ?? readOnlyReason ?? letter.server?.read_only_reason ?? null;
  // Made once and kept (PITFALLS 30): the extensions are fixed for the editor's life.
  const [extensions] = useState(() => letterExtensions(extraExtensions));
  const editor = useEditor({
    extensions,
    content: letter.initialDoc,
    editable: canType,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: letterEditorProps,
    onUpdate: () => session.changed(),
  });

  const announce = useRef(onEditor);
  useEffect(() => {
    announce.current = onEditor;
  });
  useEffect(() => {
    session.attach(editor);
    announce.current?.(editor);
    return () => {
      session.detach(editor);
      announce.current?.(null);
    };
  }, [editor, session]);

  useEffect(() => {
    if (editor.isEditable !== canType) editor.setEditable(canType, false);
  }, [editor, canType]);

  // The page just made the letter ours (a claim, a take-over): the server's view of it has changed.
  const wasEditable = useRef(editable);
  useEffect(() => {
    if (editable && !wasEditable.current) void session.refreshServer();
    wasEditable.current = editable;
  }, [editable, session]);

  return (
    <div className="letter-editor flex flex-col gap-3">
      {letter.offer && <LocalOffer session={session} savedAt={letter.offer.savedAt} canDiscard={Boolean(letter.server)} />}
      {letter.conflict && <LetterConflict dictationId={session.dictationId} />}
      {letter.refused && <NotEditableNotice session={session} message={letter.refused} canDiscard={Boolean(letter.server)} />}
      {letter.problems.length > 0 && !letter.conflict && <LetterProblems problems={letter.problems} canType={canType} />}
      {!canType && !letter.conflict && !letter.refused && reason && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <Lock aria-hidden className="size-4 shrink-0" />
          Read only: {reason}
        </p>
      )}
      <div className={SHEET}>
        {canType && (
          <div className="sticky top-[var(--letter-toolbar-top,0px)] z-10 -mx-2 mb-3 border-b border-slate-200 bg-white px-2 pb-1 dark:border-slate-700 dark:bg-slate-900">
            <LetterToolbar editor={editor} onAutotext={onAutotext} />
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      <div className="mx-auto flex w-full max-w-[48rem] justify-end px-1">
        <WordCount editor={editor} />
      </div>
    </div>
  );
}
