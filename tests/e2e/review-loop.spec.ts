import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, signIn } from './helpers';
import { apiToken, waitForWorker } from './recording';

/**
 * Issue 12's whole loop, through the screens of two people: a secretary types a letter and sends it for
 * approval; the author, on a ward with no signal, opens it from the queue copied to the tablet and returns
 * it with a reason; back online the return reaches the secretary, who corrects the letter and sends it
 * again; the author approves it and finds it signed.
 */
test.describe.configure({ timeout: 300_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

interface Row {
  id: number;
  reference: string;
  user: { id: number };
  audio: { state: string } | null;
}

async function readyDictationOf(request: APIRequestContext, token: string, authorId: number): Promise<Row> {
  let found: Row | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dictation?status=READY_FOR_TYPING&paginate=30&author=${authorId}`, auth(token));
        const rows = ((await res.json()) as { data: { data: Row[] } }).data.data;
        found = rows.find((r) => r.user.id === authorId && r.audio?.state === 'ready');
        return !!found;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return found!;
}

async function statusOf(request: APIRequestContext, token: string, id: number): Promise<string> {
  const res = await request.get(`/api/dictation/${id}`, auth(token));
  return ((await res.json()) as { data: { status: string } }).data.status;
}

const letter = (page: Page) => page.getByRole('textbox', { name: 'Letter' });
const saved = (page: Page) => page.getByText(/^Saved( \d{2}:\d{2})?$/);

/** A page of a browser of its own, signed in: at `path` if given, else through the sign-in form to the landing page. */
async function signedIn(browser: Browser, email: string, path?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  if (path) {
    await openSignedIn(page, email, path);
    return page;
  }
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

/** A hand-off that is the first button, or one in the "More actions" menu. */
async function handOff(page: Page, name: string) {
  const direct = page.getByRole('button', { name, exact: true });
  if (await direct.isVisible()) return direct.click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('a letter goes round the loop: typed, returned offline with a reason, corrected, approved and signed', async ({
  browser,
  request,
}) => {
  const authorToken = await apiToken(request, AUTHOR);
  const secretaryToken = await apiToken(request, SECRETARY);
  const author = ((await (await request.get('/api/user', auth(authorToken))).json()) as { data: { id: number } }).data;
  const d = await readyDictationOf(request, secretaryToken, author.id);

  // The secretary opens it (and so claims it), types the letter and sends it for approval.
  const typist = await signedIn(browser, SECRETARY, `/dictation/${d.id}`);
  await expect(typist.getByText(/^Being Typed ·/)).toBeVisible();
  await letter(typist).click();
  await typist.keyboard.press('Control+End');
  await typist.keyboard.type('The patient is well. Continue bisoprolol 5 mg once daily.');
  await expect(saved(typist)).toBeVisible({ timeout: 30_000 });
  await handOff(typist, 'Send for approval');
  await expect(typist).not.toHaveURL(/\/dictation\//);
  await expect.poll(() => statusOf(request, authorToken, d.id), { timeout: 30_000 }).toBe('AUTHOR_APPROVAL');

  // The author's tablet copies the approval queue while it has a signal…
  const reviewer = await signedIn(browser, AUTHOR);
  const tablet = reviewer.context();
  await expectPath(reviewer, '/AUTHOR_APPROVAL');
  await waitForWorker(tablet, reviewer);
  // The approval queue runs past one page: the reference finds the letter.
  await reviewer.goto(`/AUTHOR_APPROVAL?search=${d.reference}`);
  await expect(reviewer.getByText(d.reference)).toBeVisible();
  await reviewer.getByRole('link', { name: 'Profile' }).click();
  await expect(reviewer.getByTestId('offline-review-usage')).toContainText(/Today \d{2}:\d{2}/, { timeout: 60_000 });

  // …then, with none, opens the letter from that copy and returns it with a reason.
  await tablet.setOffline(true);
  await tablet.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await reviewer.goto('/AUTHOR_APPROVAL');
  await expect(reviewer.getByText(/^offline — last synced \d{2}:\d{2}$/)).toBeVisible({ timeout: 30_000 });
  await reviewer.getByText(d.reference).click();
  await reviewer.getByRole('alertdialog', { name: 'Do you want to be redirected?' }).getByRole('button', { name: 'Yes' }).click();
  await expectPath(reviewer, `/dictation/${d.id}`);
  await expect(letter(reviewer)).toContainText('Continue bisoprolol 5 mg once daily.', { timeout: 30_000 });
  await handOff(reviewer, 'Return to typist');
  const dialog = reviewer.getByRole('dialog', { name: 'Return to typist' });
  await dialog.getByLabel(/^Reason/).fill('Please add the blood pressure from the clinic.');
  await dialog.getByRole('button', { name: 'Return to typist' }).click();
  await expect(reviewer).not.toHaveURL(/\/dictation\//);
  // Nothing has reached the server yet.
  expect(await statusOf(request, authorToken, d.id)).toBe('AUTHOR_APPROVAL');

  // Back online, the return reaches the server and the secretary, who sees why on top of the letter.
  await tablet.unroute('**/api/**');
  await tablet.setOffline(false);
  await expect.poll(() => statusOf(request, authorToken, d.id), { timeout: 60_000 }).toBe('BEING_TYPED');
  await typist.goto(`/BEING_TYPED?search=${d.reference}`);
  const row = typist.getByRole('row').filter({ hasText: d.reference });
  // The list's Returned badge, with the reason for screen readers and as its tooltip.
  await expect(row).toContainText('Returned', { timeout: 30_000 });
  await expect(row).toContainText('Please add the blood pressure from the clinic.');
  await typist.goto(`/dictation/${d.id}`);
  await expect(typist.getByTestId('returned-notice')).toHaveText('Returned by Daniel Reid: Please add the blood pressure from the clinic.');

  // The secretary corrects the letter and sends it again.
  await letter(typist).click();
  await typist.keyboard.press('Control+End');
  await typist.keyboard.type(' Blood pressure in clinic 128/76.');
  await expect(saved(typist)).toBeVisible({ timeout: 30_000 });
  await handOff(typist, 'Send for approval');
  await expect.poll(() => statusOf(request, authorToken, d.id), { timeout: 30_000 }).toBe('AUTHOR_APPROVAL');

  // The author, online again, sees the correction and approves; the letter is signed.
  await reviewer.goto(`/dictation/${d.id}`);
  await expect(letter(reviewer)).toContainText('Blood pressure in clinic 128/76.');
  await reviewer.getByRole('button', { name: 'Approve (Q)' }).click();
  await expect.poll(() => statusOf(request, authorToken, d.id), { timeout: 30_000 }).toBe('MANUAL_DISTRIBUTION');
  await reviewer.goto(`/dictation/${d.id}`);
  await expect(reviewer.getByTestId('approval-signature')).toHaveText(
    /^Approved by Daniel Reid, Consultant Physician in General Medicine, GMC 4412087 on /,
  );

  await typist.context().close();
  await tablet.close();
});
