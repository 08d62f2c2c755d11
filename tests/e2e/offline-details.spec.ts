import { expect, test } from './fixtures';
import { dispatchSync, outboxItems, record, waitForWorker } from './recording';
import { expectPath, seriousViolations, signIn, screenshotBothSizes } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** Whether the encrypted copy of the details form's options is in the device store yet. */
async function optionsSaved(page: import('@playwright/test').Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const req = indexedDB.open('wardnote');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('secure')) return resolve(false);
          const get = db.transaction('secure').objectStore('secure').get('dictation_options');
          get.onsuccess = () => {
            resolve(!!get.result);
            db.close();
          };
        };
        req.onerror = () => resolve(false);
      }),
  );
}

test('offline before any record page: /record/1 still offers the services, says how old they are, and submit is queued', async ({
  context,
  page,
  baseURL,
}) => {
  await signIn(page, 'author@wardnote.test');
  await expect(page).not.toHaveURL(/\/login$/);
  await waitForWorker(context, page);
  // Saved at sign-in (and on every start), not by visiting a record page.
  await expect.poll(() => optionsSaved(page)).toBe(true);

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/record/1');
  await expectPath(page, '/record/1');

  const service = page.getByLabel('Service (required)');
  await expect(service.getByRole('option', { name: 'Cardiology (CAR)' })).toHaveCount(1);
  await expect(page.getByTestId('options-age')).toHaveText(
    /^Services and job types as of \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}, from this device's copy: the server cannot be reached\.$/,
  );
  await expect(page.getByText('Error fetching your request')).toHaveCount(0);

  await record(page, 3);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  // The player appearing moves Submit down: a press landing then would be released off the button.
  await expect(page.getByLabel('Play back the recording')).toBeVisible({ timeout: 30_000 });
  await service.selectOption({ label: 'Cardiology (CAR)' });
  await page.getByRole('button', { name: /Submit/ }).click();
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(async () => (await outboxItems(page)).length).toBe(1);

  // Issue 23: the author's list shows the recording as waiting on this device, under one offline banner.
  const waiting = page.getByRole('region', { name: 'On this device — waiting to send' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting).toContainText(/Dictation \d+ \w+, \d{2}:\d{2}/);
  await expect(page.getByText(/^offline — last synced/)).toBeVisible();
  await expect(page.getByText(/^(You are offline\.|offline — )/).filter({ visible: true })).toHaveCount(1);
  // Left at the phone's size: the axe check below is of the phone layout.
  await screenshotBothSizes(page, (width) => `test-results/ux-queue/offline-waiting-${width}.png`, { restore: false });
  expect(await seriousViolations(page)).toEqual([]);

  // Back online: once the server has it, it leaves the section.
  await context.unroute('**/api/**');
  await context.setOffline(false);
  await dispatchSync(context, new URL(baseURL!).origin);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
  await expect(waiting).toHaveCount(0);
});
