import type { ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Button, Separator, ToggleButton, Toolbar } from 'react-aria-components';
import { Bold, Italic, List, ListOrdered, Redo2, Rows3, Table2, TextQuote, Trash2, Underline, Undo2 } from 'lucide-react';

const KEY =
  'inline-flex size-9 shrink-0 sm:size-11 items-center justify-center rounded-md text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800';
const ON =
  'data-[selected]:bg-brand-100 data-[selected]:text-brand-800 dark:data-[selected]:bg-emerald-900 dark:data-[selected]:text-emerald-100';

/** A format switch: announced as pressed or not (aria-pressed), named with its shortcut. */
function Toggle(p: { label: string; keys: string; on: boolean; run: () => void; children: ReactNode }) {
  return (
    <ToggleButton aria-label={p.label} aria-keyshortcuts={p.keys} isSelected={p.on} onChange={p.run} className={`${KEY} ${ON}`}>
      {p.children}
    </ToggleButton>
  );
}

function Action(p: { label: string; keys?: string; enabled?: boolean; run: () => void; className?: string; children: ReactNode }) {
  return (
    <Button
      aria-label={p.label}
      aria-keyshortcuts={p.keys}
      isDisabled={p.enabled === false}
      onPress={p.run}
      className={`${KEY} ${p.className ?? ''}`}
    >
      {p.children}
    </Button>
  );
}

const icon = 'size-5';
// On a phone the separators go, so every command fits one row of 36 px keys (issue 23: Redo was cut off).
const sep = <Separator orientation="vertical" className="mx-1 h-6 w-px shrink-0 bg-slate-200 max-sm:hidden dark:bg-slate-700" />;

/**
 * Bold, italic, underline, lists, table, undo and redo. Reads the editor through `useEditorState`
 * (TipTap 3 does not re-render on every transaction: PITFALLS 26). One tab stop; arrow keys move along.
 * It wraps rather than scrolls, so no command is ever out of reach. `onAutotext`: on a phone (no
 * Ctrl+Space) the autotext list opens from here, in the same row.
 */
export function LetterToolbar({ editor, onAutotext }: { editor: Editor; onAutotext?: () => void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Toolbar aria-label="Formatting" className="flex flex-wrap items-center sm:gap-0.5">
      <Toggle label="Bold" keys="Control+B Meta+B" on={s.bold} run={() => chain().toggleBold().run()}>
        <Bold aria-hidden className={icon} />
      </Toggle>
      <Toggle label="Italic" keys="Control+I Meta+I" on={s.italic} run={() => chain().toggleItalic().run()}>
        <Italic aria-hidden className={icon} />
      </Toggle>
      <Toggle label="Underline" keys="Control+U Meta+U" on={s.underline} run={() => chain().toggleUnderline().run()}>
        <Underline aria-hidden className={icon} />
      </Toggle>
      {sep}
      <Toggle label="Bulleted list" keys="Control+Shift+8 Meta+Shift+8" on={s.bullet} run={() => chain().toggleBulletList().run()}>
        <List aria-hidden className={icon} />
      </Toggle>
      <Toggle label="Numbered list" keys="Control+Shift+7 Meta+Shift+7" on={s.ordered} run={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden className={icon} />
      </Toggle>
      {sep}
      <Action label="Insert table" run={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        <Table2 aria-hidden className={icon} />
      </Action>
      {s.table && (
        <>
          <Action label="Add table row" run={() => chain().addRowAfter().run()}>
            <Rows3 aria-hidden className={icon} />
          </Action>
          <Action label="Delete table" run={() => chain().deleteTable().run()}>
            <Trash2 aria-hidden className={icon} />
          </Action>
        </>
      )}
      {sep}
      <Action label="Undo" keys="Control+Z Meta+Z" enabled={s.undo} run={() => chain().undo().run()}>
        <Undo2 aria-hidden className={icon} />
      </Action>
      <Action label="Redo" keys="Control+Shift+Z Meta+Shift+Z" enabled={s.redo} run={() => chain().redo().run()}>
        <Redo2 aria-hidden className={icon} />
      </Action>
      {onAutotext && (
        <Action label="Autotext" run={onAutotext} className="sm:hidden">
          <TextQuote aria-hidden className={icon} />
        </Action>
      )}
    </Toolbar>
  );
}
