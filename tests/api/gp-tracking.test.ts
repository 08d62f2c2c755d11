// On PostgreSQL too: next_check_at, written by the database's now(), is compared with a JavaScript Date: PostgreSQL's clock has microseconds, PGlite's milliseconds.
import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meshGpDelivery } from '../../server/adapters/mesh/mesh-gp-delivery';
import { MeshClient } from '../../server/adapters/mesh/mesh-client';
import { dictationLogs, deliveries, dictations, jobTypes, letters, notifications, patients, trusts } from '../../server/db/schema';
import { scheduleGpTracking, trackGpDeliveries } from '../../server/modules/distribution/gp-tracking';
import { deliveryLocalId } from '../../server/modules/distribution/send-letter';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { letterDoc } from './letters-fixtures';
import { startMeshServer, type MeshTestServer } from './mesh-server';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * MESH tracking until the practice acknowledges (issue 13): a GP copy accepted by MESH is `sent`, the
 * letter is not SENT yet; the tracking job asks the in-test MESH server (tracking endpoint of the
 * specification, Authorization checked on every request) and the copy becomes delivered when the practice
 * has downloaded and acknowledged it, or fails with MESH's reason (not collected in five days) into the
 * failures list; MESH unavailable or refusing our credentials leaves it waiting for a later check.
 */

const SHARED_KEY = 'track-shared-secret';
const US = 'X26HC006';
const GP_MAILBOX = 'A81001HC001';
const WORKFLOW = 'GPCONNECT_SEND_DOCUMENT';
const PATIENT = { nhs: '9998765005', first: 'Gina', last: 'TRACKWELL' };

let t: TestApp;
let mesh: MeshTestServer;
const tokens: Record<string, string> = {};

interface Shown {
  id: number;
  channel: string;
  status: string;
  reason: string | null;
  message_id: string | null;
  sent_at: string | null;
  checked_at: string | null;
  delivered_at: string | null;
  superseded: boolean;
}

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => t.call(method, url, { token: tokens[who], body });
const statusOf = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status;
const gpCopy = async (id: number): Promise<Shown> => {
  const res = await call(SECRETARY, 'GET', pathOf(E.dictationDeliveries, { id }));
  expect(res.statusCode).toBe(200);
  return (res.json().data as (Shown & { recipient: { type: string } })[]).filter((d) => d.recipient.type === 'gp').at(-1)!;
};
const row = async (deliveryId: number) => (await t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId)))[0]!;
/**
 * The copy's next check is due (as if its backoff had passed), then one tracking run through the job queue.
 * A second in the past, not now(): PostgreSQL's clock has microseconds and the job compares with a JS Date
 * (milliseconds), so a check due "now" was not yet due when both fell in the same millisecond.
 */
const DUE = sql`now() - interval '1 second'`;
const trackNow = async (deliveryId: number) => {
  await t.db.update(deliveries).set({ nextCheckAt: DUE }).where(eq(deliveries.id, deliveryId));
  await scheduleGpTracking(t.db);
  await t.app.wardnote.jobs.runUntilIdle();
};

/** A letter to the GP (no copies), approved and handed to MESH: answers the dictation and its GP copy. */
async function sentToGp(): Promise<{ id: number; reference: string; copy: Shown }> {
  const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY, jobType: 'GP Letter' });
  const [dictation] = await t.db
    .update(dictations)
    .set({
      patient: {
        patient_first_name: PATIENT.first,
        patient_last_name: PATIENT.last,
        patient_nhs_id: PATIENT.nhs,
        patient_birthdate: '1950-11-22',
      },
    })
    .where(eq(dictations.id, d.id))
    .returning();
  const doc = letterDoc('Echo normal; continue the current medication.');
  await t.db
    .insert(letters)
    .values({ dictationId: d.id, trustId: dictation!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  expect((await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id: d.id }), { action: 'approve' })).statusCode).toBe(200);
  await t.app.wardnote.jobs.runUntilIdle();
  return { id: d.id, reference: dictation!.reference, copy: await gpCopy(d.id) };
}

