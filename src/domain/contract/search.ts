/**
 * The find-document search (spec §2, §7): GET /api/dictation/document with `search`, `search_key`,
 * `sort`, `sort_key`, `paginate`, `page`, answered as `data.data` with `current_page` and `next_page_url`.
 * `parseSearchTerm` decides which fields a term is looked for in; client and server share it.
 */
import { z } from 'zod';
import { DEFAULT_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZES } from '../limits';
import { SORTABLE_COLUMNS } from '../list-query';
import { normaliseNhsNumber } from '../nhs-number';
import { safeText, pageQuerySchema } from './primitives';
import { paginatedSchema } from './users';
import { worklistRowSchema } from './worklist';

/** The panel's filter chips (spec §2). */
export const SEARCH_KEYS = ['all', 'author', 'department', 'clinic_code', 'patient'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** The sortable columns of spec §9, and `created_at` (the dictation date) as the panel first sent it. */
export const SEARCH_SORT_KEYS = [...SORTABLE_COLUMNS, 'created_at'] as const;
export type SearchSortKey = (typeof SEARCH_SORT_KEYS)[number];

export const SEARCH_MAX_LENGTH = 100;

/**
 * Where a term is looked for: the fields each chip covers, narrowed by what the term looks like. An
 * NHS number (ten digits, spaces or dashes between groups) is matched exactly (and as part of a
 * reference); a longer run of digits is a reference; a shorter one a reference or an MRN; digits are
 * never a name.
 */
export type SearchField = 'reference' | 'nhs' | 'mrn' | 'patient_name' | 'author' | 'department' | 'clinic_code' | 'letter_text';

export interface ParsedSearch {
  /** The term as typed, trimmed, inner spaces collapsed. */
  text: string;
  /** The NHS number's ten digits when the term is one, else null. */
  nhs: string | null;
  fields: SearchField[];
}

/** Names and letter text need three characters for a trigram or word index to narrow anything. */
export const MIN_TEXT_SEARCH = 3;

/**
 * Ten digits are an NHS number (and the start of a reference); more are a reference (yymmddHHMMSS and a
 * suffix). Neither is looked for inside MRNs: a long run of digits shares its trigrams with most of them.
 */
const longNumber = (digits: string) => digits.length > 10;

export function parseSearchTerm(raw: string, key: SearchKey): ParsedSearch {
  const text = raw.trim().replace(/\s+/g, ' ');
  const compact = normaliseNhsNumber(text);
  const numeric = /^[\d\s-]+$/.test(text) && /^\d+$/.test(compact);
  const nhs = numeric && compact.length === 10 ? compact : null;
  let fields: SearchField[];
  switch (key) {
    case 'author':
      fields = ['author'];
      break;
    case 'department':
      fields = ['department'];
      break;
    case 'clinic_code':
      fields = ['clinic_code'];
      break;
    case 'patient':
      fields = nhs ? ['nhs'] : numeric ? ['mrn'] : ['patient_name', 'mrn'];
      break;
    default:
      fields = nhs
        ? ['reference', 'nhs']
        : numeric
          ? longNumber(compact)
            ? ['reference']
            : ['reference', 'mrn']
          : ['patient_name', 'mrn', 'author', 'department', 'clinic_code', 'letter_text'];
  }
  return { text: numeric ? compact : text, nhs, fields };
}

/** What is wrong with a term for a key, in plain words, or null. */
export function searchTermProblem(raw: string, key: SearchKey): string | null {
  const { text } = parseSearchTerm(raw, key);
  if (!text) return 'search: enter what to search for.';
  // Author, department and clinic code search small tables or a prefix index: one character will do.
  if ((key === 'all' || key === 'patient') && text.length < MIN_TEXT_SEARCH) return `search: enter at least ${MIN_TEXT_SEARCH} characters.`;
  return null;
}

const pageSizes = SEARCH_PAGE_SIZES.map(String) as [string, ...string[]];

export const searchQuerySchema = z
  .object({
    search: safeText().max(SEARCH_MAX_LENGTH, `search: at most ${SEARCH_MAX_LENGTH} characters.`),
    // The "All" chip may be sent as an empty key (issue 23): it is `all`.
    search_key: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(SEARCH_KEYS, { error: `search_key: choose ${SEARCH_KEYS.join(', ')}.` }).default('all'),
    ),
    sort: z.enum(['asc', 'desc'], { error: 'sort: asc or desc.' }).default('desc'),
    sort_key: z.enum(SEARCH_SORT_KEYS, { error: `sort_key: sort by ${SORTABLE_COLUMNS.join(', ')}.` }).default('dictation_date'),
    paginate: z
      .enum(pageSizes, { error: `paginate: choose ${SEARCH_PAGE_SIZES.join(', ')} per page.` })
      .transform(Number)
      .default(DEFAULT_SEARCH_PAGE_SIZE),
    page: pageQuerySchema(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const problem = searchTermProblem(q.search, q.search_key);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['search'] });
  });
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** A result card (spec §2): the list row's fields a card shows and the click rule needs. */
export const searchRowSchema = worklistRowSchema.pick({
  id: true,
  reference: true,
  status: true,
  urgent: true,
  is_confidential: true,
  is_mobile: true,
  user: true,
  department: true,
  patient: true,
  assigned_to: true,
  secretarial_cover: true,
  created_at: true,
});
export type SearchRow = z.infer<typeof searchRowSchema>;

export const searchPageSchema = z.object({ data: paginatedSchema(searchRowSchema) });
export type SearchPage = z.infer<typeof searchPageSchema>;
