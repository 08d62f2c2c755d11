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
