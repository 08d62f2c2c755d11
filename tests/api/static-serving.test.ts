import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { seededDatabase } from './test-database';
import { ENTRY_KEY, readBuildManifest } from '../../server/modules/system/spa-manifest';
import { buildInto } from '../../scripts/vite/build-into';
import { gzipBytes, routeJs } from '../../scripts/vite/build-size';
import { MESSAGES } from '../../src/domain/messages';

/**
 * The built app as the server sends it (issue 8, issue 7 point 8). `npm test` builds the app once, before
 * the API tests, and names it in WARDNOTE_BUILT_APP: this file works on a copy of it (it writes into the
 * folder). Run alone, it builds its own copy.
 */
let outDir: string;
let dataDir: string;
let app: FastifyInstance;
let close: () => Promise<void>;
let entryJs: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'wardnote-build-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-static-'));
  const shared = process.env.WARDNOTE_BUILT_APP;
  if (shared) cpSync(shared, outDir, { recursive: true });
  else buildInto(outDir);
  entryJs = `/${readBuildManifest(outDir)![ENTRY_KEY]!.file}`;
  const database = await seededDatabase();
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, STATIC_DIR: outDir }), db: database.db });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await database.drop();
  };
}, 240_000);

afterAll(async () => {
  await close?.();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

describe('compressed answers for the app shell, a hashed asset and the worker', () => {
  const cases = [
    { name: 'the app shell', url: () => '/', cache: 'no-cache' },
    { name: 'a hashed asset', url: () => entryJs, cache: 'public, max-age=31536000, immutable' },
    { name: 'the service worker', url: () => '/sw.js', cache: 'no-cache' },
  ];

  for (const c of cases) {
    it(`${c.name}: br when asked, gzip otherwise, identity when neither; the same bytes once decoded`, async () => {
      const plain = await get(c.url());
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(0);

      const br = await get(c.url(), 'gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(decode(br.rawPayload, 'br').equals(plain.rawPayload)).toBe(true);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

      const gz = await get(c.url(), 'gzip, deflate');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode(gz.rawPayload, 'gzip').equals(plain.rawPayload)).toBe(true);

      const refused = await get(c.url(), 'br;q=0, gzip;q=0');
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);

      for (const res of [plain, br, gz]) {
        expect(res.headers['cache-control']).toBe(c.cache);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      }
    });
  }

  it('the scribe host gets its own shell, compressed too', async () => {
    const res = await app.inject({ method: 'GET', url: '/login', headers: { host: 'scribe.localhost', 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res.rawPayload, 'br').toString()).toContain('<title>Wardnote Scribe</title>');
  });
});

describe('the shell asks for its route at once', () => {
  it("/login preloads the sign-in route's chunks and nothing of the recording, upload or sync features", async () => {
    const html = (await get('/login')).body;
    const manifest = readBuildManifest(outDir)!;
    const login = manifest['src/routes/login.tsx?tsr-split=component']!.file;
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${login}">`);
    const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]!);
    const feature = Object.entries(manifest)
      .filter(([key]) => /^src\/(features\/(recording|upload|sync)|routes\/(record|uploaddictation))/.test(key))
      .map(([, chunk]) => chunk.file);
    expect(feature.length).toBeGreaterThan(0);
    expect(preloaded.filter((f) => feature.includes(f))).toEqual([]);
  });

  it('/login carries the sign-in form of its variant, its button disabled until the app runs; other pages carry none', async () => {
    const plus = (await get('/login')).body;
    expect(plus).toMatch(/<div id="root"><\/div><div id="sign-in-prerendered">/);
    expect(plus).toContain('>Sign in to Wardnote+</h1>');
    expect(plus).toMatch(/<button type="submit" disabled=""[^>]*>Sign in<\/button>/);
    expect(plus).toContain('name="email"');
    expect(plus).toContain('href="/password/forgot"');
    expect(plus).not.toContain('id="page-title"'); // the app's page has that id
    const scribe = await app.inject({ method: 'GET', url: '/login', headers: { host: 'scribe.localhost' } });
    expect(scribe.body).toContain('>Sign in to Wardnote Scribe</h1>');
    for (const url of ['/', '/password/forgot', '/AUTHOR_APPROVAL']) expect((await get(url)).body).not.toContain('sign-in-prerendered');
    expect((await get('/prerendered-sign-in.json')).statusCode).toBe(404);
  });

  it('an address no route knows still gets the plain shell (the client router shows its page)', async () => {
    const res = await get('/no/such/page/here');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('files, not the app shell', () => {
  it('/robots.txt is text that keeps crawlers out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/User-agent: \*\s+Disallow: \//);
  });

  it('a missing file under /assets/ or with an extension is a 404, not the shell', async () => {
    for (const url of ['/assets/missing.js', '/assets/app-0000.css', '/favicon.ico', '/icons/none.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('source maps are neither built into the served folder nor served if one is put there', async () => {
    const maps: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.map')) maps.push(e.name);
      }
    };
    walk(outDir);
    expect(maps).toEqual([]);
    writeFileSync(path.join(outDir, 'sw.js.map'), '{"version":3}');
    writeFileSync(path.join(outDir, `${entryJs}.map`), '{"version":3}');
    for (const url of ['/sw.js.map', `${entryJs}.map`]) expect((await get(url)).statusCode, url).toBe(404);
  });
});

describe('API answers', () => {
  it('JSON above 1 KB is compressed (br, else gzip); a small one is sent as it is', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'manager@wardnote.test', password: DEMO_PASSWORD },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const plain = await app.inject({ method: 'GET', url: '/api/users', headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await app.inject({ method: 'GET', url: '/api/users', headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(br.rawPayload, 'br').toString())).toEqual(plain.json());
    const gz = await app.inject({ method: 'GET', url: '/api/users', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz.rawPayload, 'gzip').toString())).toEqual(plain.json());

    const small = await get('/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

/**
 * Bytes, not timings: deterministic for a given build, so CI can hold the line. The goals (1.6x
 * a hello-world floor; for the worker 40 KB, reached once Workbox's runtime left it) and how
 * far we are from them are in bench/first-load.bench.ts and docs/decisions.md. /login's budget is the goal
 * itself, 1.6x the floor the bench measures (66.2 KB with React 19.3): the form no longer waits for this
 * JavaScript (it comes pre-rendered in the page), but its size still costs a phone's CPU. The worker's is
 * the 40 KB (39.6 KB reached: its own precache in place of Workbox, docs/decisions.md).
 */
describe('size budget', () => {
  const LOGIN_JS_GZIP_BUDGET = Math.floor(1.6 * 66.2 * 1024);
  const SW_GZIP_BUDGET = 40 * 1024;

  it(`/login needs at most ${(LOGIN_JS_GZIP_BUDGET / 1024).toFixed(1)} KB of JavaScript (gzip): no zod, Dexie, React Query, ky, React Aria or feature`, () => {
    const login = routeJs(outDir, '/login');
    expect(login.gzip).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
    const code = login.files.map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    expect(code).not.toContain('$ZodObject'); // zod: its flag is set on the global it reads (src/app/zod-config.ts)
    expect(code).not.toContain('DatabaseClosedError'); // Dexie
    expect(code).not.toContain('No QueryClient set'); // React Query: mounted below the sign-in pages (src/app/server-state.ts)
    expect(code).not.toContain('Missing queryFn');
    expect(code).not.toContain('Request timed out'); // ky: loaded with the first call (src/lib/api/client.ts)
    expect(code).not.toContain('data-rac'); // React Aria Components: the sign-in form is plain HTML
    expect(code).not.toContain('wavesurfer');
    expect(code).not.toContain('tus-js-client');
    // The catalogue: the first load carries its sign-in and transport parts only (src/domain/messages-*.ts).
    expect(code).not.toContain(MESSAGES.maxTabs);
    expect(code).not.toContain(MESSAGES.minColumns);
  });

  it(`sw.js is at most ${SW_GZIP_BUDGET / 1024} KB gzip and carries neither zod nor ky`, () => {
    expect(gzipBytes(path.join(outDir, 'sw.js'))).toBeLessThanOrEqual(SW_GZIP_BUDGET);
    const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).not.toMatch(/ZodError|\$ZodType/);
    expect(sw).not.toMatch(/ky\b.*retry|TimeoutError/);
    expect(sw).not.toContain(MESSAGES.maxTabs); // the catalogue: the worker imports its transport part only
  });

  it("the worker precaches neither variant's icons nor the rarely used pages' chunks", () => {
    const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(precached).toContain('index.html');
    expect(precached.filter((u) => /^(icons|manifest)\//.test(u))).toEqual([]);
    const manifest = readBuildManifest(outDir)!;
    const forgot = manifest['src/routes/password/forgot.tsx?tsr-split=component']!.file;
    const login = manifest['src/routes/login.tsx?tsr-split=component']!.file;
    expect(precached).not.toContain(forgot);
    expect(precached).toContain(login);
  });
});
