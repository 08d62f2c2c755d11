// On PostgreSQL too: one upload is finalised three times at once; only PostgreSQL runs the transactions in parallel, so the unique index and row locks decide.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { departments, dictations } from '../../server/db/schema';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { startTestApp, type TestApp } from './harness';
import { tusClient } from './tus-client';

/** Issue 7 point 8: parallel finalises of one upload make one dictation, and every replay answers it. */
let t: TestApp;
let author: string;
let cardiology: number;
let tone: Buffer;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  author = await t.login('author@wardnote.test');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  cardiology = dep!.id;
  tone = readFileSync(writeTone(path.join(t.dataDir, 'race-tone.wav'), { seconds: 1 }));
});
afterAll(() => t.close());

const upload = () => tusClient(t.base, author).upload(tone, { filename: 'race.wav' });
const finalise = (body: unknown) => t.call('POST', '/api/dictation', { token: author, body });

/** Stored originals (file storage under the data directory), to see that no copy is left behind. */
function storedOriginals(): number {
  const root = path.join(t.dataDir, 'files', 'originals');
  if (!existsSync(root)) return 0;
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function dictationsFor(clientIds: string[]) {
  return t.db.select({ id: dictations.id }).from(dictations).where(inArray(dictations.clientId, clientIds));
}

describe('finalising one upload in parallel', () => {
  it('with three different client_ids makes one dictation; the others answer it (200), none fails', async () => {
    const uploadId = await upload();
    const originalsBefore = storedOriginals();
    const bodies = [1, 2, 3].map(() => finaliseBody(uploadId, tone.length, cardiology, { original_filename: 'race.wav' }));
    const answers = await Promise.all(bodies.map(finalise));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(await dictationsFor(bodies.map((b) => b.client_id))).toHaveLength(1);
    // The losers' copies of the recording are not kept.
    expect(storedOriginals() - originalsBefore).toBe(1);

    // A later replay with yet another client_id still answers the first result.
    const late = await finalise(finaliseBody(uploadId, tone.length, cardiology, { original_filename: 'race.wav' }));
    expect(late.statusCode).toBe(200);
    expect(late.json().data.id).toBe([...ids][0]);
  });

  it('with the same client_id three times answers 201 once and the same dictation twice (200)', async () => {
    const uploadId = await upload();
    const body = finaliseBody(uploadId, tone.length, cardiology, { client_id: randomUUID(), original_filename: 'race.wav' });
    const answers = await Promise.all([finalise(body), finalise(body), finalise(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await dictationsFor([body.client_id])).toHaveLength(1);
  });

  it('two uploads finalised in parallel still make two dictations', async () => {
    const [a, b] = await Promise.all([upload(), upload()]);
    const answers = await Promise.all(
      [a, b].map((id) => finalise(finaliseBody(id, tone.length, cardiology, { original_filename: 'race.wav' }))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().data.id).not.toBe(answers[1]!.json().data.id);
  });
});
