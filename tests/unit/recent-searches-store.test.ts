import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db/db';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { loadRecentSearches, rememberSearch } from '../../src/lib/recent-searches';

/** The recent searches the top-bar box and the find-document panel keep (spec §5, issue 14). */

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

describe('recent searches remember only what was searched', () => {
  it('a term refused for its key (too short, blank) is not remembered; one that is searched is', async () => {
    expect(await rememberSearch('sm')).toEqual([]);
    expect(await rememberSearch('   ')).toEqual([]);
    expect(await rememberSearch('sm', 'patient')).toEqual([]);
    expect(await loadRecentSearches()).toEqual([]);
    // One letter will do for an author, a department or a clinic code: the same rule as the search itself.
    expect(await rememberSearch('R', 'author')).toEqual(['R']);
    expect(await rememberSearch(' smith ')).toEqual(['R', 'smith']);
    expect(await loadRecentSearches()).toEqual(['R', 'smith']);
  });
});
