// On PostgreSQL too: statements are counted on db.$client, a node-postgres Pool on PostgreSQL and the PGlite instance otherwise.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { paginatedSchema, userSummarySchema } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';

/** Issue 7 point 8: GET /api/users answers the same page in a number of queries that does not grow with the page. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('trustadmin@wardnote.test');
});
afterAll(() => t.close());

const pageSchema = z.object({ users: paginatedSchema(userSummarySchema) }).strict();

async function page(query: string) {
  const res = await t.call('GET', `/api/users${query}`, { token: admin });
  expect(res.statusCode).toBe(200);
  return pageSchema.parse(res.json()).users;
}

/** How many SQL statements one request runs. */
async function queriesFor(query: string): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await page(query);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/users', () => {
  it('answers each user with name, e-mail, site and roles, ordered by last name', async () => {
    const all = await page('?paginate=100');
    expect(all.total).toBe(all.data.length);
    expect(all.data.length).toBeGreaterThan(5);
    const author = all.data.find((u) => u.email === 'author@wardnote.test');
    expect(author).toMatchObject({ full_name: 'Daniel Reid', roles: [{ name: 'Author' }] });
    expect(author!.site_id).toEqual(expect.any(Number));
    const lastNames = all.data.map((u) => u.full_name.split(' ').pop()!);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b)));
    // Another trust's users stay out.
    expect(all.data.some((u) => u.email === 'other.author@wardnote.test')).toBe(false);
  });

  it('pages keep their totals, filters and links; a page past the end is empty but still counts', async () => {
    const all = await page('?paginate=100');
    const first = await page('?paginate=3&page=1');
    const second = await page('?paginate=3&page=2');
    expect(first).toMatchObject({
      total: all.total,
      per_page: 3,
      current_page: 1,
      last_page: Math.ceil(all.total / 3),
      prev_page_url: null,
    });
    expect(first.next_page_url).toBe('/api/users?paginate=3&page=2');
    expect([...first.data, ...second.data]).toEqual(all.data.slice(0, 6));
    const past = await page('?paginate=3&page=99');
    expect(past.data).toEqual([]);
    expect(past.total).toBe(all.total);
    const authors = await page('?filter_role=Author');
    expect(authors.data.length).toBeGreaterThan(0);
    expect(authors.data.every((u) => u.roles.some((r) => r.name === 'Author'))).toBe(true);
    expect(authors.total).toBe(all.data.filter((u) => u.roles.some((r) => r.name === 'Author')).length);
  });

  it('runs as many queries for a page of ten users as for a page of one', async () => {
    const one = await queriesFor('?paginate=1');
    const many = await queriesFor('?paginate=100');
    expect((await page('?paginate=100')).data.length).toBeGreaterThanOrEqual(8);
    expect(many).toBe(one);
  });

  it('GET /api/users/:id answers the same summary as the list', async () => {
    const all = await page('?paginate=100');
    const someone = all.data[0]!;
    const res = await t.call('GET', `/api/users/${someone.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(someone);
  });
});
