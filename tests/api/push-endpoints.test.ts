import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, users } from '../../server/db/schema';
import { isPublicAddress, systemResolve } from '../../server/lib/public-address';
import { emit, publish } from '../../server/modules/notifications/notify.service';
import { startTestApp, type TestApp } from './harness';
import { startPushService, type TestPushService } from './push-service';
import { AUTHOR } from './worklist-fixtures';

/**
 * Issue 22 point 5: a push subscription's endpoint is a URL the client chooses and the server POSTs
 * to. Only https on port 443 at public addresses is taken, checked on the name's addresses when the
 * subscription arrives and again on the connection at every send (DNS rebinding), with no redirects.
 * The in-test push service on loopback is reachable only because this test names it
 * (PUSH_TEST_ORIGINS). A loopback "victim" listener stands for whatever the server could be made to
 * reach: it must never hear a request.
 */

/** What the test's resolver answers; a name not listed is the system's (localhost) or not found. */
const DNS: Record<string, string[][]> = {
  'push.example.net': [['93.184.216.34']],
  'internal.example.net': [['10.0.0.5']],
  'mixed.example.net': [['93.184.216.34', '192.168.1.1']],
  'cgnat.example.net': [['100.64.3.4']],
  'ula.example.net': [['fd12:3456::1']],
  'mapped.example.net': [['::ffff:127.0.0.1']],
  // Public when the subscription arrives, loopback when the push goes out.
  'rebind.example.net': [['93.184.216.34'], ['127.0.0.1']],
};
const asked: string[] = [];
async function testResolve(hostname: string): Promise<LookupAddress[]> {
  asked.push(hostname);
  const answers = DNS[hostname];
  if (!answers) {
    if (hostname === 'localhost') return systemResolve(hostname);
    throw Object.assign(new Error(`not found: ${hostname}`), { code: 'ENOTFOUND' });
  }
  const n = asked.filter((h) => h === hostname).length;
  const now = answers[Math.min(n, answers.length) - 1]!;
  return now.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

let t: TestApp;
let push: TestPushService;
let victim: Server;
let victimPort = 0;
const hits: string[] = [];
let redirector: Server;
let redirectorOrigin = '';
let token = '';
let authorId = 0;
let trustId = 0;

function listen(handler: (req: IncomingMessage) => { status: number; location?: string }): Promise<[Server, number]> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, location } = handler(req);
      res.writeHead(status, location ? { location } : {}).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve([server, (server.address() as { port: number }).port])));
}

beforeAll(async () => {
  [victim, victimPort] = await listen((req) => {
    hits.push(`${req.method} ${req.url}`);
    return { status: 201 };
  });
  let redirectorPort = 0;
  [redirector, redirectorPort] = await listen(() => ({ status: 307, location: `http://127.0.0.1:${victimPort}/followed` }));
  redirectorOrigin = `http://127.0.0.1:${redirectorPort}`;
  push = await startPushService();
  t = await startTestApp({ PUSH_TEST_ORIGINS: `${push.origin},${redirectorOrigin}` }, { deps: { pushResolve: testResolve } });
  token = await t.login(AUTHOR);
  const [u] = await t.db.select().from(users).where(eq(users.email, AUTHOR));
  authorId = u!.id;
  trustId = u!.trustId;
});
afterAll(async () => {
  await t.close();
  await push.close();
  await new Promise((r) => victim.close(r));
  await new Promise((r) => redirector.close(r));
});

const keys = () => push.subscribe().keys;
const subscribe = (endpoint: string, withKeys = keys()) =>
  t.call('POST', '/api/notification/subscribe', {
    token,
    body: { registration_tokens: [endpoint], subscription: { endpoint, keys: withKeys } },
  });
const stored = async (endpoint: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, endpoint))).length > 0;

/** A notification for the author, pushed by the app's own sender to every device of theirs. */
async function notifyAuthor() {
  publish([await emit(t.db, { trustId, userId: authorId, dictationId: null, kind: 'author_approval', urgent: false, reference: null })]);
}

