import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictations, letters, mailbox, notifications, users } from '../../server/db/schema';
import { onNotification, type EmittedNotification } from '../../server/modules/notifications/notify.service';
import { sendDigests } from '../../server/modules/notifications/email-digest';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, OTHER_AUTHOR, SECRETARY, makeDictation } from './worklist-fixtures';
import { addUser, letterDoc, userId, indexFixturePatient } from './letters-fixtures';

const PAGED = 'paged.author@wardnote.test';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const published: EmittedNotification[] = [];
let stop: () => void;

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  // Patients whose names must never reach a notification, each the index's patient of their own number.
  await indexFixturePatient(t.db, { nhs: '9434766001', last: 'ZEBEDEE' });
  await indexFixturePatient(t.db, { nhs: '9434766028', last: 'QUENTIN' });
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN]) {
    tokens[email] = await t.login(email);
    ids[email] = await userId(t.db, email);
  }
  ids[OTHER_AUTHOR] = await userId(t.db, OTHER_AUTHOR);
  stop = onNotification((n) => void published.push(n));
});
afterAll(async () => {
  stop();
  await t.close();
});

const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const list = (who: string, query = '') => t.call('GET', `/api/notification${query}`, { token: tokens[who] });
const count = async (who: string) =>
  (await t.call('GET', '/api/notification/notification_count', { token: tokens[who] })).json().data as number;
const rowsOf = async (who: string) => t.db.select().from(notifications).where(eq(notifications.userId, ids[who]!));

