import type { AutotextSnippet } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { AppDialog } from '../../../components/ui/dialog';
import { useAutotexts } from '../snippets-cache';
import { AutotextChooser } from './autotext-chooser';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen snippet; the dialog closes itself. Insert with `editor.commands.insertAutotext(s.body)`. */
  onChoose: (snippet: AutotextSnippet) => void;
  /** The letter's department: other departments' snippets are left out. */
  departmentId?: number | null;
}

/** Ctrl+Space in the letter: the caller's autotext, searchable and chosen from the keyboard. */
export function AutotextPicker({ open, onOpenChange, onChoose, departmentId }: Props) {
  const snippets = useAutotexts();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Insert autotext" size="lg">
      {snippets.isError && <Alert>{MESSAGES.errorFetching}</Alert>}
      <AutotextChooser
        autoFocus
        snippets={snippets.data ?? []}
        departmentId={departmentId}
        onChoose={(s) => {
          onOpenChange(false);
          onChoose(s);
        }}
      />
    </AppDialog>
  );
}
