import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { fillMergeFields, findSnippet, type MergeValues } from '../../../domain/autotext-merge';
import { SHORTCUT_CHAR, type AutotextSnippet } from '../../../domain/contract';
import { PlaceholderMark } from '../../../lib/editor/placeholder-mark';
import { insertSegments } from './insert-autotext';
import { selectPlaceholder } from './placeholders';

export interface AutotextExtensionOptions {
  /** The snippets the typist may use now (useAutotexts().data). */
  getSnippets: () => readonly AutotextSnippet[];
  /** The dictation's merge values (mergeValuesFromDictation). */
  getMergeValues: () => MergeValues;
  /** Ctrl+Space: open the searchable list (AutotextPicker). */
  onOpenPicker?: () => void;
  /** The letter's department: its snippets win over other departments' with the same shortcut. */
  getDepartmentId?: () => number | null | undefined;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    autotext: {
      /** Inserts a snippet's body at the selection, merge fields filled (placeholders for the empty ones). */
      insertAutotext: (body: string) => ReturnType;
    };
  }
}

/** Longest shortcut looked for before the cursor (the schema allows 20 characters). */
const LOOK_BACK = 40;

/** The shortcut just typed: the run of shortcut characters ending at the cursor, with its start. */
export function typedShortcut(state: EditorState): { word: string; from: number } | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $pos = selection.$from;
  if (!$pos.parent.isTextblock) return null;
  const before = $pos.parent.textBetween(Math.max(0, $pos.parentOffset - LOOK_BACK), $pos.parentOffset, undefined, '\ufffc');
  let i = before.length;
  while (i > 0 && SHORTCUT_CHAR.test(before[i - 1]!)) i--;
  const word = before.slice(i);
  return word ? { word, from: selection.from - word.length } : null;
}

/**
 * Autotext in the letter editor: a shortcut then Tab inserts the snippet, filled from the dictation;
 * with no shortcut before the cursor, Tab selects the next unfilled field and Shift+Tab the previous;
 * otherwise Tab is left to others (lists, tables). Ctrl+Space opens the list. Defines the `placeholder` mark.
 */
export function createAutotextExtension(options: AutotextExtensionOptions) {
  return Extension.create<AutotextExtensionOptions>({
    name: 'autotext',
    // Before the list and table keymaps, which also want Tab.
    priority: 1000,

    addOptions: () => options,

    addExtensions: () => [PlaceholderMark],

    addCommands() {
      return {
        insertAutotext:
          (body: string) =>
          ({ state, dispatch }: { state: EditorState; dispatch?: (tr: Transaction) => void }) => {
            if (dispatch) {
              const { from, to } = state.selection;
              dispatch(insertSegments(state, from, to, fillMergeFields(body, this.options.getMergeValues())));
            }
            return true;
          },
      };
    },

    addKeyboardShortcuts() {
      const run = (tr: Transaction | null) => {
        if (!tr) return false;
        this.editor.view.dispatch(tr);
        return true;
      };
      return {
        Tab: () => {
          if (!this.editor.isEditable) return false;
          const { state } = this.editor;
          const typed = typedShortcut(state);
          const snippet = typed && findSnippet(this.options.getSnippets(), typed.word, this.options.getDepartmentId?.());
          if (typed && snippet) {
            const segments = fillMergeFields(snippet.body, this.options.getMergeValues());
            return run(insertSegments(state, typed.from, state.selection.from, segments));
          }
          return run(selectPlaceholder(state, 1));
        },
        'Shift-Tab': () => this.editor.isEditable && run(selectPlaceholder(this.editor.state, -1)),
        'Ctrl-Space': () => {
          if (!this.options.onOpenPicker) return false;
          this.options.onOpenPicker();
          return true;
        },
      };
    },
  });
}
