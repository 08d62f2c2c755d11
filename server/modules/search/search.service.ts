import type { z } from 'zod';
import { parseSearchTerm, type SearchRow, type searchQuerySchema } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import type { RequestAuth } from '../auth/request-auth';
import { viewerOf } from '../worklist/worklist.service';
import { searchPage, type SearchRowRaw } from './search.repository';

type Query = z.output<typeof searchQuerySchema>;

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function toRow(r: SearchRowRaw): SearchRow {
  return {
    id: Number(r.id),
    reference: r.reference,
    status: r.status,
    urgent: r.urgent,
    is_confidential: r.is_confidential,
    is_mobile: r.is_mobile,
    secretarial_cover: r.secretarial_cover,
    user: { id: Number(r.author_id), full_name: fullName(r.author_first, r.author_last) },
    department: r.department_id ? { id: Number(r.department_id), name: r.department_name!, code: r.department_code! } : null,
    assigned_to: r.assigned_to ? { user_id: Number(r.assigned_to), full_name: fullName(r.assigned_first, r.assigned_last) } : null,
    patient: r.patient ?? {},
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function createSearchService(db: Db) {
  return {
    /** One page of the dictations matching the term that the caller may see, in the Laravel-style envelope of spec §7. */
    async search(auth: RequestAuth, q: Query, pageUrl: (page: number) => string) {
      const { rows, total } = await searchPage(db, viewerOf(auth), parseSearchTerm(q.search, q.search_key), {
        sortKey: q.sort_key,
        sort: q.sort,
        page: q.page,
        perPage: q.paginate,
      });
      const lastPage = Math.max(1, Math.ceil(total / q.paginate));
      return {
        data: {
          data: rows.map(toRow),
          current_page: q.page,
          last_page: lastPage,
          per_page: q.paginate,
          total,
          next_page_url: q.page < lastPage ? pageUrl(q.page + 1) : null,
          prev_page_url: q.page > 1 ? pageUrl(Math.min(q.page - 1, lastPage)) : null,
        },
      };
    },
  };
}
