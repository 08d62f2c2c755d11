import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 25, the knowledge base in the browser: a secretary finds an article by a word of its text and reads
 * it (Ctrl+I and the Resources icon lead there); a TrustAdmin writes one with a preview, is warned before
 * leaving it unsaved, saves it and the secretary finds it; a hostile article renders inert. Axe on each
 * screen; screenshots at tablet and phone sizes in test-results/knowledge-base/.
 */

test.describe.configure({ timeout: 120_000 });

const SECRETARY = 'secretary@wardnote.test';
const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = 'test-results/knowledge-base';
const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** Deletes the articles a test made, whatever happened. */
async function removeArticles(request: APIRequestContext, token: string, title: RegExp) {
  const page = (await (await request.get('/api/knowledge-base?paginate=100', auth(token))).json()) as {
    data: { data: { id: number; title: string }[] };
  };
  for (const a of page.data.data.filter((r) => title.test(r.title))) await request.delete(`/api/knowledge-base/${a.id}`, auth(token));
}

test('a secretary finds an article by a word of its text and reads it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, '/READY_FOR_TYPING');
  // Ctrl+I (spec §9) and the Resources icon both lead to the knowledge base.
  await expect(page.getByRole('link', { name: 'Resources' }).first()).toBeVisible();
  // Not while typing in a field (use-global-shortcuts.ts): from the page itself.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+i');
  await expectPath(page, '/knowledgebase');
  await expect(page.getByRole('heading', { name: 'Knowledge base', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Articles' });
  await expect(list.getByRole('link')).toHaveCount(5);
  await expect(list.getByRole('link', { name: /Demo NHS Foundation Trust: our letters and who to ask/ })).toContainText(
    'Demo NHS Foundation Trust',
  );
  await expect(list.getByRole('link', { name: /What “secretarial cover” means/ })).toContainText('All trusts');
  await expect(page.getByText('Choose an article to read it here.')).toBeVisible();
  // The site's own support contact (spec §3 site.support_email).
  const help = page.getByRole('complementary', { name: 'Need more help?' });
  await expect(help).toContainText('Support for Demo General Hospital:');
  await expect(help.getByRole('link', { name: 'servicedesk@demo-nhs.test' })).toHaveAttribute('href', 'mailto:servicedesk@demo-nhs.test');
  expect(await seriousViolations(page, { include: 'main', withTargets: true })).toEqual([]);
  await shots(page, 'list');

  // A word that is only in the text, not in any title.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('SpeechMike');
  await expect(list.getByRole('link')).toHaveCount(1);
  const found = list.getByRole('link', { name: /Using a foot pedal/ });
  await expect(found.locator('mark').first()).toHaveText('SpeechMike');
  await found.click();

  const article = page.getByRole('article', { name: 'Using a foot pedal' });
  await expect(article.getByRole('heading', { name: 'Using a foot pedal', level: 2 })).toBeVisible();
  await expect(article.getByRole('heading', { name: 'Connect it once', level: 3 })).toBeVisible();
  await expect(article.locator('strong', { hasText: 'Connect foot pedal or SpeechMike' })).toBeVisible();
  await expect(article).toContainText('Updated');
  await expect(article.getByRole('list', { name: 'Tags' })).toContainText('foot-pedal');
  // A reader has nothing to change.
  await expect(article.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  expect(await seriousViolations(page, { include: 'main', withTargets: true })).toEqual([]);
  await shots(page, 'article');

  // On a phone the article takes the screen; "Back to articles" returns to the list and its search.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list).toBeHidden();
  await page.getByRole('link', { name: 'Back to articles' }).click();
  await expect(list.getByRole('link')).toHaveCount(1);
  await page.setViewportSize({ width: 1024, height: 768 });

  // Empty search result: the spec's words.
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('zebracrossing');
  await expect(page.getByText('No “zebracrossing” found')).toBeVisible();

  // The Resources icon in the top navigation.
  await page.goto('/READY_FOR_TYPING');
  await page.getByRole('link', { name: 'Resources' }).first().click();
  await expectPath(page, '/knowledgebase');
});

test('a TrustAdmin writes an article with a preview; leaving unsaved asks first; a secretary then finds it', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, TRUST_ADMIN);
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openSignedIn(page, TRUST_ADMIN, '/knowledgebase');
    await page.getByRole('link', { name: 'New article' }).click();
    const form = page.getByRole('form', { name: 'New article' });
    await expect(form).toBeVisible();
    await expect(form).toContainText('Who can read it:Your trust only');

    // Nothing filled in: the words under each field, the first field focused.
    await form.getByRole('button', { name: 'Save article' }).click();
    await expect(form.getByText('Give the article a title.')).toBeVisible();
    await expect(form.getByText('Write the text of the article.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Title' })).toBeFocused();
    expect(await seriousViolations(page, { include: 'main', withTargets: true })).toEqual([]);

    await form.getByRole('textbox', { name: 'Title' }).fill('Ward 7 night bleep');
    await form.getByRole('textbox', { name: 'Tags' }).fill('rota, Night');
    await form
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill(
        '## Who to call\n\nAt night ring **bleep 2233** for the registrar.\n\n- Weekdays: 20:00 to 08:00\n- [NHS 111](https://111.nhs.uk)\n',
      );
    await form.getByRole('tab', { name: 'Preview' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Who to call', level: 3 })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('bleep 2233');
    await expect(preview.getByRole('link', { name: 'NHS 111' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await seriousViolations(page, { include: 'main', withTargets: true })).toEqual([]);
    await shots(page, 'preview');

    // Leaving with unsaved changes asks; staying keeps them.
    await page.getByRole('list', { name: 'Articles' }).getByRole('link').first().click();
    const leave = page.getByRole('alertdialog', { name: 'Are you sure you want to leave this page?' });
    await expect(leave).toContainText('Any unsaved changes may be lost.');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    await form.getByRole('tab', { name: 'Write' }).click();
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Ward 7 night bleep');
    await shots(page, 'form');

    await form.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByText('Saved: “Ward 7 night bleep”.')).toBeVisible();
    const article = page.getByRole('article', { name: 'Ward 7 night bleep' });
    await expect(article.locator('strong')).toHaveText('bleep 2233');
    await expect(article).toContainText('Demo NHS Foundation Trust');
    await expect(article.getByRole('list', { name: 'Tags' })).toHaveText(/rota\s*night/);
    await expect(article).toContainText('by Priya Shah');

    // A secretary of the trust finds it by a word of its text.
    const jenny = await browser.newPage();
    try {
      await openSignedIn(jenny, SECRETARY, '/knowledgebase');
      await jenny.getByRole('searchbox', { name: 'Search articles' }).fill('registrar');
      await jenny
        .getByRole('list', { name: 'Articles' })
        .getByRole('link', { name: /Ward 7 night bleep/ })
        .click();
      await expect(jenny.getByRole('article', { name: 'Ward 7 night bleep' }).locator('strong')).toHaveText('bleep 2233');
    } finally {
      await jenny.close();
    }

    // Its writer deletes it: gone from the list at once.
    await article.getByRole('button', { name: 'Delete “Ward 7 night bleep”' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted: “Ward 7 night bleep”.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('link', { name: /Ward 7 night bleep/ })).toHaveCount(0);
  } finally {
    await removeArticles(request, token, /^Ward 7 night bleep$/);
  }
});

test('a hostile article renders inert: no script runs, no handler, no javascript: link, no remote picture', async ({ page, request }) => {
  const token = await apiToken(request, TRUST_ADMIN);
  const body = [
    'Before the hostile parts.',
    '<script>window.hacked = "script"</script>',
    '<img src="https://evil.example/x.png" onerror="window.hacked = \'onerror\'">',
    '<iframe src="https://evil.example/frame"></iframe>',
    '<svg onload="window.hacked = \'svg\'"></svg>',
    '[click me](javascript:window.hacked=%22link%22)',
    '![tracker](https://evil.example/pixel.png)',
    '![also](//evil.example/pixel2.png)',
    '[A safe link](https://www.nhs.uk/)',
    'After the hostile parts.',
  ].join('\n\n');
  const made = await request.post('/api/knowledge-base', { ...auth(token), data: { title: 'Hostile test article', body } });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { data: { id: number } }).data.id;
  try {
    const remote: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (r) => r.url().includes('evil.example') && remote.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openSignedIn(page, SECRETARY, `/knowledgebase?article=${id}`);
    const article = page.getByRole('article', { name: 'Hostile test article' });
    await expect(article).toContainText('After the hostile parts.');
    await expect(article).toContainText('<script>window.hacked = "script"</script>');
    await expect(article).toContainText('[picture not shown: tracker]');

    // The article's text as rendered (the page around it has icons of its own, which are SVG).
    const found = await article.getByTestId('kb-article-body').evaluate((el) => ({
      hacked: (window as unknown as { hacked?: string }).hacked ?? null,
      active: el.querySelectorAll('script, iframe, svg, img, object, embed, style, form').length,
      handlers: Array.from(el.querySelectorAll('*')).flatMap((n) =>
        Array.from(n.attributes)
          .filter((a) => /^on/i.test(a.name))
          .map((a) => a.name),
      ),
      hrefs: Array.from(el.querySelectorAll('a')).map((a) => ({
        text: a.textContent,
        href: a.getAttribute('href'),
        rel: a.rel,
        target: a.target,
      })),
    }));
    expect(found.hacked).toBeNull();
    expect(found.active).toBe(0);
    expect(found.handlers).toEqual([]);
    expect(found.hrefs).toEqual([{ text: 'A safe link', href: 'https://www.nhs.uk/', rel: 'noopener noreferrer', target: '_blank' }]);
    await expect(article.getByText('click me')).toBeVisible();
    expect(remote).toEqual([]);
    expect(dialogs).toEqual([]);
  } finally {
    await request.delete(`/api/knowledge-base/${id}`, auth(token));
  }
});
