import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { pushSubscriptions, sessions, settings, users } from '../../server/db/schema';
import { emit, publish } from '../../server/modules/notifications/notify.service';
import { createPushSender } from '../../server/modules/push/push.sender';
import { loadVapidKeys } from '../../server/modules/push/vapid';
import { createWebPushTransport } from '../../server/modules/push/webpush-transport';
import { createEndpointPolicy } from '../../server/modules/push/endpoint-policy';
import { startTestApp, type TestApp } from './harness';
import { startPushService, type TestPushService, type TestSubscription } from './push-service';
import { AUTHOR, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

let t: TestApp;
let push: TestPushService;
const tokens: Record<string, string> = {};
const ids: Record<string, { id: number; trustId: number }> = {};

beforeAll(async () => {
  // The in-test push service is on loopback http: allowed only because the test names it.
  push = await startPushService();
  t = await startTestApp({ MAIL_FROM: 'Wardnote <wardnote@nhs.example>', PUSH_TEST_ORIGINS: push.origin });
  for (const email of [AUTHOR, SECRETARY, MANAGER, 'trustadmin@wardnote.test', 'pin.author@wardnote.test']) {
    tokens[email] = await t.login(email);
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    ids[email] = { id: u!.id, trustId: u!.trustId };
  }
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const topic = (kind: string, email: string) => `${kind}_${ids[email]!.id}_UK`;
const subscribe = (email: string, sub: TestSubscription, topics?: string[]) =>
  t.call('POST', '/api/notification/subscribe', {
    token: tokens[email],
    body: { registration_tokens: [sub.endpoint], ...(topics ? { topics } : {}), subscription: sub },
  });
const devices = async () => t.db.select().from(pushSubscriptions);

/** A sender on the app's database and VAPID keys, for outcomes a test reads back directly. */
async function directSender() {
  const keys = await loadVapidKeys(t.db);
  return createPushSender({
    db: t.db,
    log: pino({ level: 'silent' }),
    transports: {
      webpush: createWebPushTransport(keys, 'mailto:wardnote@nhs.example', {
        policy: createEndpointPolicy({ testOrigins: [push.origin] }),
      }),
    },
  });
}

describe('VAPID keys', () => {
  it('are made once and kept in settings; only the public key is given out', async () => {
    const res = await t.call('GET', '/api/notification/push-config', { token: tokens[AUTHOR] });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'vapid'));
    const stored = row!.value as { publicKey: string; privateKey: string };
    expect(res.json()).toEqual({ transport: 'webpush', vapid_public_key: stored.publicKey, fcm: false });
    expect(res.body).not.toContain(stored.privateKey);
    expect(await loadVapidKeys(t.db)).toEqual(stored);
  });

  it('a role without notifications (TrustAdmin) is refused', async () => {
    expect((await t.call('GET', '/api/notification/push-config', { token: tokens['trustadmin@wardnote.test'] })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/notification/push-config')).statusCode).toBe(401);
  });
});

describe('subscribe and unsubscribe', () => {
  it('an author with no topics given gets the author topics (spec §4)', async () => {
    const sub = push.subscribe();
    const res = await subscribe(AUTHOR, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json().topics).toEqual([topic('AUTHOR_APPROVAL', AUTHOR), topic('REQUEST_REFRESH', AUTHOR)]);
    const row = (await devices()).find((d) => d.token === sub.endpoint)!;
    expect(row).toMatchObject({ userId: ids[AUTHOR]!.id, transport: 'webpush', p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    // The private key is in no answer.
    const [v] = await t.db.select().from(settings).where(eq(settings.key, 'vapid'));
    expect(res.body).not.toContain((v!.value as { privateKey: string }).privateKey);
  });

  it.each([
    ["another user's topic", () => [topic('AUTHOR_APPROVAL', 'pin.author@wardnote.test')]],
    ['a topic not for the role (author, being typed)', () => [topic('BEING_TYPED', AUTHOR)]],
    ['a made-up topic', () => ['EVERYTHING']],
  ])('%s is refused (422) and nothing is stored', async (_name, topics) => {
    const sub = push.subscribe();
    const res = await subscribe(AUTHOR, sub, topics());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/cannot subscribe to/);
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(false);
  });

  it('bad subscriptions are refused in plain words', async () => {
    const sub = push.subscribe();
    const cases = [
      { registration_tokens: [sub.endpoint], subscription: { ...sub, endpoint: 'http://push.example.com/x' } },
      { registration_tokens: ['http://push.example.com/x'], subscription: { ...sub, endpoint: 'http://push.example.com/x' } },
      { registration_tokens: ['https://other.example/x'], subscription: sub },
      { registration_tokens: [sub.endpoint], subscription: { ...sub, keys: { p256dh: 'not base64!', auth: sub.keys.auth } } },
      { registration_tokens: [], subscription: sub },
      { registration_tokens: [sub.endpoint], subscription: sub, extra: 1 },
    ];
    for (const body of cases) {
      const res = await t.call('POST', '/api/notification/subscribe', { token: tokens[AUTHOR], body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    // An FCM token without a Firebase project configured.
    const fcm = await t.call('POST', '/api/notification/subscribe', {
      token: tokens[AUTHOR],
      body: { registration_tokens: ['fcm-token-123456'] },
    });
    expect(fcm.statusCode).toBe(422);
    expect(fcm.json().code).toBe('fcm_not_configured');
    expect((await devices()).length).toBe(1);
  });

  it("unsubscribing another user's device is 404 and leaves it; one's own removes it", async () => {
    const sub = push.subscribe();
    expect((await subscribe(SECRETARY, sub)).statusCode).toBe(200);
    const body = { registration_tokens: [sub.endpoint], topics: [] };
    expect((await t.call('POST', '/api/notification/unsubscribe', { token: tokens[MANAGER], body })).statusCode).toBe(404);
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(true);
    expect((await t.call('POST', '/api/notification/unsubscribe', { token: tokens[SECRETARY], body })).statusCode).toBe(200);
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(false);
  });

  it('the topic-preference variant adds and drops topics by action', async () => {
    const sub = push.subscribe();
    await subscribe(AUTHOR, sub, [topic('AUTHOR_APPROVAL', AUTHOR)]);
    const pref = (action: string, topics: string[]) =>
      t.call('POST', '/api/notification/topic-preference', {
        token: tokens[AUTHOR],
        body: { action, registration_tokens: [sub.endpoint], topics },
      });
    expect((await pref('subscribe', [topic('REQUEST_REFRESH', AUTHOR)])).json().topics).toEqual([
      topic('AUTHOR_APPROVAL', AUTHOR),
      topic('REQUEST_REFRESH', AUTHOR),
    ]);
    expect((await pref('unsubscribe', [topic('AUTHOR_APPROVAL', AUTHOR)])).json().topics).toEqual([topic('REQUEST_REFRESH', AUTHOR)]);
    expect((await pref('subscribe', [topic('BEING_TYPED', SECRETARY)])).statusCode).toBe(422);
    await t.call('POST', '/api/notification/unsubscribe', { token: tokens[AUTHOR], body: { registration_tokens: [sub.endpoint] } });
  });
});

describe('sending', () => {
  it('a committed notification reaches the device as an encrypted push with no patient data', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', urgent: true, patientLast: 'Quenby' });
    const before = push.received.length;
    const n = await emit(t.db, {
      trustId: ids[AUTHOR]!.trustId,
      userId: ids[AUTHOR]!.id,
      dictationId: d.id,
      kind: 'author_approval',
      urgent: true,
      reference: d.reference,
    });
    publish([n]);
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(got!.payload).toEqual({
      title: 'Letter waiting for approval',
      body: `A letter is waiting for your approval (ref ${d.reference}, urgent)`,
      dictationId: d.id,
      notifId: n.id,
      url: `/dictation/${d.id}`,
      unread: expect.any(Number),
    });
    expect(JSON.stringify(got!.payload)).not.toMatch(/Quenby/);
    // Encrypted on the wire, signed for this push service with the server's VAPID key and subject.
    expect(got!.raw.toString('latin1')).not.toContain('approval');
    expect(got!.vapid.audience).toBe(push.origin);
    expect(got!.vapid.subject).toBe('mailto:wardnote@nhs.example');
    expect(got!.vapid.publicKey).toBe((await loadVapidKeys(t.db)).publicKey);
    expect(got!.headers.ttl).toBeDefined();
  });

  it('topics fan out by role: the author hears of approvals, the secretary of new tasks, not the other way', async () => {
    const sender = await directSender();
    const a = push.subscribe();
    const s = push.subscribe();
    await subscribe(AUTHOR, a);
    await subscribe(SECRETARY, s, [topic('BEING_TYPED', SECRETARY)]);
    const base = { dictationId: null, title: 'T', body: 'B' };
    const before = push.received.length;
    expect(await sender.notify({ ...base, userId: ids[SECRETARY]!.id, kind: 'author_approval' })).toEqual([]);
    expect(await sender.notify({ ...base, userId: ids[AUTHOR]!.id, kind: 'new_task' })).toEqual([]);
    const toSecretary = await sender.notify({ ...base, userId: ids[SECRETARY]!.id, kind: 'new_task' });
    expect(toSecretary).toEqual([{ kind: 'sent' }]);
    const after = push.received.slice(before);
    expect(after.map((r) => r.subscription)).toEqual([s.endpoint.split('/').pop()]);
    // The author's device (author topics) hears of a refresh request.
    expect(await sender.notify({ ...base, userId: ids[AUTHOR]!.id, kind: 'refresh_request' })).toContainEqual({ kind: 'sent' });
  });

  it.each([410, 404])('a device the push service answers %i for is deleted', async (status) => {
    const sender = await directSender();
    const sub = push.subscribe();
    await subscribe(MANAGER, sub);
    push.answer(sub, status);
    const out = await sender.notify({ userId: ids[MANAGER]!.id, kind: 'new_task', title: 'T', body: 'B', dictationId: null });
    expect(out).toEqual([{ kind: 'gone' }]);
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(false);
  });

  it('a busy push service is a retry, and the device stays', async () => {
    const sender = await directSender();
    const sub = push.subscribe();
    await subscribe(MANAGER, sub);
    push.answer(sub, 503);
    const out = await sender.notify({ userId: ids[MANAGER]!.id, kind: 'stuck', title: 'T', body: 'B', dictationId: null });
    expect(out).toEqual([{ kind: 'retry', reason: 'status 503' }]);
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(true);
  });
});

describe('a session ended on the server (spec §4 step 5)', () => {
  const subscribeWith = (token: string, sub: TestSubscription) =>
    t.call('POST', '/api/notification/subscribe', { token, body: { registration_tokens: [sub.endpoint], subscription: sub } });
  const idOf = (sub: TestSubscription) => sub.endpoint.split('/').pop();
  const approval = (sender: Awaited<ReturnType<typeof directSender>>) =>
    sender.notify({ userId: ids[AUTHOR]!.id, kind: 'author_approval', title: 'T', body: 'B', dictationId: null });

  it('logout deletes the devices that session registered, though the client never unsubscribed; others keep theirs', async () => {
    const sender = await directSender();
    const other = await t.login(AUTHOR);
    const kept = push.subscribe();
    const loggedOut = push.subscribe();
    expect((await subscribeWith(tokens[AUTHOR]!, kept)).statusCode).toBe(200);
    expect((await subscribeWith(other, loggedOut)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout', { token: other })).statusCode).toBe(200);
    const left = (await devices()).map((d) => d.token);
    expect(left).toContain(kept.endpoint);
    expect(left).not.toContain(loggedOut.endpoint);
    const before = push.received.length;
    await approval(sender);
    const got = push.received.slice(before).map((r) => r.subscription);
    expect(got).toContain(idOf(kept));
    expect(got).not.toContain(idOf(loggedOut));
  });

  it('a device re-registered by a new sign-in survives the logout of the session that first registered it', async () => {
    const first = await t.login(AUTHOR);
    const second = await t.login(AUTHOR);
    const sub = push.subscribe();
    await subscribeWith(first, sub);
    await subscribeWith(second, sub);
    await t.call('POST', '/api/logout', { token: first });
    expect((await devices()).some((d) => d.token === sub.endpoint)).toBe(true);
  });

  it('a device of an expired session gets no push', async () => {
    const sender = await directSender();
    const token = await t.login(AUTHOR);
    const sub = push.subscribe();
    await subscribeWith(token, sub);
    const row = (await devices()).find((d) => d.token === sub.endpoint)!;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, row.sessionId!));
    const before = push.received.length;
    await approval(sender);
    expect(push.received.slice(before).map((r) => r.subscription)).not.toContain(idOf(sub));
  });
});