async function withLetter(id: number) {
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, id));
  const doc = letterDoc('The echo is normal.');
  await t.db.insert(letters).values({ dictationId: id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
}

describe('notifications are created on each event', () => {
  it('sending a letter for approval tells the author once, without patient data, and the subscribers after commit', async () => {
    const d = await makeDictation(t.db, {
      author: AUTHOR,
      status: 'BEING_TYPED',
      assignedTo: SECRETARY,
      urgent: true,
      patientLast: 'ZEBEDEE',
      patientNhs: '9434766001',
    });
    await withLetter(d.id);
    const before = await count(AUTHOR);
    expect((await transition(SECRETARY, d.id, { action: 'send_for_approval' })).statusCode).toBe(200);
    expect(await count(AUTHOR)).toBe(before + 1);
    const page = (await list(AUTHOR)).json().data;
    expect(page.data[0]).toMatchObject({
      title: 'Letter waiting for approval',
      body: `A letter is waiting for your approval (ref ${d.reference}, urgent)`,
      read_at: null,
      dictation_status_identifier: 'author_approval',
      // The bell list (behind sign-in) tells the letter by its reference and the patient's initials (issue 23).
      dictation: { id: d.id, urgent: true, reference: d.reference, patient_initials: 'TZ' },
    });
    expect(JSON.stringify(page.data[0])).not.toContain('ZEBEDEE');
    expect(published.find((n) => n.dictationId === d.id)).toMatchObject({ userId: ids[AUTHOR], kind: 'author_approval' });
    // The secretary who sent it hears nothing of her own action.
    expect((await rowsOf(SECRETARY)).filter((n) => n.dictationId === d.id)).toHaveLength(0);
  });

  it('a manager allocating to a typist tells the typist of a new task', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const res = await t.call('POST', '/api/dictation/allocate', {
      token: tokens[MANAGER],
      body: { dictations: [d.id], type: 'user', user_id: ids[SECRETARY] },
    });
    expect(res.statusCode).toBe(200);
    const mine = (await rowsOf(SECRETARY)).filter((n) => n.dictationId === d.id);
    expect(mine.map((n) => [n.kind, n.body])).toEqual([['new_task', `A dictation was assigned to you for typing (ref ${d.reference})`]]);
  });

  it('returning a letter for typing tells its typist it was returned, without the reason; approving tells nobody', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
    await withLetter(d.id);
    expect((await transition(AUTHOR, d.id, { action: 'return_for_typing', reason: 'Add the potassium of Mr X.' })).statusCode).toBe(200);
    const mine = (await rowsOf(SECRETARY)).filter((n) => n.dictationId === d.id);
    expect(mine.map((n) => n.kind)).toEqual(['returned']);
    expect(mine[0]!.body).not.toContain('potassium');

    const a = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
    await withLetter(a.id);
    const all = (await t.db.select().from(notifications)).length;
    expect((await transition(AUTHOR, a.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await t.db.select().from(notifications)).length).toBe(all);
  });

  it('a letter approved on the author’s behalf (secretarial cover) asks that author, and only them, to refresh', async () => {
    // The fixture patient (Test PATIENT), whose typed name is the index's: a letter for anyone else with
    // that NHS number would not be sent (issue 23).
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
    await withLetter(d.id);
    // The author's grant (issue 22): who gave the cover and when.
    await t.db
      .update(dictations)
      .set({ secretarialCover: true, secretarialCoverBy: ids[AUTHOR]!, secretarialCoverAt: new Date() })
      .where(eq(dictations.id, d.id));
    const [author] = await t.db.select().from(users).where(eq(users.id, ids[AUTHOR]!));
    const foreignBefore = (await rowsOf(FOREIGN)).length;
    // Another trust's author cannot touch it (404) and sets nothing off.
    expect((await transition(FOREIGN, d.id, { action: 'approve' })).statusCode).toBe(404);
    const seen = published.length;
    expect((await transition(SECRETARY, d.id, { action: 'approve' })).statusCode).toBe(200);
    const about = (await t.db.select().from(notifications).where(eq(notifications.dictationId, d.id))).filter(
      (n) => n.kind === 'refresh_request',
    );
    expect(about).toEqual([
      expect.objectContaining({
        userId: ids[AUTHOR],
        trustId: author!.trustId,
        title: 'Approval no longer needed',
        body: `A letter waiting for your approval was approved or returned by someone else (ref ${d.reference})`,
      }),
    ]);
    expect(JSON.stringify(about)).not.toMatch(/PATIENT|9434765919/);
    // Published after commit, for the push (REQUEST_REFRESH topic) and the live lists.
    expect(published.slice(seen)).toContainEqual(
      expect.objectContaining({ userId: ids[AUTHOR], kind: 'refresh_request', dictationId: d.id }),
    );
    expect((await rowsOf(SECRETARY)).filter((n) => n.dictationId === d.id)).toEqual([]);
    expect(await rowsOf(FOREIGN)).toHaveLength(foreignBefore);
    // The bell lists it.
    expect(
      (await list(AUTHOR)).json().data.data.map((n: { dictation_status_identifier: string }) => n.dictation_status_identifier),
    ).toContain('refresh_request');
  });

  it('a typist claiming work herself hears nothing', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    expect((await t.call('POST', `/api/dictation/${d.id}/claim`, { token: tokens[SECRETARY] })).statusCode).toBe(200);
    expect((await rowsOf(SECRETARY)).filter((n) => n.dictationId === d.id)).toHaveLength(0);
  });
});

