import { useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type { Dictation } from '../../domain/contract';
import { Button } from '../../components/ui/button';
import { LetterEditor, createParagraphAudioExtension } from '../../features/letter-editor';
import type { PlayerLink } from '../../features/typist-audio';
import { KeyHint } from './key-hint';
import {
  AutotextPicker,
  createAutotextExtension,
  mergeValuesFromDictation,
  useAutotextPopupBridge,
  useAutotexts,
} from '../../features/autotext';

/** What the page learns besides the dictation that autotext can merge (the GP, once the patient is looked up). */
export interface MergeExtrasFromPage {
  gpName?: string | null;
  gpPractice?: string | null;
}

interface Props {
  d: Dictation;
  editable: boolean;
  extras: MergeExtrasFromPage;
  onEditor: (editor: Editor | null) => void;
  /** The page's player: paragraphs record where it was when started, and play from there in review. */
  player?: PlayerLink;
  /** Review mode (the author checking the letter): a ▶ before each paragraph. */
  reviewing?: boolean;
}

/**
 * The letter with autotext wired in: shortcut + Tab fills a snippet from the dictation's details,
 * Ctrl+Space opens the searchable list, and the /autotextpopup window inserts here.
 */
export function LetterArea({ d, editable, extras, onEditor, player, reviewing = false }: Props) {
  const snippets = useAutotexts();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [picker, setPicker] = useState(false);
  // The extension is made once with the editor: it reads the latest values through these refs.
  const latest = useRef({ snippets: snippets.data ?? [], d, extras, player, reviewing });
  latest.current = { snippets: snippets.data ?? [], d, extras, player, reviewing };
  const [extensions] = useState(() => [
    createAutotextExtension({
      getSnippets: () => latest.current.snippets,
      getMergeValues: () =>
        mergeValuesFromDictation(latest.current.d, {
          ...latest.current.extras,
          clinicDate: latest.current.d.appointment?.appointment_date ?? null,
        }),
      getDepartmentId: () => latest.current.d.department?.id,
      onOpenPicker: () => setPicker(true),
    }),
    createParagraphAudioExtension({
      positionMs: () => latest.current.player?.positionMs() ?? null,
      reviewing: () => latest.current.reviewing,
      playFrom: (ms) => latest.current.player?.playFrom(ms),
    }),
  ]);
  const popup = useAutotextPopupBridge(editor, { departmentId: d.department?.id });

  return (
    <>
      {/* On a phone the list opens from the letter's toolbar instead: one row less above the letter. */}
      {editable && (
        <div className="mb-2 flex flex-wrap items-center justify-end gap-2 text-sm max-sm:hidden">
          <Button tone="ghost" aria-keyshortcuts="Control+Space" onPress={() => setPicker(true)}>
            <span>
              Autotext<KeyHint> (Ctrl+Space)</KeyHint>
            </span>
          </Button>
          {/* A 700x500 window beside the page is a desktop habit: phones get the list only. */}
          <Button tone="ghost" className="max-sm:hidden" onPress={() => popup.open()}>
            Autotext window
          </Button>
        </div>
      )}
      <LetterEditor
        dictationId={d.id}
        editable={editable}
        extraExtensions={extensions}
        label={`Letter ${d.reference}`}
        onAutotext={editable ? () => setPicker(true) : undefined}
        onEditor={(e) => {
          setEditor(e);
          onEditor(e);
        }}
      />
      <AutotextPicker
        open={picker}
        onOpenChange={setPicker}
        departmentId={d.department?.id}
        onChoose={(s) => editor?.chain().focus().insertAutotext(s.body).run()}
      />
    </>
  );
}
