import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemoData, seedReferenceData } from '../../server/db/seed';

const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (d: Buffer) => lines.push(d.toString()));
const database = await openDatabase({ dataDir: null });
await seedReferenceData(database.db);
await seedDemoData(database.db);
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '.tmp/log-test' }),
  db: database.db,
  serveClient: false,
  logStream: stream,
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('server logs', () => {
  it('never contain query strings (signed audio links, reset tokens), passwords or bearer tokens', async () => {
    await app.inject({ method: 'GET', url: '/api/validateToken?token=reset-token-never-logged' });
    await app.inject({ method: 'GET', url: '/api/dictation/1/audio?u=1&exp=9&sig=signature-never-logged' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'author@wardnote.test', password: 'Wardnote-demo-1' },
    });
    const token = login.json().access_token as string;
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    const log = lines.join('');
    expect(log).toContain('/api/validateToken');
    expect(log).not.toContain('reset-token-never-logged');
    expect(log).not.toContain('signature-never-logged');
    expect(log).not.toContain('Wardnote-demo-1');
    expect(log).not.toContain(token);
  });
});
