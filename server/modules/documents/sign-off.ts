/**
 * The sign-off (closing, name, job title, approval line) is never alone on a page, in the PDF and in Word:
 * it keeps the letter's last lines with it. This finds where those lines begin.
 */
import type { LetterNode } from '../../../src/domain/contract';

const hasText = (n: LetterNode): boolean => (n.type === 'text' && !!n.text?.trim()) || (n.content ?? []).some(hasText);

/**
 * The index of the body block that goes with the sign-off: the last block with words in it (trailing empty
 * paragraphs do not count), or its heading when it follows one, so a heading is not left behind either;
 * -1 when the body has no words.
 */
export function signOffLead(body: readonly LetterNode[]): number {
  let last = body.length - 1;
  while (last >= 0 && !hasText(body[last]!)) last--;
  if (last > 0 && body[last]!.type !== 'heading' && body[last - 1]!.type === 'heading') last--;
  return last;
}
