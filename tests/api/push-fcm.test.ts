/**
 * The FCM adapter against an in-test Google (tests/api/fcm-service.ts): the JWT bearer grant for the
 * access token, FCM HTTP v1 messages:send, and what the server does with each answer.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { jobs as jobsTable, pushSubscriptions, users } from '../../server/db/schema';
import type { JobQueue } from '../../server/lib/jobs';
import { emit, publish } from '../../server/modules/notifications/notify.service';
import { fcmConfigFromEnv, type FcmConfig } from '../../server/modules/push/fcm-config';
import { createFcmTransport } from '../../server/modules/push/fcm-transport';
import { createPushSender, PUSH_RETRY_JOB } from '../../server/modules/push/push.sender';
import { loadVapidKeys } from '../../server/modules/push/vapid';
import { createWebPushTransport } from '../../server/modules/push/webpush-transport';
import { createEndpointPolicy } from '../../server/modules/push/endpoint-policy';
import { makeServiceAccount, startFcmService, type TestFcmService, type TestServiceAccount } from './fcm-service';
import { startTestApp, type TestApp } from './harness';
import { startPushService, type TestPushService } from './push-service';
import { AUTHOR, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

const silent = pino({ level: 'silent' });
let account: TestServiceAccount;
let fcm: TestFcmService;
let cfg: FcmConfig;
let t: TestApp;
let webPush: TestPushService;
const tokens: Record<string, string> = {};
const ids: Record<string, { id: number; trustId: number }> = {};

const fcmEnv = () => ({ FIREBASE_SERVICE_ACCOUNT: account.json, FCM_API_URL: fcm.origin, FCM_TOKEN_URL: fcm.tokenUrl });
/** A registration token shaped like FCM's (instance id, colon, APA91… part). */
const newToken = () => `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(60).toString('base64url')}`;

beforeAll(async () => {
  account = makeServiceAccount();
  fcm = await startFcmService(account);
  cfg = fcmConfigFromEnv(fcmEnv())!;
  webPush = await startPushService();
  t = await startTestApp({ ...fcmEnv(), MAIL_FROM: 'Wardnote <wardnote@nhs.example>', PUSH_TEST_ORIGINS: webPush.origin });
  for (const email of [AUTHOR, SECRETARY, MANAGER]) {
    tokens[email] = await t.login(email);
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    ids[email] = { id: u!.id, trustId: u!.trustId };
  }
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
  await webPush?.close();
});

const subscribeFcm = (email: string, token: string, topics?: string[]) =>
  t.call('POST', '/api/notification/subscribe', {
    token: tokens[email],
    body: { registration_tokens: [token], ...(topics ? { topics } : {}) },
  });
const device = async (token: string) => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, token)))[0];
const messagesTo = (token: string) => fcm.received.filter((r) => r.message.token === token);

/** Waits (bounded) until the in-test FCM has accepted `n` messages in all. */
async function received(n: number) {
  for (let i = 0; i < 250 && fcm.received.length < n; i++) await new Promise((r) => setTimeout(r, 20));
  return fcm.received;
}

function directSender(opts: { jobs?: JobQueue } = {}) {
  return createPushSender({
    db: t.db,
    log: silent,
    jobs: opts.jobs,
    transports: { fcm: createFcmTransport(cfg) },
  });
}

