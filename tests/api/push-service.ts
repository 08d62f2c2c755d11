/**
 * A local push service for tests: an HTTP endpoint that takes what the server sends (RFC 8030) and
 * decrypts it as the browser would (RFC 8291 over RFC 8188 aes128gcm), with a subscription key pair
 * made here, and checks the VAPID header (RFC 8292). A subscription can be told to answer 410 (gone).
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscription: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The raw bytes as they crossed the wire (for "no patient data in clear" checks). */
  raw: Buffer;
  vapid: { audience: string; subject: string; publicKey: string };
}

const b64u = (b: Buffer) => b.toString('base64url');

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number) {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 / RFC 8188 §2: one record, the last (delimiter 0x02). */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record: delimiter missing');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key. */
function checkVapid(header: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no VAPID authorization');
  const [jwt, k] = [m[1]!, m[2]!];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (!(claims.exp * 1000 > Date.now())) throw new Error('VAPID token expired');
  return { audience: claims.aud, subject: claims.sub, publicKey: k };
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** A new subscription (its own key pair and auth secret) at this service. */
  subscribe(): TestSubscription;
  /** From now on this subscription's endpoint answers `status` (410: the browser unsubscribed). */
  answer(sub: TestSubscription, status: number): void;
  /** Resolves when `n` pushes have arrived in all. */
  waitFor(n: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const sub = keys.get(id);
      if (!sub) return void res.writeHead(404).end();
      if (sub.status !== 201) return void res.writeHead(sub.status).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const raw = Buffer.concat(chunks);
        const vapid = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptAes128gcm(raw, sub.ecdh, sub.auth).toString('utf8')) as unknown;
        received.push({ subscription: id, headers: req.headers, payload, raw, vapid });
        res.writeHead(201).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    origin,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      keys.set(id, { ecdh, auth, status: 201 });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(sub, status) {
      keys.get(sub.endpoint.split('/').pop()!)!.status = status;
    },
    waitFor(n) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve) => waiters.push({ n, resolve: () => resolve(received) }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
