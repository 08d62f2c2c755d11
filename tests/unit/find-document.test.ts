import { describe, expect, it } from 'vitest';
import { parseSearchTerm, searchQuerySchema, searchTermProblem, type SearchRow } from '../../src/domain/contract';
import { addRecentSearch } from '../../src/domain/recent-searches';
import { emptyText, INITIAL_SEARCH, localPage, matchesLocally, toQuery, withChange } from '../../src/features/find-document/search-state';

describe('parseSearchTerm: which fields a term is looked for in', () => {
  it('an NHS number with spaces or dashes is matched exactly, as ten digits (and as part of a reference under All)', () => {
    expect(parseSearchTerm(' 943 476 5919 ', 'all')).toEqual({ text: '9434765919', nhs: '9434765919', fields: ['reference', 'nhs'] });
    expect(parseSearchTerm('943-476-5919', 'patient')).toEqual({ text: '9434765919', nhs: '9434765919', fields: ['nhs'] });
  });

  it('more digits are a reference; fewer a reference or an MRN; never a name', () => {
    expect(parseSearchTerm('26100109010101', 'all')).toEqual({ text: '26100109010101', nhs: null, fields: ['reference'] });
    expect(parseSearchTerm('26100109', 'all')).toEqual({ text: '26100109', nhs: null, fields: ['reference', 'mrn'] });
    expect(parseSearchTerm('4000037', 'patient').fields).toEqual(['mrn']);
  });

  it('words: every field under All; one field under a chip; inner spaces collapsed', () => {
    expect(parseSearchTerm('  Jane   Smith ', 'all')).toEqual({
      text: 'Jane Smith',
      nhs: null,
      fields: ['patient_name', 'mrn', 'author', 'department', 'clinic_code', 'letter_text'],
    });
    expect(parseSearchTerm('smith', 'patient').fields).toEqual(['patient_name', 'mrn']);
    expect(parseSearchTerm('Reid', 'author').fields).toEqual(['author']);
    expect(parseSearchTerm('CAR', 'department').fields).toEqual(['department']);
    expect(parseSearchTerm('C1', 'clinic_code').fields).toEqual(['clinic_code']);
  });

  it('a term too short to narrow anything is refused in plain words', () => {
    expect(searchTermProblem('   ', 'all')).toBe('search: enter what to search for.');
    expect(searchTermProblem('ab', 'all')).toBe('search: enter at least 3 characters.');
    expect(searchTermProblem('ab', 'patient')).toBe('search: enter at least 3 characters.');
    expect(searchTermProblem('a', 'clinic_code')).toBeNull();
    expect(searchTermProblem('abc', 'all')).toBeNull();
  });

  it('the query schema takes the spec’s parameters with their defaults and refuses others', () => {
    expect(searchQuerySchema.parse({ search: 'smith' })).toEqual({
      search: 'smith',
      search_key: 'all',
      sort: 'desc',
      sort_key: 'dictation_date',
      paginate: 10,
      page: 1,
    });
    expect(searchQuerySchema.safeParse({ search: 'smith', paginate: '12' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ search: 'smith', search_key: 'reference' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ search: 'smith', extra: '1' }).success).toBe(false);
  });
});

describe('find-document panel state', () => {
  it('the empty state names the key, or Data for All (spec §8)', () => {
    expect(emptyText('all')).toBe('No Data found');
    expect(emptyText('patient')).toBe('No patient found');
    expect(emptyText('clinic_code')).toBe('No clinic_code found');
  });

  it('sends nothing until the term is searchable; any change but the page goes back to page 1', () => {
    expect(toQuery(INITIAL_SEARCH)).toBeNull();
    expect(toQuery({ ...INITIAL_SEARCH, term: 'ab' })).toBeNull();
    const s = { ...INITIAL_SEARCH, term: 'smith', page: 3 };
    expect(toQuery(s)).toEqual({ search: 'smith', search_key: 'all', sort: 'desc', sort_key: 'dictation_date', paginate: '10', page: '3' });
    expect(withChange(s, { key: 'patient' })).toMatchObject({ key: 'patient', page: 1 });
    expect(withChange(s, { perPage: 25 })).toMatchObject({ perPage: 25, page: 1 });
  });

  it('recent searches: at most three, newest last, a repeat moves to the end', () => {
    let list: string[] = [];
    for (const t of ['one', 'two', 'three', 'four']) list = addRecentSearch(list, t);
    expect(list).toEqual(['two', 'three', 'four']);
    expect(addRecentSearch(list, 'two')).toEqual(['three', 'four', 'two']);
    expect(addRecentSearch(list, '  ')).toEqual(list);
  });
});

describe('offline search over the rows this device holds', () => {
  const row = (id: number, over: Partial<SearchRow>): SearchRow => ({
    id,
    reference: `26100100000${id}`,
    status: 'READY_FOR_TYPING',
    urgent: 'STANDARD',
    is_confidential: false,
    is_mobile: false,
    secretarial_cover: false,
    user: { id: 1, full_name: 'Daniel Reid' },
    department: { id: 1, name: 'Cardiology', code: 'CAR' },
    patient: { patient_first_name: 'Jane', patient_last_name: 'Smith', patient_nhs_id: '9434765919', patient_mrn_id: 'RDG001' },
    assigned_to: null,
    created_at: `2026-10-0${id}T09:00:00.000Z`,
    ...over,
  });
  const rows = [
    row(1, {}),
    row(2, { patient: { patient_first_name: 'Tom', patient_last_name: 'Jones' } }),
    row(3, { user: { id: 2, full_name: 'Hannah Price' } }),
  ];

  it('matches by the same fields as the server', () => {
    expect(matchesLocally(rows[0]!, 'jane smi', 'patient')).toBe(true);
    expect(matchesLocally(rows[0]!, '943 476 5919', 'all')).toBe(true);
    expect(matchesLocally(rows[1]!, '943 476 5919', 'all')).toBe(false);
    expect(matchesLocally(rows[2]!, 'hannah', 'author')).toBe(true);
    expect(matchesLocally(rows[2]!, 'hannah', 'patient')).toBe(false);
    expect(matchesLocally(rows[0]!, 'car', 'department')).toBe(true);
  });

  it('pages the matches in the chosen order, once each', () => {
    const page = localPage([...rows, rows[0]!], { ...INITIAL_SEARCH, term: 'smith', perPage: 10 });
    expect(page.data.map((r) => r.id)).toEqual([3, 1]);
    expect(page).toMatchObject({ total: 2, last_page: 1, next_page_url: null });
    expect(localPage(rows, { ...INITIAL_SEARCH, term: 'smith', sort: 'asc' }).data.map((r) => r.id)).toEqual([1, 3]);
  });
});
