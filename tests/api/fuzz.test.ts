import type { EndpointDef } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { departments, jobTypes, users } from '../../server/db/schema';
import { writeTone } from './audio-fixtures';
import { hostileFor, junk, urlValue, type Known } from './fuzz-arbitraries';
import { startTestApp, type TestApp } from './harness';
import { tusClient } from './tus-client';
import { createSession } from '../../server/modules/auth/session.repository';

/**
 * Issue 7: schema-shaped but hostile values sent to every JSON endpoint never answer 5xx. The
 * endpoints are found, with their zod schemas, through the app's `onRoute` hook, so endpoints added
 * later are fuzzed without changing this file.
 */
const ROUTES: RouteOptions[] = [];

const RUNS_PER_ENDPOINT = 20;
const ROLES = [
  'author@wardnote.test',
  'secretary@wardnote.test',
  'manager@wardnote.test',
  'trustadmin@wardnote.test',
  'superadmin@wardnote.test',
];

let t: TestApp;
const tokens = new Map<string, string>();
const known: Known = {};

function endpoints() {
  const seen = new Set<string>();
  return ROUTES.flatMap((r) => {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    // tus speaks binary (application/offset+octet-stream) with its own headers: covered by its own tests.
    // The live event stream never ends (an inject would wait for ever): tests/api/live-events.test.ts covers it.
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/uploads') || r.config?.eventStream) return [];
    return methods
      .filter((m) => !seen.has(`${m} ${r.url}`) && seen.add(`${m} ${r.url}`))
      .map((method) => ({ method: method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: r.url, schema: r.schema ?? {} }));
  });
}

beforeAll(async () => {
  t = await startTestApp({}, { listen: true, deps: { onRoute: (route) => ROUTES.push(route) } });
  for (const email of ROLES) tokens.set(email, await t.login(email));
  const tone = readFileSync(writeTone(path.join(t.dataDir, 'fuzz-tone.wav'), { seconds: 1 }));
  const uploadIds: string[] = [];
  for (const email of ROLES.slice(0, 3)) uploadIds.push(await tusClient(t.base, tokens.get(email)!).upload(tone, { filename: 'tone.wav' }));
  const deps = await t.db.select({ id: departments.id }).from(departments);
  const types = await t.db.select({ id: jobTypes.id }).from(jobTypes);
  const people = await t.db.select({ id: users.id }).from(users);
  const [author] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'author@wardnote.test'));
  Object.assign(known, {
    id: ['1', '2', '3', String(author!.id), ...people.map((p) => String(p.id))],
    upload_id: uploadIds,
    byte_size: [tone.length],
    department_id: deps.map((d) => d.id),
    job_type_id: types.map((j) => j.id),
    author_id: [author!.id],
    site_id: ['1', '2'],
    status: ['DRAFT', 'READY_FOR_TYPING'],
    client_id: ['6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
    patient_nhs_id: ['943 476 5919'],
    original_filename: ['tone.wav'],
  });
});
afterAll(() => t.close());

/**
 * Gives every role a live session again after an endpoint whose fuzzing ended one (logout). Made
 * directly, not through /api/login, whose rate limit the fuzzing of login itself uses up.
 */
async function reviveSessions(): Promise<void> {
  for (const [email, token] of tokens) {
    if ((await t.call('GET', '/api/user', { token })).statusCode !== 401) continue;
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    tokens.set(email, (await createSession(t.db, user!.id, 3600_000)).token);
  }
}

function requestFor(ep: ReturnType<typeof endpoints>[number]) {
  const s = ep.schema as { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  const names = [...ep.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.record(
    Object.fromEntries(names.map((n) => [n, s.params ? hostileFor((s.params as z.ZodObject).shape[n] as z.ZodType, known, n) : junk])),
  );
  const query = s.querystring ? hostileFor(s.querystring, known) : fc.constant({});
  const body = ep.method === 'GET' || ep.method === 'DELETE' ? fc.constant(undefined) : s.body ? hostileFor(s.body, known) : junk;
  return fc.record({ params, query, body, role: fc.constantFrom(...ROLES, null) });
}

function urlOf(template: string, params: Record<string, unknown>, query: unknown): string {
  const pathPart = template.replace(/:(\w+)/g, (_, n: string) => urlValue(params[n]) || '0');
  const entries = query && typeof query === 'object' && !Array.isArray(query) ? Object.entries(query) : [['q', query]];
  const search = entries.map(([k, v]) => `${urlValue(k)}=${urlValue(v)}`).join('&');
  return search ? `${pathPart}?${search}` : pathPart;
}

describe('fuzz: every JSON endpoint', () => {
  it('found the endpoints through onRoute (and the ones this test knows of are among them)', () => {
    const found = endpoints().map((e) => `${e.method} ${e.url}`);
    expect(found).toEqual(expect.arrayContaining(['POST /api/login', 'POST /api/dictation', 'PATCH /api/dictation/:id', 'GET /api/users']));
  });

  it('registers exactly the endpoints of the table, each from its entry (issue 24 point 2)', () => {
    const registered = ROUTES.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/uploads')).flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`),
    );
    const declared = Object.values(E as Record<string, EndpointDef>).map((e) => `${e.method} ${e.path}`);
    expect([...new Set(registered)].sort()).toEqual(declared.sort());
  });

  it('answers hostile but schema-shaped input without a 5xx', async () => {
    const failures: string[] = [];
    for (const ep of endpoints()) {
      await reviveSessions();
      await fc
        .assert(
          fc.asyncProperty(requestFor(ep), async ({ params, query, body, role }) => {
            const url = urlOf(ep.url, params, query);
            const token = role ? tokens.get(role) : undefined;
            const res = await t.app.inject({
              method: ep.method,
              url,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            if (res.statusCode >= 500)
              failures.push(`${ep.method} ${ep.url} → ${res.statusCode} for ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300)}`);
            expect(res.statusCode, `${ep.method} ${url.slice(0, 200)}`).toBeLessThan(500);
          }),
          { numRuns: RUNS_PER_ENDPOINT },
        )
        .catch((err: unknown) => {
          failures.push(`${String(err).slice(0, 1500)}\ncause: ${String((err as { cause?: unknown }).cause).slice(0, 500)}`);
        });
    }
    expect(failures).toEqual([]);
    // A limit against a hang, not a speed check: every route's runs take over a minute on a loaded machine.
  }, 240_000);
});
