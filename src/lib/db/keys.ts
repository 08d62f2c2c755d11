import { clear, createStore, del, get, set } from 'idb-keyval';

/** Small keys that the service worker must read too: the access token and the data key. */
export const KEYS_DB = 'wardnote-keys';
const store = createStore(KEYS_DB, 'keyval');

export const keyStore = {
  get: <T>(key: string) => get<T>(key, store),
  set: (key: string, value: unknown) => set(key, value, store),
  del: (key: string) => del(key, store),
  clear: () => clear(store),
};

export const TOKEN_KEY = 'access_token';
