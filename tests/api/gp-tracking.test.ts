import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meshGpDelivery } from '../../server/adapters/mesh/mesh-gp-delivery';
import { MeshClient } from '../../server/adapters/mesh/mesh-client';
import {
  dictationLogs,
  deliveries,
  dictations,
  jobTypes,
  letters,
  notifications,
  patients,
  settings,
  trusts,
} from '../../server/db/schema';
import { scheduleGpTracking, trackGpDeliveries } from '../../server/modules/distribution/gp-tracking';
import { letterText } from '../../src/domain/letter-doc';
import { API_PATHS } from '../../src/domain/contract/paths';
import { startTestApp, type TestApp } from './harness';
import { letterDoc } from './letters-fixtures';
import { startMeshServer, type MeshTestServer } from './mesh-server';
import { AUTHOR, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

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
  const res = await call(SECRETARY, 'GET', API_PATHS.dictationDeliveries(id));
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
  expect((await call(AUTHOR, 'POST', API_PATHS.dictationTransition(d.id), { action: 'approve' })).statusCode).toBe(200);
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
  await t.db.insert(settings).values({ key: `distribution:${trust!.id}`, value: { ods_code: 'RXX01' } });
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
    const res = await call(MANAGER, 'GET', `${API_PATHS.stuckLetters}?page=1&per_page=50`);
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
    const list = await call(SECRETARY, 'GET', API_PATHS.failedDeliveries);
    expect(list.json().data.find((f: { id: number }) => f.id === copy.id)).toMatchObject({ reason });

    // Changed channel: sent again by post, into the print queue; the failed copy stays in the history.
    const resent = await call(SECRETARY, 'POST', API_PATHS.deliveryResend(copy.id), { channel: 'print' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ channel: 'print', status: 'printing', resend_of: copy.id });
    expect((await call(SECRETARY, 'GET', API_PATHS.dictationDeliveries(id))).json().data[0]).toMatchObject({
      id: copy.id,
      status: 'failed',
      superseded: true,
    });
  });
});

describe('tracking that cannot be read leaves the copy waiting', () => {
  it('MESH unavailable (5xx after the client’s retries): still sent, asked again later, nothing failed', async () => {
    const { id, copy } = await sentToGp();
    mesh.failNext(3, 503);
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
