import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 22 in the browser: a TrustAdmin records a standing delegation of approval on the trust's
 * configuration page (an incomplete form is refused in words, a second one for the pair too), the
 * delegate then sees Approve on that author's letter waiting for approval, and the TrustAdmin revokes it.
 */

test.describe.configure({ timeout: 120_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

type Delegations = { delegations: { id: number }[] };

/** Revokes whatever delegation the test left, so the demo's secretary approves nothing for anyone afterwards. */
async function revokeAll(request: APIRequestContext, token: string, path: string) {
  const { data } = (await (await request.get(path, auth(token))).json()) as { data: Delegations };
  for (const d of data.delegations) await request.delete(`${path}/${d.id}`, auth(token));
}

test('a TrustAdmin lets Jenny Walsh approve for Daniel Reid; she then sees Approve on his letter; the delegation is revoked', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, TRUST_ADMIN);
  const trustId = ((await (await request.get('/api/user', auth(token))).json()) as { data: { site: { trust_id: number } } }).data.site
    .trust_id;
  const path = `/api/trusts/${trustId}/delegations`;
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, TRUST_ADMIN);
    await expectPath(page, '/trusts');
    await page.goto(`/trust/config/${trustId}`);
    const section = page.getByRole('region', { name: 'Approval on an author’s behalf' });
    await expect(section.getByText(/^No standing delegations/)).toBeVisible();

    const form = section.getByRole('form', { name: 'Add a standing delegation' });
    await form.getByRole('button', { name: 'Add delegation' }).click();
    await expect(form.getByText('Choose a secretary or manager of this trust.')).toBeVisible();
    await expect(form.getByLabel('Secretary or manager')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

    await form.getByLabel('Secretary or manager').selectOption({ label: 'Jenny Walsh' });
    await form.getByLabel('May approve for (author)').selectOption({ label: 'Daniel Reid' });
    await form.getByRole('button', { name: 'Add delegation' }).click();
    await expect(page.getByText('Saved: Jenny Walsh may approve for Daniel Reid.')).toBeVisible();
    const list = section.getByRole('list', { name: 'Standing delegations' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Jenny Walsh may approve for Daniel Reid');
    await expect(list.getByRole('listitem')).toContainText(/Set by Priya Shah on \d{2}-[A-Z][a-z]{2}-\d{4}/);
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

    await form.getByLabel('Secretary or manager').selectOption({ label: 'Jenny Walsh' });
    await form.getByLabel('May approve for (author)').selectOption({ label: 'Daniel Reid' });
    await form.getByRole('button', { name: 'Add delegation' }).click();
    await expect(form.getByText('Jenny Walsh may already approve for Daniel Reid.')).toBeVisible();

    // The delegate: a letter of Daniel Reid's waiting for approval opens in review mode for her.
    const secretaryToken = await apiToken(request, SECRETARY);
    const waiting = (
      (await (await request.get('/api/dictation?status=AUTHOR_APPROVAL&paginate=30', auth(secretaryToken))).json()) as {
        data: { data: { id: number; user: { full_name: string }; secretarial_cover: boolean }[] };
      }
    ).data.data.find((r) => r.user.full_name === 'Daniel Reid' && !r.secretarial_cover);
    expect(waiting, 'the demo has a letter of Daniel Reid waiting for approval').toBeTruthy();
    const jenny = await browser.newPage();
    try {
      await signIn(jenny, SECRETARY);
      await expect(jenny).not.toHaveURL(/\/login$/);
      await jenny.goto(`/dictation/${waiting!.id}`);
      await expect(jenny.getByRole('button', { name: 'Approve (Q)' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await jenny.close();
    }

    await list.getByRole('button', { name: 'Revoke: Jenny Walsh may approve for Daniel Reid' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Revoked: Jenny Walsh may approve for Daniel Reid.')).toBeVisible();
    await expect(section.getByText(/^No standing delegations/)).toBeVisible();
  } finally {
    await revokeAll(request, token, path);
  }
});
