import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchRow } from '../../src/domain/contract';
import { reviewDictation, reviewLetter, reviewRow } from './review-fixtures';
import { db } from '../../src/lib/db/db';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { putReviewDictation, putReviewLetter } from '../../src/lib/offline/review-cache';
import { storedRows } from '../../src/features/find-document/stored-rows';
import { INITIAL_SEARCH, localPage, mergeLocal, type SearchState } from '../../src/features/find-document/search-state';
import { parseSearchTerm } from '../../src/domain/contract';

/** Offline, the find-document search reads the device's encrypted copy of the approval queue (issue 14). */

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

/** The stored copy's dictation `id`: its own reference, patient and day, and a clinic code when given. */
const own = (id: number) => ({
  reference: `2611200900000${id}`,
  patient: { patient_first_name: 'Margaret', patient_last_name: `Hollis${id}` },
  created_at: `2026-11-2${id}T09:00:00Z`,
});
const dictation = (id: number, clinic: string | null) =>
  reviewDictation(id, { ...own(id), appointment: clinic ? { clinic_code: clinic } : null });
const row = (id: number) => reviewRow(id, own(id));
const letter = (id: number, text: string) => reviewLetter(id, 1, text);

async function keep(id: number, clinic: string | null, text: string) {
  await putReviewDictation({ dictation: dictation(id, clinic), row: row(id) }, id);
  await putReviewLetter(letter(id, text));
}

/** What the offline panel lists for a term: the stored copy and the rows in memory, as api/search.ts joins them. */
async function offlineFind(term: string, key: SearchState['key'], memory: SearchRow[] = []) {
  const stored = await storedRows(parseSearchTerm(term, key).fields);
  return localPage(mergeLocal(memory, stored), { ...INITIAL_SEARCH, term, key }).data;
}

describe('offline search reads the stored copy of the approval queue', () => {
  it('with nothing in memory (the app reopened offline) it finds a kept dictation by reference and patient', async () => {
    await keep(1, 'CARD1', 'Chest pain resolved.');
    await keep(2, null, 'Fractured wrist, plaster applied.');
    expect((await offlineFind('26112009000002', 'all')).map((r) => r.id)).toEqual([2]);
    expect((await offlineFind('hollis', 'patient')).map((r) => r.id)).toEqual([2, 1]);
    expect(await offlineFind('nobody', 'all')).toEqual([]);
  });

  it('matches the clinic code (from its start, any case) and words of the letter, which no list row holds', async () => {
    await keep(1, 'CARD1', 'Chest pain resolved.');
    await keep(2, 'ORTH2', 'Fractured wrist, plaster applied.');
    expect((await offlineFind('card', 'clinic_code')).map((r) => r.id)).toEqual([1]);
    expect(await offlineFind('ARD', 'clinic_code')).toEqual([]);
    expect((await offlineFind('plaster wrist', 'all')).map((r) => r.id)).toEqual([2]);
    expect(await offlineFind('plaster chest', 'all')).toEqual([]);
    // Under the Patient chip the letter is not looked in.
    expect(await offlineFind('plaster', 'patient')).toEqual([]);
  });

  it('a dictation both in memory and stored is listed once, as the fresher in-memory row, still found by its clinic code', async () => {
    await keep(1, 'CARD1', 'Chest pain resolved.');
    const fresher: SearchRow = { ...row(1), status: 'BEING_TYPED', assigned_to: { user_id: 7, full_name: 'Amy Cole' } };
    const found = await offlineFind('CARD', 'clinic_code', [fresher]);
    expect(found).toHaveLength(1);
    expect(found[0]!.status).toBe('BEING_TYPED');
    expect((await offlineFind('hollis1', 'patient', [fresher])).map((r) => r.status)).toEqual(['BEING_TYPED']);
  });

  it('finds nothing stored once the device is wiped (logout)', async () => {
    await keep(1, 'CARD1', 'Chest pain resolved.');
    await wipeLocalData();
    await db.open();
    expect(await offlineFind('hollis', 'patient')).toEqual([]);
  });
});
