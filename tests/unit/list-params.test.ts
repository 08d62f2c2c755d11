import { describe, expect, it } from 'vitest';
import { pageNumbers } from '../../src/components/ui/page-numbers';
import { nextSort, readListParams, toApiQuery } from '../../src/features/worklist/list-params';

describe('work-queue URL state', () => {
  it('reads valid values and drops the rest', () => {
    expect(readListParams({ page: 3, paginate: 25, sort_key: 'tat', sort: 'desc', author: '12', assigned_to: 'none' })).toEqual({
      page: 3,
      paginate: 25,
      sort_key: 'tat',
      sort: 'desc',
      assigned_to: 'none',
      author: 12,
      department: undefined,
      document_type: undefined,
      dictation_type: undefined,
      search: undefined,
    });
    const bad = readListParams({ page: -1, paginate: 11, sort_key: 'patient', sort: 'sideways', author: 'x', department: 2 ** 31 });
    expect(bad).toMatchObject({ page: 1, paginate: 10, sort_key: undefined, sort: 'asc', author: undefined, department: undefined });
  });
  it('builds the API query with only what is set', () => {
    expect(toApiQuery('SENT', readListParams({ search: ' smith ', dictation_type: 'mobile' }))).toEqual({
      status: 'SENT',
      page: '1',
      paginate: '10',
      sort: 'asc',
      dictation_type: 'mobile',
      search: 'smith',
    });
  });
  it('header clicks sort ascending first, then flip, and go back to page 1', () => {
    const p = readListParams({ page: 4 });
    expect(nextSort(p, 'author')).toEqual({ sort_key: 'author', sort: 'asc', page: 1 });
    expect(nextSort({ ...p, sort_key: 'author', sort: 'asc' }, 'author')).toEqual({ sort_key: 'author', sort: 'desc', page: 1 });
  });
  it('page numbers with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(1, 0)).toEqual([]);
    expect(pageNumbers(40_000, 40_000)).toEqual([1, null, 39_999, 40_000]);
    expect(pageNumbers(2, 40_000)).toEqual([1, 2, 3, null, 40_000]);
  });
});
