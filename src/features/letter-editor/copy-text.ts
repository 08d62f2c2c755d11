import { toast } from 'sonner';
import type { LetterNode } from '../../domain/contract/letter';
import { letterText } from '../../domain/letter-doc';

/** Puts a letter's text on the clipboard (plain text: it goes anywhere) and says so. */
export async function copyLetter(doc: LetterNode | null, what = 'Your text'): Promise<void> {
  if (!doc) return;
  try {
    await navigator.clipboard.writeText(letterText(doc));
    toast.success(`${what} is on the clipboard.`);
  } catch {
    toast.error('The text could not be copied. Select it in the editor and copy it with Ctrl+C (⌘C on a Mac).');
  }
}
