import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';

test.describe.configure({ timeout: 300_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

interface Row {
  id: number;
  user: { id: number };
  audio: { state: string; duration_ms: number | null } | null;
}

/** One of the author's dictations waiting for typing, with its audio converted (in the background after the first start). */
async function readyDictationOf(request: APIRequestContext, token: string, authorId: number): Promise<Row> {
  let found: Row | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dictation?status=READY_FOR_TYPING&paginate=30&author=${authorId}`, auth(token));
        expect(res.status(), await res.text()).toBe(200);
        const rows = ((await res.json()) as { data: { data: Row[] } }).data.data;
        found = rows.find((r) => r.user.id === authorId && r.audio?.state === 'ready' && (r.audio.duration_ms ?? 0) >= 10_000);
        return !!found;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return found!;
}

const paragraph = (text: string, audioMs: number | null) => ({
  type: 'paragraph',
  attrs: { audioMs },
  content: [{ type: 'text', text }],
});
const doc = (...paragraphs: object[]) => ({ type: 'doc', content: paragraphs });

test('the author reviews a typed letter beside the audio, sees what changed, plays a paragraph and approves with Q', async ({
  page,
  request,
  browser,
}) => {
  const secretary = await apiToken(request, SECRETARY);
  const author = await apiToken(request, AUTHOR);
  const me = ((await (await request.get('/api/user', auth(author))).json()) as { data: { id: number } }).data;
  const d = await readyDictationOf(request, secretary, me.id);
  const call = async (token: string, method: 'post' | 'put', path: string, data: unknown) => {
    const res = await request[method](path, { ...auth(token), data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  };

  // The secretary types the letter (the second paragraph started 3 s into the audio) and sends it.
  await call(secretary, 'post', `/api/dictation/${d.id}/claim`, {});
  await call(secretary, 'put', `/api/dictation/${d.id}/letter`, {
    doc: doc(paragraph('Thank you for referring this patient.', 0), paragraph('The echo is normal.', 3000)),
    base_version: 0,
  });
  await call(secretary, 'post', `/api/dictation/${d.id}/transition`, { action: 'send_for_approval', base_version: 1 });
  // The author reads it once and returns it; the secretary adds the plan and sends it again.
  expect((await request.get(`/api/dictation/${d.id}/letter`, auth(author))).status()).toBe(200);
  await call(author, 'post', `/api/dictation/${d.id}/transition`, { action: 'return_for_typing', reason: 'Please add the plan.' });
  // The secretary, who has the letter again, sees why on top of it.
  const typist = await browser.newContext();
  const typistPage = await typist.newPage();
  await openSignedIn(typistPage, SECRETARY, `/dictation/${d.id}`);
  await expect(typistPage.getByTestId('returned-notice')).toHaveText('Returned by Daniel Reid: Please add the plan.');
  await typist.close();
  await call(secretary, 'put', `/api/dictation/${d.id}/letter`, {
    doc: doc(
      paragraph('Thank you for referring this patient.', 0),
      paragraph('The echo is normal.', 3000),
      paragraph('Plan: review in clinic in six weeks.', null),
    ),
    base_version: 1,
  });
  await call(secretary, 'post', `/api/dictation/${d.id}/transition`, { action: 'send_for_approval', base_version: 2 });

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, AUTHOR, `/dictation/${d.id}`);
  await expect(page.getByText(/^Author Approval ·/)).toBeVisible();
  const approve = page.getByRole('button', { name: 'Approve (Q)' });
  await expect(approve).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to typist' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Letter' })).toContainText('Plan: review in clinic');

  // What changed since the author last saw it: the plan, highlighted as added.
  const changes = page.getByRole('button', { name: 'Show changes since you last opened it (v1 → v2)' });
  await changes.click();
  await expect(page.locator('ins').filter({ hasText: 'Plan: review in clinic in six weeks.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/review-1024.png', fullPage: false });

  // A paragraph plays from where the typist was when typing it.
  const audio = () =>
    page.evaluate(() => ({ t: document.querySelector('audio')!.currentTime, paused: document.querySelector('audio')!.paused }));
  await page.getByRole('button', { name: 'Play from 0:03' }).click();
  await expect.poll(async () => (await audio()).t, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await audio()).paused).toBe(false);
  await expect(page.getByTestId('player-position')).toHaveText(/^0:0[3-9]/);
  await page.getByRole('button', { name: 'Pause' }).click();
  // One ▶ per place in the audio, named by what it plays (issue 23): the paragraph typed with no
  // position plays on from the one before it and has no button of its own.
  await expect(page.locator('button.paragraph-play')).toHaveCount(2);
  await expect(page.locator('button.paragraph-play').first()).toHaveAccessibleName('Play from 0:00');
  await page.getByRole('button', { name: 'Play from 0:00' }).click();
  await expect.poll(async () => (await audio()).t).toBeLessThan(3);
  await page.getByRole('button', { name: 'Pause' }).click();

  // On a phone, the same review.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(approve).toBeInViewport();
  await page.screenshot({ path: 'test-results/review-390.png', fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Q outside the letter's text approves (in the text it is a letter q: tests/unit/review.test.ts).
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('q');
  // Said once the server has it (issue 23).
  await expect(page.getByText('Approved.')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => ((await (await request.get(`/api/dictation/${d.id}`, auth(author))).json()) as { data: { status: string } }).data.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('MANUAL_DISTRIBUTION');

  // Approved: the letter is signed, read-only.
  await page.goto(`/dictation/${d.id}`);
  await expect(page.getByText(/^Manual Distribution ·/)).toBeVisible();
  await expect(page.getByTestId('approval-signature')).toHaveText(
    /^Approved by Daniel Reid, Consultant Physician in General Medicine, GMC 4412087 on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
  );
  await expect(page.getByRole('button', { name: 'Approve (Q)' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/review-approved-1024.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('approval-signature').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/review-approved-390.png', fullPage: false });
});
