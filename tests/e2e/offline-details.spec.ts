import { expect, test } from '@playwright/test';
import { outboxItems, record, waitForWorker } from './recording';
import { expectPath, signIn } from './helpers';

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
});
