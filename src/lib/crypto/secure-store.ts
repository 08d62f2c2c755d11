import { db, type Sealed } from '../db/db';
import { keyStore } from '../db/keys';

const KEY_NAME = 'data_key';
const RAW_KEY_NAME = 'data_key_raw';
let cached: Promise<CryptoKey> | null = null;

/**
 * The AES-GCM key for data at rest: non-extractable and kept as a CryptoKey in IndexedDB. Where the
 * browser refuses to store a CryptoKey (DataCloneError in some private modes), the raw key bytes are
 * kept instead (PITFALLS 17); both are deleted at logout.
 */
async function loadKey(): Promise<CryptoKey> {
  const stored = await keyStore.get<CryptoKey>(KEY_NAME);
  if (stored) return stored;
  const raw = await keyStore.get<ArrayBuffer>(RAW_KEY_NAME);
  if (raw) return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  try {
    await keyStore.set(KEY_NAME, key);
    return key;
  } catch {
    const extractable = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
    const bytes = await crypto.subtle.exportKey('raw', extractable);
    await keyStore.set(RAW_KEY_NAME, bytes);
    return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  }
}

function dataKey(): Promise<CryptoKey> {
  cached ??= loadKey().catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}

/** Encrypts bytes with the device key and a fresh IV. */
export async function seal(plain: ArrayBuffer | Uint8Array): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await dataKey(), plain as BufferSource);
  return { iv, data };
}

export async function unseal(sealed: Sealed): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer> }, await dataKey(), sealed.data);
}

export async function sealJson(value: unknown): Promise<Sealed> {
  return seal(new TextEncoder().encode(JSON.stringify(value)));
}

export async function unsealJson<T>(sealed: Sealed): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await unseal(sealed))) as T;
}

export async function putSecure(name: string, value: unknown): Promise<void> {
  await db.secure.put({ name, ...(await sealJson(value)), updatedAt: Date.now() });
}

/** The decrypted value, or undefined when absent or unreadable (e.g. the key was wiped). */
export async function getSecure<T>(name: string): Promise<T | undefined> {
  const item = await db.secure.get(name);
  if (!item) return undefined;
  try {
    return await unsealJson<T>(item);
  } catch {
    return undefined;
  }
}

/** Forget the in-memory key (after the key store is wiped). */
export function forgetDataKey(): void {
  cached = null;
}
