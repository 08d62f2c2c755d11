// On PostgreSQL too: two API instances contend for one upload's lock row; only PostgreSQL runs their statements in parallel.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { uploadLocks } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { tusClient } from './tus-client';

// Two API processes on one database and one upload area: the app the harness starts, and a second.
let t: TestApp;
let second: FastifyInstance;
let secondBase: string;
let token: string;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  second = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }), db: t.db, serveClient: false });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  token = await t.login('author@wardnote.test');
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the tus lock is shared by API processes', () => {
  it('a client resuming on another process makes the stalled request let go, and carries on from its offset', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 7);
    const created = await tusClient(t.base, token).create(bytes.length);
    const stalled = tusClient(t.base, token).patchStalled(created.url!, 0, bytes.subarray(0, 512 * 1024), bytes.length);
    await expect.poll(async () => (await t.db.select().from(uploadLocks)).length).toBe(1);

    const onSecond = tusClient(secondBase, token);
    const resumeUrl = `${secondBase}/api/uploads/${created.id}`;
    const head = await onSecond.offset(resumeUrl);
    expect(head.status).toBe(200);
    expect(head.offset).toBeGreaterThan(0);
    expect(head.offset).toBeLessThanOrEqual(512 * 1024);
    await stalled.ended;

    const done = await onSecond.patch(resumeUrl, head.offset, bytes.subarray(head.offset));
    expect(done.offset).toBe(bytes.length);
    expect(readFileSync(path.join(t.dataDir, 'uploads', created.id!)).equals(bytes)).toBe(true);
    expect(await t.db.select().from(uploadLocks)).toEqual([]);
    stalled.abandon();
  });

  it('a lock left by a process that died frees itself when its lease runs out', async () => {
    const created = await tusClient(t.base, token).create(100);
    await t.db
      .insert(uploadLocks)
      .values({ uploadId: created.id!, holder: 'a-process-that-crashed', expiresAt: sql`now() + interval '1 second'` });
    const head = await tusClient(secondBase, token).offset(`${secondBase}/api/uploads/${created.id}`);
    expect(head).toEqual({ status: 200, offset: 0 });
    expect(await t.db.select().from(uploadLocks)).toEqual([]);
  });

  it('leases that ran out long ago are forgotten by the hourly sweep; live ones stay', async () => {
    await t.db.insert(uploadLocks).values([
      { uploadId: 'long-dead-upload', holder: 'gone', expiresAt: sql`now() - interval '2 hours'` },
      { uploadId: 'busy-upload', holder: 'alive', expiresAt: sql`now() + interval '1 minute'` },
    ]);
    await t.app.wardnote.uploads.sweep();
    expect((await t.db.select().from(uploadLocks)).map((l) => l.uploadId)).toEqual(['busy-upload']);
  });
});
