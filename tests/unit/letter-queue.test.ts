import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db/db';
import { unsealJson } from '../../src/lib/crypto/secure-store';
import { drainOutbox } from '../../src/lib/sync/drain';
import { adoptServerLetter, clearRefusal, keepLocalOver, letterRows, writeLetter } from '../../src/lib/sync/letter-save';
import { enqueueRequest, resumePaused } from '../../src/lib/sync/outbox';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { letterServer, para } from './letter-fake-server';

const ID = 7;
const write = (text: string, opts: { final?: boolean; send?: boolean } = {}) =>
  writeLetter({ dictationId: ID, doc: para(text), baseVersion: 0, send: opts.send ?? true, final: opts.final, label: 'Letter 7' });
const draft = async () => (await db.letterDrafts.get(ID))!;
const localText = async () => (await unsealJson<ReturnType<typeof para>>((await draft()).doc)).content[0]!.content[0]!.text;

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

describe('letter saves are coalesced (one PUT per dictation)', () => {
  it('two saves before sending: one request with the newest text, its outbox id as Idempotency-Key', async () => {
    await write('Dear Dr Patel');
    await write('Dear Dr Patel, thank you');
    const [row] = await letterRows(ID);
    expect(await letterRows(ID)).toHaveLength(1);
    const server = letterServer();
    await drainOutbox(server.transport);
    expect(server.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/dictation/7/letter',
        key: row!.id,
        body: { doc: para('Dear Dr Patel, thank you'), base_version: 0, final: false },
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a final save replaced by a later autosave stays final', async () => {
    await write('Plan: review in 6 weeks', { final: true });
    await write('Plan: review in 6 weeks.');
    const server = letterServer();
    await drainOutbox(server.transport);
    expect(server.requests.map((r) => r.body)).toEqual([{ doc: para('Plan: review in 6 weeks.'), base_version: 0, final: true }]);
  });

  it('a save made while one is in flight is queued after it, never replacing it; it goes with the version the first reached', async () => {
    await write('first');
    const server = letterServer({ hold: 1 });
    const drained = drainOutbox(server.transport);
    await server.arrived();
    await write('second');
    await write('third');
    const rows = await letterRows(ID);
    expect(rows).toHaveLength(2);
    expect(await unsealJson(rows[0]!.payload)).toEqual(para('first'));
    expect(rows[0]!.triedAt).toBeDefined();
    expect(rows[1]!.triedAt).toBeUndefined();
    server.release();
    await drained;
    expect(server.requests.map((r) => [r.body.doc, r.body.base_version])).toEqual([
      [para('first'), 0],
      [para('third'), 1],
    ]);
    expect(new Set(server.requests.map((r) => r.key)).size).toBe(2);
    expect(server.letter).toMatchObject({ version: 2, doc: para('third') });
  });
});

describe('version bookkeeping', () => {
  it('after 2xx the draft is based on the answered version and clean', async () => {
    await write('Diagnosis: asthma');
    await drainOutbox(letterServer({ version: 4, acceptAny: true }).transport);
    expect(await draft()).toMatchObject({ baseVersion: 5, dirty: false });
    expect((await draft()).savedAt).toEqual(expect.any(Number));
  });

  it('stays dirty when something was typed after the text that was sent, until that is sent too', async () => {
    await write('one');
    const server = letterServer({ hold: 2 });
    const drained = drainOutbox(server.transport);
    await server.arrived();
    await write('one two');
    server.release();
    // The first answer is in before the second save leaves.
    await server.arrived();
    expect(await draft()).toMatchObject({ baseVersion: 1, dirty: true });
    server.release();
    await drained;
    expect(await draft()).toMatchObject({ baseVersion: 2, dirty: false });
  });

  it('an answer lost on the way: the retry replays the same key, and the next save is not refused as a conflict with our own text', async () => {
    await write('lost answer');
    const server = letterServer({ loseAnswers: 1 });
    await drainOutbox(server.transport, { random: () => 0 });
    expect(server.letter.version).toBe(1);
    await write('lost answer, then more');
    // The first save waits for its retry: the newer one must not overtake it with a version it has moved on.
    await drainOutbox(server.transport);
    expect(server.requests).toHaveLength(1);
    const now = () => Date.now() + 10 * 60_000;
    await drainOutbox(server.transport, { now });
    expect(server.requests.map((r) => r.key)[0]).toBe(server.requests.map((r) => r.key)[1]);
    expect(server.letter).toMatchObject({ version: 2, doc: para('lost answer, then more') });
    expect(await draft()).toMatchObject({ baseVersion: 2, dirty: false, conflict: null });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('refused saves keep the local text', () => {
  it('409 letter_conflict: both texts are kept; later saves wait; keeping mine sends it over the server version', async () => {
    const server = letterServer({ version: 3, doc: para('Their text'), updatedBy: 'Jenny Walsh' });
    await write('My text');
    await drainOutbox(server.transport);
    expect(await localText()).toBe('My text');
    const conflict = await unsealJson<{ version: number; doc: unknown; updated_by: { full_name: string } }>((await draft()).conflict!);
    expect(conflict).toMatchObject({ version: 3, doc: para('Their text'), updated_by: { full_name: 'Jenny Walsh' } });
    expect((await letterRows(ID))[0]).toMatchObject({ state: 'dead', lastError: expect.stringContaining('Someone else') });

    await write('My text, edited');
    await drainOutbox(server.transport);
    expect(server.requests).toHaveLength(1);

    await keepLocalOver(ID, conflict.version);
    await write('My text, edited');
    await drainOutbox(server.transport);
    expect(server.letter).toMatchObject({ version: 4, doc: para('My text, edited') });
    expect(await draft()).toMatchObject({ dirty: false, conflict: null, baseVersion: 4 });
  });

  it('taking theirs makes the server text the local one and drops the queued saves', async () => {
    const server = letterServer({ version: 2, doc: para('Theirs') });
    await write('Mine');
    await drainOutbox(server.transport);
    await adoptServerLetter(ID, { doc: para('Theirs'), version: 2 });
    expect(await localText()).toBe('Theirs');
    expect(await draft()).toMatchObject({ dirty: false, conflict: null, baseVersion: 2 });
    expect(await letterRows(ID)).toHaveLength(0);
  });

  it('403 letter_not_editable: the local text stays with the server’s words', async () => {
    const server = letterServer({ notEditable: 'This letter can no longer be changed here: With Dr Reid for approval.' });
    await write('Typed before it moved on');
    await drainOutbox(server.transport);
    expect(await localText()).toBe('Typed before it moved on');
    expect(await draft()).toMatchObject({ dirty: true, refused: expect.stringContaining('With Dr Reid') });
  });

  it('a refusal lifted (the letter handed back) lets the same text go', async () => {
    await write('Typed before it moved on');
    await drainOutbox(letterServer({ notEditable: 'no longer yours' }).transport);
    await clearRefusal(ID);
    expect(await draft()).toMatchObject({ refused: null, dirty: true });
    expect(await letterRows(ID)).toHaveLength(0);
    await write('Typed before it moved on');
    const server = letterServer();
    await drainOutbox(server.transport);
    expect(server.letter.doc).toEqual(para('Typed before it moved on'));
  });

  it('401 pauses the save; after signing in again it goes', async () => {
    const server = letterServer({ unauthorised: 1 });
    await write('Kept through a 401');
    await drainOutbox(server.transport);
    expect((await letterRows(ID))[0]!.state).toBe('paused');
    await write('Kept through a 401, and more');
    await resumePaused();
    await drainOutbox(server.transport);
    expect(server.letter.doc).toEqual(para('Kept through a 401, and more'));
    expect(await draft()).toMatchObject({ dirty: false });
  });
});

describe('crash safety', () => {
  it('the text is on the device, encrypted, before anything is sent; a dead network loses nothing', async () => {
    await write('Dear Dr Okafor, I saw Mrs Lovelace');
    const raw = new TextDecoder().decode(new Uint8Array((await draft()).doc.data));
    expect(raw).not.toContain('Lovelace');
    expect(await localText()).toContain('Lovelace');
    const offline = letterServer({ offline: true });
    await drainOutbox(offline.transport);
    expect(await draft()).toMatchObject({ dirty: true });
    expect(await localText()).toContain('Lovelace');
    expect((await letterRows(ID))[0]).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('a local-only write (while the user chooses between texts) queues nothing', async () => {
    await write('not yet', { send: false });
    expect(await letterRows(ID)).toHaveLength(0);
    expect(await draft()).toMatchObject({ dirty: true, revision: 1 });
  });

  it('a session that ends by itself keeps unsent letters and their key; clean copies go', async () => {
    await write('unsent');
    await writeLetter({ dictationId: 8, doc: para('sent'), baseVersion: 0, send: false, label: 'Letter 8' });
    await db.letterDrafts.update(8, { dirty: false });
    await db.outbox.clear();
    await wipeLocalData('keep-unsent');
    expect(await db.letterDrafts.get(8)).toBeUndefined();
    expect(await localText()).toBe('unsent');
  });
});

describe('hand-offs queued after the letter', () => {
  it('wait for the queued save and carry the version it reached', async () => {
    await write('Final text', { final: true });
    await enqueueRequest({
      method: 'POST',
      path: '/api/dictation/7/transition',
      body: { action: 'send_for_approval', base_version: 0 },
      label: 'Send for approval',
      afterLetter: ID,
    });
    const server = letterServer();
    await drainOutbox(server.transport);
    expect(server.requests.map((r) => [r.path, r.body.base_version])).toEqual([
      ['/api/dictation/7/letter', 0],
      ['/api/dictation/7/transition', 1],
    ]);
  });
});
