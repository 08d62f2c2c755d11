import { expect, test } from './fixtures';
import { expectPath, signIn } from './helpers';

const LANDINGS: [string, string][] = [
  ['superadmin@wardnote.test', '/AUTHOR_APPROVAL'],
  ['trustadmin@wardnote.test', '/trusts'],
  ['siteadmin@wardnote.test', '/trust/config/1'],
  ['manager@wardnote.test', '/READY_FOR_TYPING'],
  ['secretary@wardnote.test', '/READY_FOR_TYPING'],
  ['author@wardnote.test', '/AUTHOR_APPROVAL'],
  ['scribe@wardnote.test', '/encounter'],
  ['newstarter@wardnote.test', '/password/change'],
  ['other.author@wardnote.test', '/AUTHOR_APPROVAL'],
];

for (const [email, path] of LANDINGS) {
  test(`${email} lands on ${path}`, async ({ page }) => {
    await signIn(page, email);
    await expectPath(page, path);
    if (path !== '/password/change') await expect(page.getByTestId('user-full-name')).toBeVisible();
  });
}

test('the PIN user enters the PIN, then lands Home; a wrong PIN says "Incorrect pin"', async ({ page }) => {
  await signIn(page, 'pin.author@wardnote.test');
  await expectPath(page, '/authenticate');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect pin', { exact: true })).toBeVisible();
  await expectPath(page, '/authenticate');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect(page.getByTestId('user-full-name')).toHaveText('Hannah Price');
});

test('a guest is sent to /login from a guarded page, and a signed-in user away from /login', async ({ page }) => {
  await page.goto('/uploaddictation');
  await expectPath(page, '/login');
  await signIn(page, 'manager@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await page.goto('/login');
  await expectPath(page, '/READY_FOR_TYPING');
});

test('the first-login user changes the password and then reaches Home', async ({ page }) => {
  await signIn(page, 'newstarter@wardnote.test');
  await expectPath(page, '/password/change');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Current password').fill('Wardnote-demo-1');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Repeat the new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The server's refusal marks the field (the same words are also the field's standing hint, seen at once).
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use at least 10 characters', { exact: false }).first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Newstarter-pass-1');
  await page.getByLabel('Repeat the new password').fill('Newstarter-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectPath(page, '/READY_FOR_TYPING');
});

test('an unknown path shows NotFound, and so does an unknown Home tab', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/NOT_A_STATUS');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a reset link with a bad token shows NotFound', async ({ page }) => {
  await page.goto('/password/reset/not-a-real-token?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