describe('GET /api/notification', () => {
  it('pages ten at a time in the spec’s envelope, newest first or oldest first', async () => {
    ids[PAGED] = await addUser(t.db, { email: PAGED, first: 'Paige', last: 'Dunn', role: 'Author', like: AUTHOR });
    tokens[PAGED] = await t.login(PAGED);
    for (let i = 0; i < 12; i++) {
      const d = await makeDictation(t.db, { author: PAGED, status: 'BEING_TYPED', assignedTo: MANAGER });
      await withLetter(d.id);
      expect((await transition(MANAGER, d.id, { action: 'send_for_approval' })).statusCode).toBe(200);
    }
    const first = (await list(PAGED)).json().data;
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.data).toHaveLength(10);
    const second = (await list(PAGED, '?page=2')).json().data;
    expect(second.data).toHaveLength(2);
    const seen = new Set([...first.data, ...second.data].map((n: { id: number }) => n.id));
    expect(seen.size).toBe(12);
    const asc = (await list(PAGED, '?sort=asc&paginate=10')).json().data.data;
    expect(asc[0].id).toBe(second.data[1].id);
  });

  it('filters by urgency, clinic code and (for Secretary and Manager) clinician', async () => {
    const urgent = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', urgent: true });
    const clinic = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'READY_FOR_TYPING' });
    await t.db
      .update(dictations)
      .set({ appointment: { clinic_code: 'CARD12' } })
      .where(eq(dictations.id, clinic.id));
    const res = await t.call('POST', '/api/dictation/allocate', {
      token: tokens[MANAGER],
      body: { dictations: [urgent.id, clinic.id], type: 'user', user_id: ids[SECRETARY] },
    });
    expect(res.statusCode).toBe(200);
    const idsOf = async (q: string) =>
      (await list(SECRETARY, q)).json().data.data.map((n: { dictation: { id: number } }) => n.dictation.id);
    expect(await idsOf('?urgent=true')).toContain(urgent.id);
    expect(await idsOf('?urgent=true')).not.toContain(clinic.id);
    expect(await idsOf('?urgent=false')).toContain(clinic.id);
    expect(await idsOf('?search_key=clinic_code&search=card')).toEqual([clinic.id]);
    expect(await idsOf(`?clinician=${ids[OTHER_AUTHOR]}`)).toEqual([clinic.id]);
    // An Author has no clinician filter.
    expect((await list(AUTHOR, `?clinician=${ids[OTHER_AUTHOR]}`)).statusCode).toBe(403);
  });

  it('answers 422 in plain words for bad parameters', async () => {
    for (const q of [
      '?page=0',
      '?page=x',
      '?sort=up',
      '?paginate=500',
      '?urgent=maybe',
      '?clinician=-1',
      '?search_key=patient&search=x',
      '?other=1',
    ]) {
      const res = await list(AUTHOR, q);
      expect(res.statusCode, q).toBe(422);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('is for the bell’s roles only', async () => {
    const admin = await t.login('trustadmin@wardnote.test');
    expect((await t.call('GET', '/api/notification', { token: admin })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/notification')).statusCode).toBe(401);
  });

  it('another user or trust never sees them', async () => {
    const foreign = (await list(FOREIGN)).json().data;
    expect(foreign.total).toBe(0);
    const authorIds = (await rowsOf(AUTHOR)).map((n) => n.id);
    const managerSees = (await list(MANAGER, '?paginate=50')).json().data.data.map((n: { id: number }) => n.id);
    expect(managerSees.filter((id: number) => authorIds.includes(id))).toEqual([]);
  });
});

describe('marking read', () => {
  it('mark_as_read marks the caller’s own only; others’ ids are ignored without a word', async () => {
    const mine = (await list(AUTHOR)).json().data.data.map((n: { id: number }) => n.id);
    const theirs = (await rowsOf(SECRETARY)).filter((n) => !n.readAt).map((n) => n.id);
    const secretaryBefore = await count(SECRETARY);
    const res = await t.call('POST', '/api/notification/mark_as_read', {
      token: tokens[AUTHOR],
      body: { notificationIds: [...mine, ...theirs] },
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
    expect(await count(SECRETARY)).toBe(secretaryBefore);
    expect((await list(AUTHOR)).json().data.data.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
    expect(
      (await t.call('POST', '/api/notification/mark_as_read', { token: tokens[AUTHOR], body: { notificationIds: ['x'] } })).statusCode,
    ).toBe(422);
    expect(
      (await t.call('POST', '/api/notification/mark_as_read', { token: tokens[AUTHOR], body: { notificationIds: [] } })).statusCode,
    ).toBe(422);
  });

  it('read_push_notif marks the caller’s unread ones about that dictation read', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    await withLetter(d.id);
    await transition(SECRETARY, d.id, { action: 'send_for_approval' });
    const before = await count(AUTHOR);
    expect(before).toBeGreaterThan(0);
    const res = await t.call('POST', '/api/notification/read_push_notif', {
      token: tokens[AUTHOR],
      body: { dictation_id: d.id, fcm_topic: `AUTHOR_APPROVAL_${ids[AUTHOR]}_UK` },
    });
    expect(res.statusCode).toBe(200);
    expect(await count(AUTHOR)).toBe(before - 1);
    expect(
      (await t.call('POST', '/api/notification/read_push_notif', { token: tokens[AUTHOR], body: { dictation_id: 'x' } })).statusCode,
    ).toBe(422);
  });
});

describe('e-mail digests', () => {
  it('send each user who asked one mail of their new notifications, without patient data, once', async () => {
    await t.db
      .update(users)
      .set({ preferences: { profile: { email_notifications: { author_approval: true } } } })
      .where(eq(users.id, ids[AUTHOR]!));
    for (let i = 0; i < 3; i++) {
      const d = await makeDictation(t.db, {
        author: AUTHOR,
        status: 'BEING_TYPED',
        assignedTo: SECRETARY,
        patientLast: 'QUENTIN',
        patientNhs: '9434766028',
      });
      await withLetter(d.id);
      await transition(SECRETARY, d.id, { action: 'send_for_approval' });
    }
    const outbox = async () => (await t.db.select().from(mailbox)).filter((m) => m.subject.includes('notification'));
    const mailer = {
      transport: 'mailbox' as const,
      send: async (m: { to: string; subject: string; text: string }) => {
        await t.db.insert(mailbox).values({ ...m, transport: 'mailbox' });
        return { messageId: '<test@wardnote.test>', response: '' };
      },
    };
    expect(await sendDigests(t.db, mailer, 'https://wardnote.example')).toBe(1);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: AUTHOR, subject: 'Wardnote: 3 new notifications' });
    expect(mails[0]!.text).not.toContain('QUENTIN');
    expect(await sendDigests(t.db, mailer, 'https://wardnote.example')).toBe(0);
    // The secretary did not ask for e-mails: none.
    expect(mails.some((m) => m.to === SECRETARY)).toBe(false);
  });

  const collect = () => {
    const sent: { to: string; subject: string }[] = [];
    const mailer = {
      transport: 'mailbox' as const,
      send: async (m: { to: string; subject: string; text: string }) => {
        sent.push(m);
        return { messageId: '<test@wardnote.test>', response: '' };
      },
    };
    return { sent, mailer, to: (email: string) => sent.filter((m) => m.to === email) };
  };
  const typist = async (email: string, newTask: boolean) => {
    const id = await addUser(t.db, { email, first: 'Digest', last: 'Typist', role: 'Secretary', like: SECRETARY });
    await t.db
      .update(users)
      .set({ preferences: { profile: { email_notifications: { new_task: newTask } } } })
      .where(eq(users.id, id));
    const [u] = await t.db.select({ trustId: users.trustId }).from(users).where(eq(users.id, id));
    const rows = (n: number) =>
      Array.from({ length: n }, () => ({
        trustId: u!.trustId,
        userId: id,
        kind: 'new_task',
        title: 'New typing task',
        body: 'A dictation is waiting.',
      }));
    return { id, rows };
  };

  it('reach a user who asked for them behind more pending rows than one batch of users who did not', async () => {
    const quiet = await typist('quiet.typist@wardnote.test', false);
    const keen = await typist('keen.typist@wardnote.test', true);
    // A batch (2000) of unread rows of a user with a lower id who never asked for e-mails, then the keen one's.
    await t.db.insert(notifications).values([...quiet.rows(2000), ...keen.rows(2)]);
    const { mailer, to } = collect();
    await sendDigests(t.db, mailer, 'https://wardnote.example');
    expect(to('keen.typist@wardnote.test')).toEqual([expect.objectContaining({ subject: 'Wardnote: 2 new notifications' })]);
    expect(to('quiet.typist@wardnote.test')).toEqual([]);
  });

  it('send one digest per user per run even when a batch ends in the middle of that user’s rows', async () => {
    const first = await typist('first.typist@wardnote.test', true);
    const second = await typist('second.typist@wardnote.test', true);
    await t.db.insert(notifications).values([...first.rows(2), ...second.rows(3)]);
    const { mailer, to } = collect();
    await sendDigests(t.db, mailer, 'https://wardnote.example', { batch: 4 });
    expect(to('first.typist@wardnote.test')).toEqual([expect.objectContaining({ subject: 'Wardnote: 2 new notifications' })]);
    expect(to('second.typist@wardnote.test')).toEqual([expect.objectContaining({ subject: 'Wardnote: 3 new notifications' })]);
    await sendDigests(t.db, mailer, 'https://wardnote.example', { batch: 4 });
    expect(to('second.typist@wardnote.test')).toHaveLength(1);
  });
});