describe('configuration', () => {
  const PEM_MARK = 'PRIVATE KEY';
  const withKey = (patch: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(account.json), ...patch });

  it.each([
    ['not JSON', () => '{"type": "service_account", private_key: ', /not valid JSON/],
    ['a path to no file', () => '/nonexistent/wardnote/firebase-key.json', /neither the service-account key's JSON nor the path/],
    ['not a service-account key', () => withKey({ type: 'authorized_user' }), /"type" must be "service_account"/],
    ['no private key', () => withKey({ private_key: undefined }), /lacks private_key/],
    [
      'a broken private key',
      () => withKey({ private_key: '-----BEGIN PRIVATE KEY-----\nMIIsecret\n-----END PRIVATE KEY-----\n' }),
      /not a PEM/,
    ],
    [
      'an EC key',
      () =>
        withKey({ private_key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
      /not an RSA key/,
    ],
    ['a bad project id', () => withKey({ project_id: 'Not A Project!' }), /project_id/],
  ])('%s stops the server at start with the reason, never the key', (_name, value, reason) => {
    let message = '';
    try {
      loadConfig({ FIREBASE_SERVICE_ACCOUNT: value() });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:\n {2}FIREBASE_SERVICE_ACCOUNT: /);
    expect(message).toMatch(reason);
    expect(message).not.toContain(PEM_MARK);
    expect(message).not.toContain('MIIsecret');
  });

  it('API and token URLs must be https (http only to this machine) and need a key', () => {
    expect(() => loadConfig({ ...fcmEnv(), FCM_API_URL: 'http://fcm.example.com' })).toThrow(/FCM_API_URL: must be an https URL/);
    expect(() => loadConfig({ FCM_TOKEN_URL: fcm.tokenUrl })).toThrow(/need FIREBASE_SERVICE_ACCOUNT/);
  });

  it('a path to the key file works, and the configuration keeps no key text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-fcm-'));
    try {
      const file = path.join(dir, 'key.json');
      writeFileSync(file, account.json);
      const config = loadConfig({ FIREBASE_SERVICE_ACCOUNT: file });
      expect(config.fcm).toMatchObject({
        projectId: account.projectId,
        clientEmail: account.clientEmail,
        apiUrl: 'https://fcm.googleapis.com',
        tokenUrl: 'https://oauth2.googleapis.com/token',
      });
      expect(JSON.stringify(config)).not.toContain(PEM_MARK);
      expect(loadConfig({}).fcm).toBeNull();
      // Newlines that arrived as the two characters \n (an env file) are read as newlines.
      const pem = (JSON.parse(account.json) as { private_key: string }).private_key;
      const escaped = loadConfig({ FIREBASE_SERVICE_ACCOUNT: withKey({ private_key: pem.replace(/\n/g, '\\n') }) });
      expect(escaped.fcm?.projectId).toBe(account.projectId);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('registration tokens', () => {
  it('push-config tells clients FCM tokens are taken; a token subscribes with the role topics', async () => {
    const res = await t.call('GET', '/api/notification/push-config', { token: tokens[AUTHOR] });
    expect(res.json()).toMatchObject({ transport: 'webpush', fcm: true });
    expect(res.body).not.toContain(account.clientEmail);
    const token = newToken();
    const sub = await subscribeFcm(AUTHOR, token);
    expect(sub.statusCode).toBe(200);
    expect(sub.json().topics).toEqual([`AUTHOR_APPROVAL_${ids[AUTHOR]!.id}_UK`, `REQUEST_REFRESH_${ids[AUTHOR]!.id}_UK`]);
    expect(await device(token)).toMatchObject({ transport: 'fcm', userId: ids[AUTHOR]!.id, p256dh: null });
  });

  it('a URL is not a registration token: 422 in plain words, nothing stored', async () => {
    const res = await subscribeFcm(AUTHOR, 'https://push.example.com/endpoint/123');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Firebase registration tokens/);
    expect(await device('https://push.example.com/endpoint/123')).toBeUndefined();
  });
});

describe('sending by FCM', () => {
  it('a committed notification reaches the token as an FCM v1 message with no patient data', async () => {
    const token = newToken();
    await subscribeFcm(AUTHOR, token);
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', urgent: true, patientLast: 'Quenby' });
    const n = await emit(t.db, {
      trustId: ids[AUTHOR]!.trustId,
      userId: ids[AUTHOR]!.id,
      dictationId: d.id,
      kind: 'author_approval',
      urgent: true,
      reference: d.reference,
    });
    const before = fcm.received.length;
    publish([n]);
    await received(before + 2); // two author tokens: this one and the first test's
    const [got] = messagesTo(token);
    expect(got).toBeDefined();
    expect(got!.message).toMatchObject({
      token,
      notification: { title: 'Letter waiting for approval', body: `A letter is waiting for your approval (ref ${d.reference}, urgent)` },
      data: {
        title: 'Letter waiting for approval',
        body: `A letter is waiting for your approval (ref ${d.reference}, urgent)`,
        dictationId: String(d.id),
        notifId: String(n.id),
        url: `/dictation/${d.id}`,
        unread: expect.stringMatching(/^\d+$/),
      },
      webpush: { headers: { TTL: '86400', Urgency: 'high' } },
      android: { priority: 'HIGH', ttl: '86400s' },
    });
    expect(got!.message.topic).toBeUndefined();
    expect(got!.raw).not.toMatch(/Quenby|9434765919/);
    expect(got!.headers.authorization).toMatch(/^Bearer ya29\.test-/);
    expect(fcm.refusedGrants).toEqual([]);
  });

  it('topics fan out per token: each device on the topic gets its own message, Web Push ones too; nobody else', async () => {
    const keys = await loadVapidKeys(t.db);
    const sender = createPushSender({
      db: t.db,
      log: silent,
      transports: {
        fcm: createFcmTransport(cfg),
        webpush: createWebPushTransport(keys, 'mailto:wardnote@nhs.example', {
          policy: createEndpointPolicy({ testOrigins: [webPush.origin] }),
        }),
      },
    });
    const [a1, a2, s1] = [newToken(), newToken(), newToken()];
    await subscribeFcm(MANAGER, a1);
    await subscribeFcm(MANAGER, a2);
    const browser = webPush.subscribe();
    await t.call('POST', '/api/notification/subscribe', {
      token: tokens[MANAGER],
      body: { registration_tokens: [browser.endpoint], subscription: browser },
    });
    await subscribeFcm(SECRETARY, s1);
    const base = { title: 'New task', body: 'A letter was given to you for typing', dictationId: null };
    const webBefore = webPush.received.length;
    const out = await sender.notify({ ...base, userId: ids[MANAGER]!.id, kind: 'new_task' });
    expect(out).toEqual([{ kind: 'sent' }, { kind: 'sent' }, { kind: 'sent' }]);
    expect(messagesTo(a1)).toHaveLength(1);
    expect(messagesTo(a2)).toHaveLength(1);
    expect(webPush.received.length).toBe(webBefore + 1);
    expect(messagesTo(s1)).toHaveLength(0);
    // The author's topics are not the manager's: author approval reaches none of these devices.
    expect(await sender.notify({ ...base, userId: ids[MANAGER]!.id, kind: 'author_approval' })).toEqual([]);
  });

  it('the access token is asked for once, reused until near its end, then renewed', async () => {
    const transport = createFcmTransport(cfg, { now: fcm.clock });
    const token = newToken();
    const target = { id: 0, transport: 'fcm', token, p256dh: null, auth: null };
    const payload = { title: 'T', body: 'B', dictationId: null, notifId: null, url: '/' };
    const grants = fcm.grants;
    for (let i = 0; i < 3; i++) expect(await transport.send(target, payload)).toEqual({ kind: 'sent' });
    expect(fcm.grants).toBe(grants + 1);
    fcm.advance(56 * 60_000); // within five minutes of the hour's end
    expect(await transport.send(target, payload)).toEqual({ kind: 'sent' });
    expect(fcm.grants).toBe(grants + 2);
    expect(messagesTo(token)).toHaveLength(4);
    // A token FCM stops taking (revoked) is replaced once and the push still goes.
    fcm.answer(token, { kind: 'revoke-token' });
    expect(await transport.send(target, payload)).toEqual({ kind: 'sent' });
    expect(fcm.grants).toBe(grants + 3);
    expect(fcm.refusedGrants).toEqual([]);
  });

  it('a key Google does not know (deleted or rotated) is a failure, not a retry, and sends nothing', async () => {
    const stranger = makeServiceAccount(account.projectId);
    const wrongKey = { ...cfg, privateKey: fcmConfigFromEnv({ FIREBASE_SERVICE_ACCOUNT: stranger.json })!.privateKey };
    const attempts = fcm.sendAttempts;
    const target = { id: 0, transport: 'fcm', token: newToken(), p256dh: null, auth: null };
    const out = await createFcmTransport(wrongKey).send(target, { title: 'T', body: 'B', dictationId: null, notifId: null, url: '/' });
    expect(out).toEqual({ kind: 'failed', reason: 'token endpoint: invalid_grant' });
    expect(fcm.refusedGrants.pop()).toBe('signature');
    expect(fcm.sendAttempts).toBe(attempts);
  });

  it('an unregistered token and one FCM calls invalid are deleted; a fault in the message keeps the token', async () => {
    const sender = directSender();
    const [gone, invalid, kept] = [newToken(), newToken(), newToken()];
    for (const tok of [gone, invalid, kept]) await subscribeFcm(SECRETARY, tok);
    fcm.answer(gone, { kind: 'unregistered' });
    fcm.answer(invalid, { kind: 'invalid-token' });
    fcm.answer(kept, { kind: 'bad-field', field: 'message.data[0].value' });
    const out = await sender.notify({ userId: ids[SECRETARY]!.id, kind: 'new_task', title: 'T', body: 'B', dictationId: null });
    expect(out).toContainEqual({ kind: 'gone' });
    expect(out).toContainEqual({ kind: 'failed', reason: '400 INVALID_ARGUMENT' });
    expect(await device(gone)).toBeUndefined();
    expect(await device(invalid)).toBeUndefined();
    expect(await device(kept)).toBeDefined();
  });

  it('429 is tried again after the Retry-After FCM gave, 500 with growing backoff, then delivered', async () => {
    // The app's queue: it runs every kind of job this database holds (push.retry by the app's own sender).
    const queue = t.app.wardnote.jobs;
    const sender = directSender({ jobs: queue });
    const token = newToken();
    await subscribeFcm(SECRETARY, token, [`BEING_TYPED_${ids[SECRETARY]!.id}_UK`]);
    const row = await device(token);
    const retries = async () =>
      (await t.db.select().from(jobsTable).where(eq(jobsTable.kind, PUSH_RETRY_JOB))).filter(
        (j) => (j.payload as { subscriptionId: number }).subscriptionId === row!.id,
      );
    /** Seconds from now until the job may run. */
    const waitOf = async (id: number) =>
      Number(
        (
          (await t.db.execute(sql`SELECT extract(epoch FROM run_at - now()) AS s FROM jobs WHERE id = ${id}`)) as unknown as {
            rows: { s: string }[];
          }
        ).rows[0]!.s,
      );
    const makeDue = (id: number) => t.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);

    fcm.answer(token, { kind: 'quota', retryAfter: '120' }, { kind: 'internal' });
    const out = await sender.notify({ userId: ids[SECRETARY]!.id, kind: 'new_task', title: 'T', body: 'B', dictationId: 7 });
    expect(out).toContainEqual({ kind: 'retry', reason: '429 QUOTA_EXCEEDED', retryAfterMs: 120_000 });
    const [first] = await retries();
    expect(first!.payload).toMatchObject({ attempt: 1, push: { title: 'T', dictationId: 7 } });
    expect(await waitOf(first!.id)).toBeGreaterThanOrEqual(119);
    expect(await device(token)).toBeDefined();

    await makeDue(first!.id);
    await queue.runUntilIdle(); // answered 500: a second try is queued, later than the first backoff
    const queued = (await retries()).filter((j) => j.state === 'queued');
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toMatchObject({ attempt: 2 });
    expect(await waitOf(queued[0]!.id)).toBeGreaterThanOrEqual(9);
    expect(messagesTo(token)).toHaveLength(0);

    await makeDue(queued[0]!.id);
    await queue.runUntilIdle();
    expect(messagesTo(token)).toHaveLength(1);
    expect(messagesTo(token)[0]!.message.data).toMatchObject({ dictationId: '7' });
    expect((await retries()).every((j) => j.state === 'done')).toBe(true);
  });
});