beforeAll(async () => {
  mesh = await startMeshServer({
    sharedKey: SHARED_KEY,
    mailboxes: {
      [US]: { password: 'our-password' },
      [GP_MAILBOX]: { password: 'gp-password', odsCode: 'A81001', workflows: [WORKFLOW] },
    },
  });
  t = await startTestApp({
    MESH_URL: mesh.url,
    MESH_MAILBOX_ID: US,
    MESH_PASSWORD: 'our-password',
    MESH_SHARED_KEY: SHARED_KEY,
    MESH_TIMEOUT_MS: '5000',
  });
  for (const email of [AUTHOR, SECRETARY, MANAGER]) tokens[email] = await t.login(email);
  const [trust] = await t.db.select().from(trusts).orderBy(trusts.id).limit(1);
  await t.db.update(trusts).set({ odsCode: 'RXX01' }).where(eq(trusts.id, trust!.id));
  await t.db.insert(jobTypes).values({ trustId: trust!.id, name: 'GP Letter', recipient: ['gp'], copy: [], template: [] });
  await t.db.insert(patients).values({
    trustId: trust!.id,
    nhsNumber: PATIENT.nhs,
    firstName: PATIENT.first,
    lastName: PATIENT.last,
    birthdate: '1950-11-22',
    address: { lines: ['3 Track Lane', 'Demoton'], postCode: 'DE1 3TT' },
    gp: { code: 'A81001', name: 'Dr Ann Green', practice: 'Riverside Surgery', address: '1 River Road\nDemoton', postCode: 'DE1 2AB' },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mesh?.close();
});

describe('a GP copy over MESH is delivered when the practice acknowledges it', () => {
  it('sent (not SENT) until the practice downloads and acknowledges it; then delivered at that time and the letter is SENT', async () => {
    const { id, copy } = await sentToGp();
    expect(copy).toMatchObject({ channel: 'gp_electronic', status: 'sent', checked_at: null, delivered_at: null });
    expect(copy.sent_at).not.toBeNull();
    expect(mesh.messages.get(copy.message_id!)).toMatchObject({ recipient: GP_MAILBOX, status: 'accepted' });
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');
    // The first check is five minutes after sending: nothing is asked before.
    const first = await row(copy.id);
    expect(first.nextCheckAt!.getTime() - first.sentAt!.getTime()).toBe(5 * 60_000);
    await scheduleGpTracking(t.db);
    await t.app.wardnote.jobs.runUntilIdle();
    expect(mesh.requests.filter((r) => r.path.includes('/outbox/tracking'))).toHaveLength(0);

    // Still in the practice's inbox: asked again ten minutes later.
    await trackNow(copy.id);
    const waiting = await gpCopy(id);
    expect(waiting).toMatchObject({ status: 'sent', delivered_at: null });
    expect(waiting.checked_at).not.toBeNull();
    const again = await row(copy.id);
    expect(again.checks).toBe(1);
    expect(again.nextCheckAt!.getTime() - again.checkedAt!.getTime()).toBe(10 * 60_000);
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');

    // The practice collects it through the MESH API, as its own system does.
    const practice = new MeshClient({
      url: mesh.url,
      mailboxId: GP_MAILBOX,
      password: 'gp-password',
      sharedKey: SHARED_KEY,
      workflowId: WORKFLOW,
      timeoutMs: 5000,
    });
    await practice.download(copy.message_id!);
    await practice.acknowledge(copy.message_id!);
    practice.close();
    const acknowledgedAt = mesh.messages.get(copy.message_id!)!.statusAt;

    await trackNow(copy.id);
    const done = await gpCopy(id);
    expect(done).toMatchObject({ status: 'delivered', reason: null });
    // MESH's status time (to the second, as tracking writes it).
    expect(done.delivered_at).toBe(new Date(Math.floor(acknowledgedAt.getTime() / 1000) * 1000).toISOString());
    expect(await statusOf(id)).toBe('SENT');
    expect((await row(copy.id)).nextCheckAt).toBeNull();
    const trail = (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
    expect(trail).toEqual(
      expect.arrayContaining([
        'Letter to the GP practice over MESH: accepted by MESH, waiting for the practice to acknowledge it',
        'Letter to the GP practice over MESH: acknowledged by the practice',
        'Sent to every recipient',
      ]),
    );
    expect(trail.join('\n')).not.toMatch(/trackwell|gina/i);

    // Every tracking request carried the v2 Accept header and an Authorization the server accepted.
    const tracked = mesh.requests.filter((r) => r.path.startsWith(`/messageexchange/${US}/outbox/tracking?messageID=`));
    expect(tracked.length).toBe(2);
    for (const r of tracked) {
      expect(r.headers.accept).toBe('application/vnd.mesh.v2+json');
      expect(r.headers.authorization).toMatch(new RegExp(`^NHSMESH ${US}:`));
    }
    expect(mesh.authFailures).toEqual([]);
  });

  it('a copy still waiting for the practice keeps the letter on the stuck-letter list', async () => {
    const { id, reference, copy } = await sentToGp();
    await t.db.execute(
      sql`UPDATE letters SET approval = jsonb_set(approval, '{approved_at}', to_jsonb((now() - interval '30 hours')::text)) WHERE dictation_id = ${id}`,
    );
    const res = await call(MANAGER, 'GET', `${E.stuckLetters.path}?page=1&per_page=50`);
    expect(res.statusCode).toBe(200);
    const stuck = (res.json().data.data as { reference: string; outstanding: { id: number; status: string }[] }[]).find(
      (s) => s.reference === reference,
    );
    expect(stuck?.outstanding).toEqual([expect.objectContaining({ id: copy.id, channel: 'gp_electronic', status: 'sent' })]);
  });
});

describe('a GP copy MESH could not deliver fails with the reason', () => {
  it('not collected within five days: failed with MESH’s reason, the typist told, listed under failures, and sent again by post', async () => {
    const { id, copy } = await sentToGp();
    mesh.expire(copy.message_id!);
    await trackNow(copy.id);

    const failed = await gpCopy(id);
    const reason = 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)';
    expect(failed).toMatchObject({ status: 'failed', reason });
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dictationId, id), eq(notifications.kind, 'delivery_failed')));
    expect(told).toHaveLength(1);
    const list = await call(SECRETARY, 'GET', E.failedDeliveries.path);
    expect(list.json().data.find((f: { id: number }) => f.id === copy.id)).toMatchObject({ reason });

    // Changed channel: sent again by post, into the print queue; the failed copy stays in the history.
    const resent = await call(SECRETARY, 'POST', pathOf(E.deliveryResend, { id: copy.id }), { channel: 'print' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ channel: 'print', status: 'printing', resend_of: copy.id });
    expect((await call(SECRETARY, 'GET', pathOf(E.dictationDeliveries, { id }))).json().data[0]).toMatchObject({
      id: copy.id,
      status: 'failed',
      superseded: true,
    });
  });
});

