import { createServer, type Server } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { mailbox } from '../../server/db/schema';
import { seededDatabase } from './test-database';

/** An app on a fresh in-memory database whose log lines the test reads. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => lines.push(d.toString()));
  const database = await seededDatabase();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '.tmp/log-test', ...env }),
    db: database.db,
    serveClient: false,
    logStream: stream,
  });
  return {
    app,
    db: database.db,
    log: () => lines.join(''),
    async close() {
      await app.close();
      await database.close();
      await database.drop();
    },
  };
}

/** The reset token of the last mail to this address (the mailbox table keeps the text). */
async function mailedToken(db: Awaited<ReturnType<typeof appWithLog>>['db'], to: string): Promise<string> {
  const rows = await db.select().from(mailbox).where(eq(mailbox.to, to));
  return /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(rows.at(-1)!.text)![1]!;
}

/** Just enough SMTP to take one message, so the SMTP transport can be exercised without a mail server. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (data) {
          received.push(line);
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, received })),
  );
}

const dev = await appWithLog();
afterAll(() => dev.close());

describe('server logs', () => {
  it('never contain query strings (signed audio links, reset tokens), passwords or bearer tokens', async () => {
    const { app } = dev;
    await app.inject({ method: 'GET', url: '/api/validateToken?token=reset-token-never-logged' });
    await app.inject({ method: 'GET', url: '/api/dictation/1/audio?u=1&exp=9&sig=signature-never-logged' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'author@wardnote.test', password: 'Wardnote-demo-1' },
    });
    const token = login.json().access_token as string;
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    const log = dev.log();
    expect(log).toContain('/api/validateToken');
    expect(log).not.toContain('reset-token-never-logged');
    expect(log).not.toContain('signature-never-logged');
    expect(log).not.toContain('Wardnote-demo-1');
    expect(log).not.toContain(token);
  });

  it('never contain a reset token carried in the path', async () => {
    const { app } = dev;
    await app.inject({ method: 'GET', url: '/password/reset/path-token-never-logged?token=path-token-never-logged' });
    await app.inject({ method: 'GET', url: '/api/validateToken/other-path-token-never-logged' });
    await app.inject({ method: 'GET', url: '/api/password/validateToken/third-path-token-never-logged' });
    const log = dev.log();
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).toContain('/api/validateToken/[redacted]');
    expect(log).not.toMatch(/path-token-never-logged/);
  });

  it('by default (npm start) the local mailbox keeps the reset link out of the log (issue 22 point 8)', async () => {
    await dev.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'secretary@wardnote.test' } });
    const token = await mailedToken(dev.db, 'secretary@wardnote.test');
    expect(dev.log()).toContain('local mailbox');
    expect(dev.log()).not.toContain(token);
    expect(dev.log()).not.toContain('Someone asked to reset the password');
  });

  it('a developer who asks (MAIL_LOG_TEXT=1) gets the reset link printed; production refuses the setting', async () => {
    const asked = await appWithLog({ MAIL_LOG_TEXT: '1' });
    try {
      await asked.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'secretary@wardnote.test' } });
      expect(asked.log()).toContain(`/password/reset/${await mailedToken(asked.db, 'secretary@wardnote.test')}`);
    } finally {
      await asked.close();
    }
    expect(() => loadConfig({ MAIL_LOG_TEXT: '1', NODE_ENV: 'production', PUBLIC_URL: 'https://wardnote.trust.example' })).toThrow(
      /MAIL_LOG_TEXT/,
    );
  });

  it('in production, the local mailbox keeps the reset link out of the log', async () => {
    const prod = await appWithLog({ NODE_ENV: 'production', PUBLIC_URL: 'https://wardnote.trust.example' });
    try {
      await prod.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'secretary@wardnote.test' } });
      const token = await mailedToken(prod.db, 'secretary@wardnote.test');
      expect(prod.log()).toContain('local mailbox');
      expect(prod.log()).not.toContain(token);
    } finally {
      await prod.close();
    }
  });

  it('with SMTP configured, the message goes by SMTP and nothing of it reaches the log', async () => {
    const smtp = await fakeSmtp();
    const withSmtp = await appWithLog({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const res = await withSmtp.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'manager@wardnote.test' } });
      expect(res.statusCode).toBe(200);
      const sent = smtp.received.join('\n');
      const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(sent.replace(/=\n/g, ''))![1]!;
      expect(withSmtp.log()).not.toContain(token);
      expect(withSmtp.log()).not.toContain('/password/reset/');
    } finally {
      await withSmtp.close();
      smtp.server.close();
    }
  });
});
