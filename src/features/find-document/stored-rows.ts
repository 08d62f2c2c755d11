/**
 * Offline search's second source: the approval queue this device keeps encrypted for offline review
 * (issue 12, src/lib/offline/review-cache.ts), read back through the secure store, so a search after
 * the app was reopened without a signal (nothing in memory yet) still finds those dictations. Each
 * copy also gives what a list row lacks: the appointment's clinic code and, when the term is looked
 * for in letters, the letter's text (decrypted only then).
 */
import { db } from '../../lib/db/db';
import { searchRowSchema, type SearchField } from '../../domain/contract/search';
import { letterText } from '../../domain/letter-doc';
import { readCachedLetter, readReviewEntry } from '../../lib/offline/review-cache';
import type { LocalRow } from './search-state';

export async function storedRows(fields: readonly SearchField[]): Promise<LocalRow[]> {
  const kept = await db.reviewDictations
    .orderBy('rank')
    .primaryKeys()
    .catch(() => [] as number[]);
  const withLetters = fields.includes('letter_text');
  const rows = await Promise.all(
    kept.map(async (id): Promise<LocalRow | null> => {
      const entry = await readReviewEntry(id);
      const row = entry && searchRowSchema.safeParse(entry.row);
      if (!entry || !row?.success) return null;
      const letter = withLetters ? await readCachedLetter(id) : null;
      return {
        row: row.data,
        clinicCode: entry.dictation.appointment?.clinic_code ?? null,
        letterText: letter ? letterText(letter.doc) : null,
      };
    }),
  );
  return rows.filter((r): r is LocalRow => r !== null);
}
