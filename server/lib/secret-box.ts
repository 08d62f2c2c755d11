/**
 * Secrets the server keeps for later use and never shows back (issue 25: a trust's engine API keys):
 * AES-256-GCM, a fresh 12-byte IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64).
 *
 * The key: SECRET_BOX_KEY (32 bytes, base64) when the deployment sets it, so a copy of the database alone
 * does not open the secrets; otherwise one made on first use and kept in `settings`, as the URL-signing
 * key is (server/lib/signed-url.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const KEY_SETTING = 'secret_box_key';

async function loadKey(db: Db): Promise<Buffer> {
  const fromEnv = process.env.SECRET_BOX_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SECRET_BOX_KEY must be 32 bytes, base64');
    return key;
  }
  await db
    .insert(settings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY_SETTING));
  return Buffer.from(row!.value as string, 'base64');
}

export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export function createSecretBox(db: Db): SecretBox {
  let key: Promise<Buffer> | null = null;
  const getKey = () => (key ??= loadKey(db).catch((err: unknown) => ((key = null), Promise.reject(err))));
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    async open(sealed) {
      const [v, iv, tag, body] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', await getKey(), Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
