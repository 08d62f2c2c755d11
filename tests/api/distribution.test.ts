// On PostgreSQL too: a delivery's outcome arrives on the live event stream by NOTIFY to a separate LISTEN connection; GP tracking compares the database's now() with a JavaScript Date.
import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictationLogs, dictations, jobTypes, jobs, letters, patients, settings, trusts, users } from '../../server/db/schema';
import { notifyChange } from '../../server/modules/live/live-channel';
import { letterText } from '../../src/domain/letter-doc';
import { scheduleGpTracking } from '../../server/modules/distribution/gp-tracking';
import { startTestApp, type TestApp } from './harness';
import { addUser, letterDoc } from './letters-fixtures';
import { openStream } from './live-stream-client';
import { startMeshServer, type MeshTestServer } from './mesh-server';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Letters out (issue 13) end to end: approval makes a delivery per recipient; e-mail reaches a real SMTP
 * server started here (the PDF attached), GP copies the in-test MESH server; failures are retried, then
 * failed with the reason, and a resend goes out; print copies wait in the print queue until posted; the
 * dictation becomes SENT only when every copy has gone.
 */

const SHARED_KEY = 'dist-shared-secret';
const US = 'X26HC006';
const GP_MAILBOX = 'A81001HC001';
const WORKFLOW = 'GPCONNECT_SEND_DOCUMENT';
const FOREIGN_SECRETARY = 'foreign.secretary@wardnote.test';

/** Patients of the demo trust's index: e-mail and GP on MESH; postal only; nothing to reach them by. */
const EMAILED = { nhs: '9998765005', first: 'Jane', last: 'EMAILWORTH', email: 'jane.emailworth@example.org' };
const POSTED = { nhs: '9998765013', first: 'Peter', last: 'POSTLETHWAITE' };
const UNREACHABLE = { nhs: '9998765021', first: 'Una', last: 'NOWHERE' };

type Mode = 'accept' | 'tempfail' | 'reject-address';
interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

let t: TestApp;
let mesh: MeshTestServer;
let smtp: SMTPServer;
let smtpMode: Mode = 'accept';
const received: Received[] = [];
const tokens: Record<string, string> = {};

function startSmtp(): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (smtpMode === 'reject-address')
        return cb(Object.assign(new Error('5.1.1 Recipient address rejected: user unknown'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (smtpMode === 'tempfail')
          return cb(Object.assign(new Error('4.3.0 Mail server temporarily unavailable, try again later'), { responseCode: 451 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port })),
  );
}

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => t.call(method, url, { token: tokens[who], body });
const statusOf = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status;
const deliveriesOf = async (id: number, who = SECRETARY) => {
  const res = await call(who, 'GET', pathOf(E.dictationDeliveries, { id }));
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: number;
    channel: string;
    status: string;
    attempts: number;
    reason: string | null;
    result: string | null;
    message_id: string | null;
    resend_of: number | null;
    superseded: boolean;
    recipient: { type: string; name: string };
    posted_by: { full_name: string } | null;
  }[];
};
/** Runs the delivery jobs due, then makes the ones waiting for their backoff due now and runs them too. */
const runJobs = () => t.app.wardnote.jobs.runUntilIdle();
const skipBackoff = async () => {
  await t.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deliver_letter' AND state = 'queued'`);
  await runJobs();
};

async function indexPatient(p: { nhs: string; first: string; last: string; email?: string }, opts: { address?: boolean; gp?: boolean }) {
  const [trust] = await t.db.select().from(trusts).orderBy(trusts.id).limit(1);
  await t.db.insert(patients).values({
    trustId: trust!.id,
    nhsNumber: p.nhs,
    firstName: p.first,
    lastName: p.last,
    birthdate: '1950-11-22',
    email: p.email ?? null,
    address: opts.address ? { lines: [`7 ${p.last.toLowerCase()} Road`, 'Demoton'], postCode: 'DE1 7AA' } : null,
    gp: opts.gp
      ? { code: 'A81001', name: 'Dr Ann Green', practice: 'Riverside Surgery', address: '1 River Road\nDemoton', postCode: 'DE1 2AB' }
      : null,
  });
}

