import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiCall = vi.fn();
vi.mock('../../src/lib/api/client', () => ({ apiCall: (...args: unknown[]) => apiCall(...args), setAccessToken: () => {} }));

const { loadAuthors } = await import('../../src/features/notifications/api/notifications');

const author = (id: number) => ({ id, full_name: `Dr Author ${id}` });
const page = (data: unknown[], current_page: number, last_page: number) => ({
  users: { data, current_page, last_page, per_page: 100, total: 0, next_page_url: null, prev_page_url: null },
});

beforeEach(() => apiCall.mockReset());

describe('the clinician filter’s authors list (spec §6, §7)', () => {
  it('loads every page of the site’s authors, 100 a page, so the 101st author can be chosen', async () => {
    apiCall
      .mockResolvedValueOnce(
        page(
          Array.from({ length: 100 }, (_, i) => author(i + 1)),
          1,
          2,
        ),
      )
      .mockResolvedValueOnce(page([author(101)], 2, 2));
    const authors = await loadAuthors(7);
    expect(authors).toHaveLength(101);
    expect(authors.at(-1)).toEqual(author(101));
    expect(apiCall.mock.calls.map((c) => c[1].query)).toEqual([
      { site_id: '7', page: '1', paginate: '100', filter_role: 'Author' },
      { site_id: '7', page: '2', paginate: '100', filter_role: 'Author' },
    ]);
  });

  it('one page when the site has fewer than 100 authors', async () => {
    apiCall.mockResolvedValueOnce(page([author(1)], 1, 1));
    expect(await loadAuthors(3)).toEqual([author(1)]);
    expect(apiCall).toHaveBeenCalledTimes(1);
  });
});