describe('which addresses are public', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:93.184.216.34', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::1', false],
    ['2001:db8::1', false],
    ['[::1]', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('subscribing', () => {
  it.each([
    [`http://localhost:${0}/push/a`, 'push_endpoint_not_https'],
    ['http://push.example.net/push/a', 'push_endpoint_not_https'],
    ['https://push.example.net:8443/push/a', 'push_endpoint_not_https'],
    ['https://user:secret@push.example.net/push/a', 'push_endpoint_not_https'],
    ['https://127.0.0.1/push/a', 'push_endpoint_not_public'],
    ['https://169.254.169.254/latest/meta-data', 'push_endpoint_not_public'],
    ['https://10.0.0.1/push/a', 'push_endpoint_not_public'],
    ['https://[::1]/push/a', 'push_endpoint_not_public'],
    ['https://[fe80::1]/push/a', 'push_endpoint_not_public'],
    ['https://[::ffff:7f00:1]/push/a', 'push_endpoint_not_public'],
    ['https://0x7f.1/push/a', 'push_endpoint_not_public'],
    ['https://localhost/push/a', 'push_endpoint_not_public'],
    ['https://internal.example.net/push/a', 'push_endpoint_not_public'],
    ['https://mixed.example.net/push/a', 'push_endpoint_not_public'],
    ['https://cgnat.example.net/push/a', 'push_endpoint_not_public'],
    ['https://ula.example.net/push/a', 'push_endpoint_not_public'],
    ['https://mapped.example.net/push/a', 'push_endpoint_not_public'],
    ['https://nowhere.example.net/push/a', 'push_endpoint_unresolved'],
  ])('%s is refused (422 %s) in plain words, and nothing is stored', async (given, code) => {
    const endpoint = given.replace(':0/', `:${victimPort}/`);
    const res = await subscribe(endpoint);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code, errors: { 'subscription.endpoint': [expect.any(String)] } });
    expect(res.json().message).toMatch(/push (address|service)/);
    expect(await stored(endpoint)).toBe(false);
  });

  it('the loopback addresses the probe used are refused at any port', async () => {
    for (const endpoint of [
      `http://localhost:${victimPort}/push/a`,
      `https://127.0.0.1:${victimPort}/push/a`,
      `http://127.0.0.1:${victimPort}/push/a`,
    ]) {
      expect((await subscribe(endpoint)).statusCode, endpoint).toBe(422);
    }
  });

  it('an https endpoint on port 443 whose name has only public addresses is taken', async () => {
    const endpoint = 'https://push.example.net/push/fine';
    expect((await subscribe(endpoint)).statusCode).toBe(200);
    expect(await stored(endpoint)).toBe(true);
    await t.call('POST', '/api/notification/unsubscribe', { token, body: { registration_tokens: [endpoint] } });
  });
});

describe('sending', () => {
  it('a device stored before these rules (loopback http) is never sent to: it is deleted and the listener hears nothing', async () => {
    const endpoint = `http://127.0.0.1:${victimPort}/push/old-device`;
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: authorId, transport: 'webpush', token: endpoint, ...keys(), topics: [`AUTHOR_APPROVAL_${authorId}_UK`] });
    await notifyAuthor();
    await expect.poll(() => stored(endpoint), { timeout: 10_000 }).toBe(false);
    expect(hits).toEqual([]);
  });

  it('a name that pointed at a public address when subscribed and at loopback when sent to is refused on the connection (DNS rebinding)', async () => {
    const endpoint = 'https://rebind.example.net/push/r1';
    expect((await subscribe(endpoint)).statusCode).toBe(200);
    await notifyAuthor();
    await expect.poll(() => stored(endpoint), { timeout: 10_000 }).toBe(false);
    // Resolved twice: once for the subscription, once for the connection the push would have used.
    expect(asked.filter((h) => h === 'rebind.example.net')).toHaveLength(2);
    expect(hits).toEqual([]);
  });

  it('a redirect from the push service is not followed', async () => {
    const endpoint = `${redirectorOrigin}/push/moved`;
    expect((await subscribe(endpoint)).statusCode).toBe(200);
    const before = push.received.length;
    const sub = push.subscribe();
    expect((await subscribe(sub.endpoint, sub.keys)).statusCode).toBe(200);
    await notifyAuthor();
    // The test push service's push arrives; by then the redirector had its answer too (one sender, in turn).
    await push.waitFor(before + 1);
    expect(hits).toEqual([]);
  });
});
