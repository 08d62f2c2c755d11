import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Wardnote-demo-1';

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What this origin keeps in IndexedDB: the Dexie tables' row counts and the keys of the key store. */
export async function localData(page: Page): Promise<{ secureRows: number; keys: string[] }> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const all = <T>(db: IDBDatabase, store: string, what: 'count' | 'getAllKeys') =>
      new Promise<T>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve((what === 'count' ? 0 : []) as T);
        const req = db.transaction(store).objectStore(store)[what]();
        req.onsuccess = () => resolve(req.result as T);
      });
    const dexie = await open('wardnote');
    const keys = await open('wardnote-keys');
    const result = {
      secureRows: await all<number>(dexie, 'secure', 'count'),
      keys: (await all<IDBValidKey[]>(keys, 'keyval', 'getAllKeys')).map(String),
    };
    dexie.close();
    keys.close();
    return result;
  });
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`^[^?#]*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path);
}

/**
 * The JSON bodies the page sends to addresses ending in `suffix`, as the page's fetch saw them (the
 * API client sends a Request object, whose body Playwright's `postData()` does not show).
 */
export async function recordSentBodies(page: Page, suffix: string): Promise<() => Promise<unknown[]>> {
  await page.addInitScript((suffix) => {
    const sent: unknown[] = [];
    (window as unknown as { sentBodies: unknown[] }).sentBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.split('?')[0]!.endsWith(suffix)) return original(input, init);
      const req = new Request(input, init);
      sent.push(
        await req
          .clone()
          .json()
          .catch(() => null),
      );
      return original(req);
    };
  }, suffix);
  return () => page.evaluate(() => (window as unknown as { sentBodies: unknown[] }).sentBodies);
}
