import { expect, type APIRequestContext } from '@playwright/test';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/**
 * The secretary (by API token) claims one of the author's waiting dictations, types a line and sends it
 * for approval, as another person on another device would.
 */
export async function sendOneForApproval(
  request: APIRequestContext,
  secretary: string,
  authorId: number,
): Promise<{ id: number; reference: string }> {
  const res = await request.get(`/api/dictation?status=READY_FOR_TYPING&paginate=30&author=${authorId}`, auth(secretary));
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { data: { data: { id: number; reference: string; user: { id: number } }[] } }).data.data;
  const d = rows.find((r) => r.user.id === authorId);
  expect(d, 'a waiting dictation of the author').toBeTruthy();
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const r = await request[method](path, { ...auth(secretary), data });
    expect(r.status(), `${method} ${path}: ${await r.text()}`).toBe(200);
  };
  await call('post', `/api/dictation/${d!.id}/claim`, {});
  await call('put', `/api/dictation/${d!.id}/letter`, {
    doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The echo is normal.' }] }] },
    base_version: 0,
  });
  await call('post', `/api/dictation/${d!.id}/transition`, { action: 'send_for_approval', base_version: 1 });
  return { id: d!.id, reference: d!.reference };
}