describe('tracking that cannot be read leaves the copy waiting', () => {
  it('MESH unavailable (5xx after the client’s retries): still sent, asked again later, nothing failed', async () => {
    const { id, copy } = await sentToGp();
    // Three 503s for the inbox poll (first try and the client's two retries), three for tracking.
    mesh.failNext(6, 503);
    await trackNow(copy.id);
    expect(await gpCopy(id)).toMatchObject({ status: 'sent', reason: null });
    const later = await row(copy.id);
    expect(later.checks).toBe(1);
    expect(later.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    // Next time MESH answers.
    await trackNow(copy.id);
    expect((await row(copy.id)).checks).toBe(2);
    expect(await gpCopy(id)).toMatchObject({ status: 'sent' });
  });

  it('credentials MESH refuses (the Authorization hash does not match): the server says so, the copy stays sent', async () => {
    const { id, copy } = await sentToGp();
    await t.db.update(deliveries).set({ nextCheckAt: DUE }).where(eq(deliveries.id, copy.id));
    const wrong = meshGpDelivery(
      { url: mesh.url, mailboxId: US, password: 'not-our-password', sharedKey: SHARED_KEY, workflowId: WORKFLOW, timeoutMs: 5000 },
      { retries: 0 },
    );
    const failures: string[] = [];
    const outcome = await trackGpDeliveries({
      db: t.db,
      gp: wrong,
      log: t.app.log,
      failed: async (_row, reason) => void failures.push(reason),
    });
    wrong.client.close();
    expect(mesh.authFailures).toContain('invalid authentication token');
    expect(outcome).toEqual({ checked: 0, acknowledged: 0, failed: 0 });
    expect(failures).toEqual([]);
    expect(await gpCopy(id)).toMatchObject({ status: 'sent' });
    mesh.authFailures.length = 0;
  });
});

describe('MESH error reports in our inbox', () => {
  /** One run of the job, no copy made due: only what the inbox holds can change anything. */
  const runJob = async () => {
    await scheduleGpTracking(t.db);
    await t.app.wardnote.jobs.runUntilIdle();
  };
  const ourInbox = () => (mesh.inboxes.get(US) ?? []).map((i) => i.messageId);
  const reportsFor = (messageId: string) =>
    (mesh.inboxes.get(US) ?? []).filter((i) => i.headers['mex-linkedmsgid'] === messageId).map((i) => i.messageId);
  const told = async (id: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dictationId, id), eq(notifications.kind, 'delivery_failed')));
  const failedList = async () =>
    (await call(SECRETARY, 'GET', `${E.failedDeliveries.path}?per_page=100`)).json().data as { id: number; reason: string }[];
  /** As our own system would: a message straight to the practice's mailbox, with the local id given. */
  const sendDirect = async (localId: string) => {
    const us = new MeshClient({
      url: mesh.url,
      mailboxId: US,
      password: 'our-password',
      sharedKey: SHARED_KEY,
      workflowId: WORKFLOW,
      timeoutMs: 5000,
    });
    const id = await us.send({ to: GP_MAILBOX, workflowId: WORKFLOW, body: Buffer.from('{}'), localId });
    us.close();
    return id;
  };

  it('a report fails the copy it names with MESH’s reason in words, tells the typist, lists it under failures; other copies untouched', async () => {
    const expired = await sentToGp();
    const refused = await sentToGp();
    const waiting = await sentToGp();
    const tracked = mesh.requests.filter((r) => r.path.includes('/outbox/tracking')).length;
    mesh.expire(expired.copy.message_id!);
    mesh.reportUndelivered(refused.copy.message_id!, '12', 'Unregistered to address');
    await runJob();

    const notCollected = 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)';
    const unregistered =
      'MESH reported an error delivering the letter to the GP practice. (the recipient mailbox is not registered with MESH, MESH code 12)';
    expect(await gpCopy(expired.id)).toMatchObject({ status: 'failed', reason: notCollected });
    expect(await gpCopy(refused.id)).toMatchObject({ status: 'failed', reason: unregistered });
    expect(await gpCopy(waiting.id)).toMatchObject({ status: 'sent', reason: null });
    // From the reports alone: tracking was not asked (no copy was due).
    expect(mesh.requests.filter((r) => r.path.includes('/outbox/tracking')).length).toBe(tracked);
    expect(await told(expired.id)).toHaveLength(1);
    expect(await told(refused.id)).toHaveLength(1);
    expect(await told(waiting.id)).toHaveLength(0);
    const list = await failedList();
    expect(list.find((f) => f.id === expired.copy.id)).toMatchObject({ reason: notCollected });
    expect(list.find((f) => f.id === refused.copy.id)).toMatchObject({ reason: unregistered });
    expect(list.map((f) => f.id)).not.toContain(waiting.copy.id);
    const trail = (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, refused.id))).map((l) => l.description);
    expect(trail).toContain(`Letter to the GP practice over MESH: failed. ${unregistered}`);
    // Acknowledged: gone from our inbox.
    expect(ourInbox()).toEqual([]);

    // Resend offers the failed copy again, by MESH or by post.
    const resent = await call(SECRETARY, 'POST', pathOf(E.deliveryResend, { id: refused.copy.id }), { channel: 'print' });
    expect(resent.json().data).toMatchObject({ channel: 'print', status: 'printing', resend_of: refused.copy.id });
  });

  it('reports are not read twice: acknowledged after the first run, nothing downloaded or told again', async () => {
    const { id, copy } = await sentToGp();
    mesh.reportUndelivered(copy.message_id!, '14', 'Message not collected by recipient after 5 days');
    const [reportId] = reportsFor(copy.message_id!);
    expect(reportId).toBeDefined();
    await runJob();
    expect(await gpCopy(id)).toMatchObject({ status: 'failed' });
    const downloads = () => mesh.requests.filter((r) => r.method === 'GET' && r.path === `/messageexchange/${US}/inbox/${reportId}`).length;
    const acks = mesh.requests.filter(
      (r) => r.method === 'PUT' && r.path === `/messageexchange/${US}/inbox/${reportId}/status/acknowledged`,
    );
    expect(downloads()).toBe(1);
    expect(acks).toHaveLength(1);
    expect(acks[0]!.headers.authorization).toMatch(new RegExp(`^NHSMESH ${US}:`));

    await runJob();
    await runJob();
    expect(downloads()).toBe(1);
    expect(await told(id)).toHaveLength(1);
    expect(await gpCopy(id)).toMatchObject({ status: 'failed' });
    expect(mesh.authFailures).toEqual([]);
  });

  it('a report about a message we do not hold is acknowledged and ignored; other messages in our inbox are left there', async () => {
    const { id } = await sentToGp();
    const stranger = await sendDirect('someone-else-123');
    mesh.expire(stranger);
    // A DATA message for us from the practice (another workflow's business): not a report, not ours to consume.
    const practice = new MeshClient({
      url: mesh.url,
      mailboxId: GP_MAILBOX,
      password: 'gp-password',
      sharedKey: SHARED_KEY,
      workflowId: WORKFLOW,
      timeoutMs: 5000,
    });
    mesh.mailboxes.get(US)!.workflows = [WORKFLOW];
    const data = await practice.send({ to: US, workflowId: WORKFLOW, body: Buffer.from('not a report'), localId: 'practice-1' });
    practice.close();
    const before = await t.db.select().from(deliveries);
    await runJob();

    expect(reportsFor(stranger)).toEqual([]);
    expect(await t.db.select().from(deliveries)).toEqual(before);
    expect(await gpCopy(id)).toMatchObject({ status: 'sent', reason: null });
    // The DATA message is still waiting for its rightful reader.
    expect(mesh.messages.get(data)).toMatchObject({ status: 'accepted' });
    expect(mesh.requests.filter((r) => r.method === 'PUT' && r.path.includes(data))).toHaveLength(0);
    await runJob();
    // Known not to be a report: not downloaded a second time by this server.
    expect(mesh.requests.filter((r) => r.method === 'GET' && r.path === `/messageexchange/${US}/inbox/${data}`)).toHaveLength(1);
    mesh.mailboxes.get(US)!.workflows = [];
    // The practice's own reader collects it later (so later tests start with an empty inbox).
    mesh.acknowledge(data);
  });

  it('another trust’s copy is never touched: matched by message id and our local id, not by message id alone', async () => {
    const ours = await sentToGp();
    const foreign = await makeDictation(t.db, { author: FOREIGN, status: 'MANUAL_DISTRIBUTION' });
    const [fd] = await t.db.select().from(dictations).where(eq(dictations.id, foreign.id));
    const now = new Date();
    const [row] = await t.db
      .insert(deliveries)
      .values({
        trustId: fd!.trustId,
        dictationId: foreign.id,
        role: 'to',
        recipient: { type: 'gp', id: 'A81001', name: 'Dr Ann Green' },
        contact: { name: 'Dr Ann Green', lines: ['Riverside Surgery'], email: null, ods_code: 'A81001' },
        channel: 'gp_electronic',
        status: 'sent',
        sentAt: now,
        nextCheckAt: new Date(now.getTime() + 3600_000),
      })
      .returning();
    expect(fd!.trustId).not.toBe((await t.db.select().from(dictations).where(eq(dictations.id, ours.id)))[0]!.trustId);
    // The other trust's message carries our copy's local id (a report naming one copy by id and another by reference).
    const theirs = await sendDirect(deliveryLocalId(ours.copy.id));
    await t.db.update(deliveries).set({ messageId: theirs }).where(eq(deliveries.id, row!.id));
    mesh.expire(theirs);
    await runJob();
    expect((await t.db.select().from(deliveries).where(eq(deliveries.id, row!.id)))[0]).toMatchObject({ status: 'sent', reason: null });
    expect(await gpCopy(ours.id)).toMatchObject({ status: 'sent', reason: null });
    expect(reportsFor(theirs)).toEqual([]);

    // Our own copy's report fails our copy only.
    mesh.expire(ours.copy.message_id!);
    await runJob();
    expect(await gpCopy(ours.id)).toMatchObject({ status: 'failed' });
    expect((await t.db.select().from(deliveries).where(eq(deliveries.id, row!.id)))[0]).toMatchObject({ status: 'sent', reason: null });
    expect(await told(foreign.id)).toHaveLength(0);
  });
});