/** A letter waiting for AUTHOR's approval, for this patient, of this job type (made in the demo trust). */
async function waiting(p: { nhs: string; first: string; last: string }, jobType: string): Promise<{ id: number; reference: string }> {
  const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY, jobType });
  const [row] = await t.db
    .update(dictations)
    .set({ patient: { patient_first_name: p.first, patient_last_name: p.last, patient_nhs_id: p.nhs, patient_birthdate: '1950-11-22' } })
    .where(eq(dictations.id, d.id))
    .returning();
  const doc = letterDoc('The echo is normal. No change to the medication.');
  await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return { id: d.id, reference: row!.reference };
}

const approve = (id: number) => call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id }), { action: 'approve' });

async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((p) => p.replace(/\s+/g, ' ').trim());
}

beforeAll(async () => {
  const s = await startSmtp();
  smtp = s.server;
  mesh = await startMeshServer({
    sharedKey: SHARED_KEY,
    mailboxes: {
      [US]: { password: 'our-password' },
      [GP_MAILBOX]: { password: 'gp-password', odsCode: 'A81001', workflows: [WORKFLOW] },
    },
  });
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${s.port}`,
    MAIL_FROM: 'letters@trust.example',
    MESH_URL: mesh.url,
    MESH_MAILBOX_ID: US,
    MESH_PASSWORD: 'our-password',
    MESH_SHARED_KEY: SHARED_KEY,
    MESH_TIMEOUT_MS: '5000',
  });
  await addUser(t.db, { email: FOREIGN_SECRETARY, first: 'Fran', last: 'Foreign', role: 'Secretary', like: FOREIGN });
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN, FOREIGN_SECRETARY]) tokens[email] = await t.login(email);

  const [trust] = await t.db.select().from(trusts).orderBy(trusts.id).limit(1);
  await t.db.insert(settings).values({ key: `distribution:${trust!.id}`, value: { email_subject_tag: '[secure]' } });
  await t.db.update(trusts).set({ odsCode: 'RXX01' }).where(eq(trusts.id, trust!.id));
  await t.db.insert(jobTypes).values([
    { trustId: trust!.id, name: 'Patient Letter', recipient: ['patient'], copy: [], template: [] },
    { trustId: trust!.id, name: 'Letter to GP, copy to patient', recipient: ['gp'], copy: ['patient'], template: [] },
  ]);
  await indexPatient(EMAILED, { address: true, gp: true });
  await indexPatient(POSTED, { address: true, gp: true });
  await indexPatient(UNREACHABLE, { address: false });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mesh?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('approval sends the letter to every recipient', () => {
  it('e-mails the patient the PDF (subject tagged, no patient data in it), sends the GP the FHIR document over MESH, and is SENT only when both have it', async () => {
    smtpMode = 'accept';
    const { id, reference } = await waiting(EMAILED, 'Clinic Letter');
    // MESH is down for the GP's first try (endpoint lookup answers 503 on every retry).
    mesh.failNext(3, 503);
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('MANUAL_DISTRIBUTION');
    await runJobs();

    let log = await deliveriesOf(id);
    expect(log.map((d) => [d.recipient.type, d.channel])).toEqual([
      ['patient', 'email'],
      ['gp', 'gp_electronic'],
    ]);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, recipient: { name: 'Jane Emailworth' } });
    expect(log[1]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(log[1]!.reason).toContain('tried again');
    // One recipient has it, the other not yet: not SENT.
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');

    await skipBackoff();
    log = await deliveriesOf(id);
    // In the practice's MESH inbox: sent, and delivered only once the practice acknowledges it.
    expect(log[1]).toMatchObject({ status: 'sent', attempts: 2, reason: null });
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');
    mesh.acknowledge(log[1]!.message_id!);
    // A second in the past: PostgreSQL's now() has microseconds, the job compares it with a JavaScript Date (ms).
    await t.db.execute(sql`UPDATE deliveries SET next_check_at = now() - interval '1 second' WHERE id = ${log[1]!.id}`);
    await scheduleGpTracking(t.db);
    await runJobs();
    log = await deliveriesOf(id);
    expect(log[1]).toMatchObject({ status: 'delivered', reason: null });
    expect(await statusOf(id)).toBe('SENT');

    // The e-mail as the mail server received it.
    const mail = received.find((m) => m.to.includes(EMAILED.email))!;
    expect(mail.from).toBe('letters@trust.example');
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toMatch(new RegExp(`^\\[secure\\] Clinic Letter from .+ \\(ref ${reference}\\)$`));
    expect(parsed.subject).not.toMatch(/emailworth|jane/i);
    expect(log[0]!.message_id).toBe(parsed.messageId);
    expect(parsed.attachments).toHaveLength(1);
    const attachment = parsed.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toBe(`letter-${reference}.pdf`);
    // The attachment is the approved letter the PDF endpoint answers.
    const served = await call(AUTHOR, 'GET', pathOf(E.dictationLetterPdf, { id }));
    expect(served.statusCode).toBe(200);
    const attachedText = await pdfText(attachment.content);
    expect(attachedText).toEqual(await pdfText(served.rawPayload));
    expect(attachedText.join(' ')).toContain('Approved by Daniel Reid');

    // The GP's copy as MESH holds it: a FHIR document with the PDF, under the MESH message id logged.
    const message = mesh.messages.get(log[1]!.message_id!)!;
    expect(message).toMatchObject({ recipient: GP_MAILBOX, workflowId: WORKFLOW });
    const bundle = JSON.parse(mesh.assembled(message.messageId).toString('utf8'));
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    const binary = bundle.entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Binary').resource;
    expect(Buffer.from(binary.data, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(message.subject).not.toMatch(/emailworth/i);

    // Every event is in the audit trail, without the patient's name or address.
    const trail = (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
    expect(trail).toEqual(
      expect.arrayContaining([
        'Letter to the patient by e-mail: accepted by the mail server',
        'Letter to the GP practice over MESH: accepted by MESH, waiting for the practice to acknowledge it',
        'Letter to the GP practice over MESH: acknowledged by the practice',
        'Sent to every recipient',
      ]),
    );
    expect(trail.join('\n')).not.toMatch(/emailworth|jane|example\.org|Road/i);
  });
});

describe('failures, retries and resend', () => {
  it('a mail server that keeps answering 451 is tried again with backoff, then the delivery fails with the reason; a resend goes out and the letter is SENT', async () => {
    smtpMode = 'tempfail';
    const { id } = await waiting(EMAILED, 'Patient Letter');
    expect((await approve(id)).statusCode).toBe(200);
    await runJobs();
    let [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ channel: 'email', status: 'queued', attempts: 1 });
    expect(first!.reason).toContain('451 4.3.0');
    await skipBackoff();
    await skipBackoff();
    [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ status: 'failed', attempts: 3 });
    expect(first!.reason).toBe('The mail server refused the message (451 4.3.0). It was tried several times and has not been sent.');
    expect(await statusOf(id)).toBe('MANUAL_DISTRIBUTION');
    const trail = (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
    expect(trail.filter((l) => l.includes('It will be tried again shortly.'))).toHaveLength(2);
    expect(trail).toContain(
      'Letter to the patient by e-mail: failed. The mail server refused the message (451 4.3.0). It was tried several times and has not been sent.',
    );

    // It is in the failures list (Secretary, Manager; not an author, not another trust).
    const failedIds = async (token: string) =>
      (await call(token, 'GET', E.failedDeliveries.path)).json().data.map((i: { id: number; reference: string }) => i.id);
    const failures = await call(MANAGER, 'GET', E.failedDeliveries.path);
    expect(failures.statusCode).toBe(200);
    expect(failures.json().data.find((i: { id: number }) => i.id === first!.id)).toMatchObject({
      status: 'failed',
      reference: expect.any(String),
    });
    expect((await call(AUTHOR, 'GET', E.failedDeliveries.path)).statusCode).toBe(403);
    expect(await failedIds(FOREIGN_SECRETARY)).not.toContain(first!.id);

    // The author may not resend; a channel that cannot reach the patient is refused in words.
    expect((await call(AUTHOR, 'POST', pathOf(E.deliveryResend, { id: first!.id }), {})).statusCode).toBe(403);
    const wrong = await call(SECRETARY, 'POST', pathOf(E.deliveryResend, { id: first!.id }), { channel: 'gp_electronic' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/Only a GP practice/);

    smtpMode = 'accept';
    const again = await call(SECRETARY, 'POST', pathOf(E.deliveryResend, { id: first!.id }), {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ resend_of: first!.id, channel: 'email', status: 'queued', superseded: false });
    await runJobs();
    const log = await deliveriesOf(id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ id: first!.id, status: 'failed', superseded: true });
    expect(log[1]).toMatchObject({ resend_of: first!.id, status: 'delivered', attempts: 1 });
    expect(await statusOf(id)).toBe('SENT');
    expect(await failedIds(SECRETARY)).not.toContain(first!.id);
    const page = await call(SECRETARY, 'GET', pathOf(E.dictationGet, { id }));
    expect(page.json().data.is_resend).toBe(true);

    // The failed one was replaced: it is not sent again.
    const twice = await call(SECRETARY, 'POST', pathOf(E.deliveryResend, { id: first!.id }), {});
    expect(twice.statusCode).toBe(409);
  });

  it('an address the mail server refuses (550) fails at once with the reason, without retries', async () => {
    smtpMode = 'reject-address';
    const { id } = await waiting(EMAILED, 'Patient Letter');
    expect((await approve(id)).statusCode).toBe(200);
    // The event stream needs a socket (inject never ends it).
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openStream(base, tokens[SECRETARY]);
    const foreignLive = await openStream(base, tokens[FOREIGN_SECRETARY]);
    await runJobs();
    // Open apps hear of it at once (issue 14): the typist's bell, the trust's lists; not another trust.
    await live.waitFor('bell');
    await live.waitFor('worklist');
    // The first thing the other trust's stream hears is a change of its own trust, made now.
    const [foreign] = await t.db.select({ trustId: users.trustId }).from(users).where(eq(users.email, FOREIGN));
    await notifyChange(t.db, { t: foreign!.trustId, p: [], u: [] });
    await foreignLive.waitFor('worklist');
    expect(foreignLive.events).toEqual(['worklist']);
    live.abort();
    foreignLive.abort();
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, reason: 'The mail server refused the e-mail address (550 5.1.1).' });
    // The letter's typist is told, without patient data.
    const bell = (await call(SECRETARY, 'GET', E.notifications.path)).json();
    const told = JSON.stringify(bell);
    expect(told).toContain('Letter not delivered');
    expect(told).not.toMatch(/emailworth|jane/i);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'deliver_letter'), eq(jobs.state, 'queued')));
    expect(queued).toHaveLength(0);
    smtpMode = 'accept';
  });
});

describe('the print queue', () => {
  it('lists the copies to post, merges the chosen letters into one PDF (an address sheet before a copy), and marks them posted', async () => {
    const a = await waiting(POSTED, 'Patient Letter');
    const b = await waiting(POSTED, 'Letter to GP, copy to patient');
    expect((await approve(a.id)).statusCode).toBe(200);
    expect((await approve(b.id)).statusCode).toBe(200);
    await runJobs();

    const queue = await call(SECRETARY, 'GET', E.printQueue.path);
    expect(queue.statusCode).toBe(200);
    const items = (queue.json().data as { id: number; dictation_id: number; reference: string; address_lines: string[] }[]).filter(
      (i) => i.dictation_id === a.id || i.dictation_id === b.id,
    );
    expect(items.map((i) => i.reference)).toEqual([a.reference, b.reference]);
    expect(items[0]!.address_lines).toEqual(['7 postlethwaite Road', 'Demoton', 'DE1 7AA']);
    // Each copy names whose letter it is, for the queue's cards (issue 23).
    expect(items[0]).toMatchObject({ patient_name: 'POSTLETHWAITE, Peter', nhs_number: '999 876 5013' });
    // b's GP copy went over MESH; only the patient's copy is printed, and b is not SENT until it is posted.
    expect((await deliveriesOf(b.id)).map((d) => [d.channel, d.status])).toEqual([
      ['gp_electronic', 'sent'],
      ['print', 'printing'],
    ]);
    expect(await statusOf(b.id)).toBe('MANUAL_DISTRIBUTION');

    const pdf = await call(MANAGER, 'POST', E.printQueuePdf.path, { deliveries: items.map((i) => i.id) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(pdf.rawPayload);
    // a: the patient is the addressee (letter only); b: the patient is copied (address sheet, then the letter).
    expect(pages[0]).toContain('7 postlethwaite Road');
    const sheet = pages.findIndex((p) => p.includes(`Copy of letter ${b.reference}`));
    expect(sheet).toBeGreaterThan(0);
    expect(pages[sheet]).toContain('Peter Postlethwaite');
    expect(pages[sheet + 1]).toContain('Dr Ann Green');

    const posted = await call(SECRETARY, 'POST', E.printQueuePosted.path, { deliveries: [items[0]!.id] });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data.posted).toEqual([items[0]!.id]);
    expect(await statusOf(a.id)).toBe('SENT');
    expect(await statusOf(b.id)).toBe('MANUAL_DISTRIBUTION');
    const [done] = await deliveriesOf(a.id);
    expect(done).toMatchObject({ status: 'posted', posted_by: { full_name: 'Jenny Walsh' } });

    // Posted once is posted: not again, and no longer in the queue.
    const again = await call(SECRETARY, 'POST', E.printQueuePosted.path, { deliveries: [items[0]!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('One of the chosen letters is no longer waiting to be posted.');
    const left = (await call(SECRETARY, 'GET', E.printQueue.path)).json().data.map((i: { id: number }) => i.id);
    expect(left).not.toContain(items[0]!.id);
    expect(left).toContain(items[1]!.id);
    // An author has no print queue.
    expect((await call(AUTHOR, 'GET', E.printQueue.path)).statusCode).toBe(403);
  });
});

describe('refusals', () => {
  it('approval is refused (422, naming the recipient) when the letter cannot reach someone, and nothing changes', async () => {
    const { id } = await waiting(UNREACHABLE, 'Patient Letter');
    const res = await approve(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The letter cannot reach the patient Una Nowhere: neither an e-mail nor a postal address is known.');
    expect(await statusOf(id)).toBe('AUTHOR_APPROVAL');
    expect(await deliveriesOf(id)).toEqual([]);
    const [letter] = await t.db.select().from(letters).where(eq(letters.dictationId, id));
    expect(letter).toMatchObject({ version: 1, approval: null });
  });

  it('another trust’s user gets 404 for every delivery endpoint of this trust', async () => {
    const { id } = await waiting(POSTED, 'Patient Letter');
    expect((await approve(id)).statusCode).toBe(200);
    const [d] = await deliveriesOf(id);
    expect((await call(FOREIGN, 'GET', pathOf(E.dictationDeliveries, { id }))).statusCode).toBe(404);
    expect((await call(FOREIGN_SECRETARY, 'GET', pathOf(E.dictationDeliveries, { id }))).statusCode).toBe(404);
    expect((await call(FOREIGN_SECRETARY, 'POST', pathOf(E.deliveryResend, { id: d!.id }), {})).statusCode).toBe(404);
    expect((await call(FOREIGN_SECRETARY, 'POST', E.printQueuePdf.path, { deliveries: [d!.id] })).statusCode).toBe(404);
    expect((await call(FOREIGN_SECRETARY, 'POST', E.printQueuePosted.path, { deliveries: [d!.id] })).statusCode).toBe(404);
    const theirs = await call(FOREIGN_SECRETARY, 'GET', E.printQueue.path);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((i: { id: number }) => i.id)).not.toContain(d!.id);
    // And the delivery is still waiting, untouched.
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'printing' });
  });
});
