import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function idOf(email: string): Promise<number> {
  const token = await t.login(email);
  return (await t.call('GET', '/api/user', { token })).json().data.id;
}

describe('trust isolation of users', () => {
  it("a trust admin lists only their own trust's users", async () => {
    const token = await t.login('trustadmin@wardnote.test');
    const res = await t.call('GET', '/api/users', { token });
    expect(res.statusCode).toBe(200);
    const emails = res.json().users.data.map((u: { email: string }) => u.email);
    expect(emails).toContain('author@wardnote.test');
    expect(emails).toContain('pin.author@wardnote.test');
    expect(emails).not.toContain('other.author@wardnote.test');
  });

  it("another trust's user answers 404, own trust's user 200", async () => {
    const otherId = await idOf('other.author@wardnote.test');
    const ownId = await idOf('author@wardnote.test');
    const token = await t.login('trustadmin@wardnote.test');
    expect((await t.call('GET', `/api/users/${otherId}`, { token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/users/${ownId}`, { token })).statusCode).toBe(200);
  });

  it('filter_role=Author gives a secretary the authors list, paginated Laravel-style', async () => {
    const token = await t.login('secretary@wardnote.test');
    const res = await t.call('GET', '/api/users?filter_role=Author&paginate=2&page=1', { token });
    expect(res.statusCode).toBe(200);
    const page = res.json().users;
    expect(page.data).toHaveLength(2);
    expect(page.data.every((u: { roles: { name: string }[] }) => u.roles.some((r) => r.name === 'Author'))).toBe(true);
    expect(page).toMatchObject({ current_page: 1, last_page: 2, total: 3 });
    expect(page.next_page_url).toContain('page=2');
  });

  it('an author may not list users (403)', async () => {
    const token = await t.login('author@wardnote.test');
    const res = await t.call('GET', '/api/users', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
  });

  it('bad query values are a 422 with a message', async () => {
    const token = await t.login('manager@wardnote.test');
    const res = await t.call('GET', '/api/users?paginate=5000&filter_role=Nobody', { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('paginate');
  });
});
