import type { z } from 'zod';
import { parseSearchTerm, type searchQuerySchema } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import type { RequestAuth } from '../auth/request-auth';
import { toListedDictation, viewerOf } from '../worklist/worklist.service';
import { searchPage } from './search.repository';

type Query = z.output<typeof searchQuerySchema>;

export function createSearchService(db: Db) {
  return {
    /** One page of the dictations matching the term that the caller may see, and their total (spec §7's envelope is the route's). */
    async search(auth: RequestAuth, q: Query) {
      const { rows, total } = await searchPage(db, viewerOf(auth), parseSearchTerm(q.search, q.search_key), {
        sortKey: q.sort_key,
        sort: q.sort,
        page: q.page,
        perPage: q.paginate,
      });
      return { rows: rows.map(toListedDictation), total };
    },
  };
}
