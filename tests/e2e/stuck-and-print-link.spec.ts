import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 13 in the browser: the Manager's stuck-letter count on the Manual distribution tab, and a print
 * link copied from the letter preview opening the letter's PDF in a browser that is not signed in.
 */

test.describe.configure({ timeout: 180_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const serious = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);

/** A typed letter for the demo patient, started by the secretary as a manual letter. */
async function typedLetter(request: APIRequestContext, token: string): Promise<{ id: number; reference: string }> {
  const options = (
    (await (await request.get('/api/dictation-options', auth(token))).json()) as {
      data: { departments: { id: number; name: string }[]; job_types: { id: number; name: string }[] };
    }
  ).data;
  const author = ((await (await request.get('/api/user', auth(await apiToken(request, AUTHOR)))).json()) as { data: { id: number } }).data;
  const res = await request.post('/api/dictation/manual', {
    ...auth(token),
    data: {
      author_id: author.id,
      department_id: options.departments.find((d) => d.name === 'Cardiology')!.id,
      job_type_id: options.job_types.find((j) => j.name === 'Clinic Letter')!.id,
      patient: {
        patient_first_name: 'Arthur',
        patient_last_name: 'PENROSE',
        patient_nhs_id: '9434765919',
        patient_birthdate: '1950-11-22',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = ((await res.json()) as { data: { id: number; reference: string } }).data;
  const saved = await request.put(`/api/dictation/${made.id}/letter`, {
    ...auth(token),
    data: {
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Printed from a link.' }] }] },
      base_version: 0,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return made;
}

test('a Manager sees how many approved letters are stuck on the Manual distribution tab', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const stuck = (await (await request.get('/api/stuck-letters', auth(token))).json()) as { data: { total: number } };
  await signIn(page, MANAGER);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/MANUAL_DISTRIBUTION');
  await expectPath(page, '/MANUAL_DISTRIBUTION');
  const notice = page.getByTestId('stuck-letters');
  // The demo's Manual distribution letters were approved days ago with copies still waiting.
  expect(stuck.data.total).toBeGreaterThan(0);
  await expect(notice).toContainText(
    `${stuck.data.total === 1 ? '1 approved letter has' : `${stuck.data.total} approved letters have`} not reached every recipient within 24 hours`,
  );
  expect(await serious(page, '[data-testid="stuck-letters"]')).toEqual([]);
});

test('a Secretary copies a print link from the preview; it opens the PDF without signing in, and an altered one says so', async ({
  page,
  browser,
  request,
}) => {
  const letter = await typedLetter(request, await apiToken(request, SECRETARY));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, SECRETARY);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/dictation/${letter.id}`);
  await expectPath(page, `/dictation/${letter.id}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Letter preview' });
  await dialog.getByRole('button', { name: 'Print link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Print link' });
  await expect(field).toHaveValue(/\/renderdocument\?d=\d+&v=\d+&u=\d+&s=\d+&exp=\d+&sig=/);
  expect(await serious(page, '[role="dialog"]')).toEqual([]);
  const link = await field.inputValue();

  // A browser with no session (a print room's): the PDF is fetched and handed to its viewer.
  const printRoom = await browser.newContext({ serviceWorkers: 'block' });
  const printer = await printRoom.newPage();
  const pdf = printer.waitForResponse((r) => r.url().includes('/api/renderdocument?'));
  await printer.goto(link);
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');

  // An altered link: the page says so in words.
  const altered = await printRoom.newPage();
  await altered.goto(link.replace(/sig=[^&]+/, 'sig=forged'));
  await expect(altered.getByRole('alert')).toHaveText('This print link is not valid. Ask for a new print link from the letter.');
  expect(await serious(altered, 'main')).toEqual([]);
  await printRoom.close();
});
