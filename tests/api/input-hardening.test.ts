// On PostgreSQL too: a real constraint violation (SQLSTATE 23514) is read off the driver's error object; node-postgres and PGlite raise different error classes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { startLoggedApp, type LoggedApp } from './logged-app';

/**
 * Issue 7 point 7: values of the right JSON type that the database cannot hold (an id past int4, a
 * NUL character, half a surrogate pair) are refused with a 422 naming the field, and the log keeps
 * none of the patient data sent, not even when a genuine database error answers 500.
 */
const NAME = 'Quillfeather';
const NHS = '401 023 2137';
const TOO_BIG = 2147483648;
const patient = (over: Record<string, string> = {}) => ({
  patient_first_name: 'Zebedee',
  patient_last_name: NAME,
  patient_nhs_id: NHS,
  ...over,
});

let t: LoggedApp;
let author: string;
let secretary: string;
let authorId: number;
let draftId: number;
/** Finished uploads of the author and the secretary: every refused finalise leaves them in place for the next. */
let finalise: Record<string, unknown>;
let secretaryFinalise: Record<string, unknown>;

beforeAll(async () => {
  t = await startLoggedApp();
  author = await t.login('author@wardnote.test');
  secretary = await t.login('secretary@wardnote.test');
  authorId = (await t.call('GET', '/api/user', { token: author })).json().data.id;
  const draft = await t.call('POST', '/api/dictation', { token: author, body: await t.upload(author, { status: 'DRAFT' }) });
  expect(draft.statusCode).toBe(201);
  draftId = draft.json().data.id;
  finalise = await t.upload(author, { patient: patient() });
  secretaryFinalise = await t.upload(secretary, { patient: patient() });
});
afterAll(() => t.close());

const draftChanges = (over: Record<string, unknown> = {}) => ({
  status: 'DRAFT',
  department_id: t.cardiologyId,
  urgent: 'HIGH',
  patient: patient(),
  custom_fields: [],
  ...over,
});

type Case = {
  what: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: () => string;
  token?: () => string;
  body?: () => unknown;
  field: string;
  message: string;
};

const ID = MESSAGES.idInvalid;
const TEXT = MESSAGES.textUnsafe;
const CASES: Case[] = [
  { what: 'a dictation id past int4', method: 'GET', url: () => `/api/dictation/${TOO_BIG}`, field: 'id', message: ID },
  { what: 'an audio id past int4', method: 'GET', url: () => `/api/dictation/${TOO_BIG}/audio`, field: 'id', message: ID },
  { what: 'a user id past int4', method: 'GET', url: () => `/api/users/${TOO_BIG}`, token: () => secretary, field: 'id', message: ID },
  {
    what: 'a site_id past int4',
    method: 'GET',
    url: () => `/api/users?site_id=${TOO_BIG}`,
    token: () => secretary,
    field: 'site_id',
    message: ID,
  },
  {
    what: 'a draft id past int4',
    method: 'PATCH',
    url: () => `/api/dictation/${TOO_BIG}`,
    body: () => draftChanges(),
    field: 'id',
    message: ID,
  },
  {
    what: 'a department_id past int4 on finalise',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, department_id: TOO_BIG }),
    field: 'department_id',
    message: ID,
  },
  {
    what: 'a department_id past int4 on a draft',
    method: 'PATCH',
    url: () => `/api/dictation/${draftId}`,
    body: () => draftChanges({ department_id: TOO_BIG }),
    field: 'department_id',
    message: ID,
  },
  {
    what: 'a job_type_id past int4',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, job_type_id: TOO_BIG }),
    field: 'job_type_id',
    message: ID,
  },
  {
    what: 'an author_id past int4',
    method: 'POST',
    url: () => '/api/dictation',
    token: () => secretary,
    body: () => ({ ...secretaryFinalise, author_id: TOO_BIG }),
    field: 'author_id',
    message: ID,
  },
  {
    what: 'a NUL in a patient name on finalise',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, patient: patient({ patient_first_name: 'Zeb\u0000edee' }) }),
    field: 'patient.patient_first_name',
    message: TEXT,
  },
  {
    what: 'a NUL in a patient name on a draft',
    method: 'PATCH',
    url: () => `/api/dictation/${draftId}`,
    body: () => draftChanges({ patient: patient({ patient_mrn_id: 'MRN\u0000' }) }),
    field: 'patient.patient_mrn_id',
    message: TEXT,
  },
  {
    what: 'a NUL in a custom field value',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, custom_fields: [{ id: 'ward', value: 'Ward\u00007' }] }),
    field: 'custom_fields.0.value',
    message: TEXT,
  },
  {
    what: 'a NUL in a preference column',
    method: 'POST',
    url: () => `/api/preference/${authorId}`,
    body: () => ({ profile: { columns: ['reference', 'pat\u0000ient'] } }),
    field: 'profile.columns.1',
    message: TEXT,
  },
  {
    what: 'a NUL in original_filename',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, original_filename: 'tone\u0000.wav' }),
    field: 'original_filename',
    message: TEXT,
  },
  {
    what: 'a NUL in mime_type',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, mime_type: 'audio/wav\u0000' }),
    field: 'mime_type',
    message: TEXT,
  },
  {
    what: 'a lone high surrogate in a patient name',
    method: 'POST',
    url: () => '/api/dictation',
    body: () => ({ ...finalise, patient: patient({ patient_last_name: `${NAME}\ud800` }) }),
    field: 'patient.patient_last_name',
    message: TEXT,
  },
  {
    what: 'a lone low surrogate in a patient name on a draft',
    method: 'PATCH',
    url: () => `/api/dictation/${draftId}`,
    body: () => draftChanges({ patient: patient({ patient_first_name: '\udc00Zebedee' }) }),
    field: 'patient.patient_first_name',
    message: TEXT,
  },
];

describe('valid-typed input the database cannot hold', () => {
  it.each(CASES)('$what answers 422 naming the field', async (c) => {
    const res = await t.call(c.method, c.url(), { token: c.token?.() ?? author, body: c.body?.() });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; code: string; errors: Record<string, string[]> }>();
    expect(body.code).toBe('validation');
    expect(body.errors[c.field]).toContain(c.message);
    expect(body.message).toBe(`${c.field}: ${c.message}`);
  });

  it('keeps well-formed text: emoji (surrogate pairs) and accents are stored as sent', async () => {
    const name = 'Zoë 🩺 Quill';
    const res = await t.call('PATCH', `/api/dictation/${draftId}`, {
      token: author,
      body: draftChanges({ patient: patient({ patient_first_name: name }) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.patient.patient_first_name).toBe(name);
  });

  it('the largest int4 id is still a valid id (and simply not found)', async () => {
    const res = await t.call('GET', '/api/dictation/2147483647', { token: author });
    expect(res.statusCode).toBe(404);
  });

  it('the log holds none of the patient data sent', () => {
    const log = t.log();
    expect(log).toContain('/api/dictation');
    expect(log).not.toContain(NAME);
    expect(log).not.toContain('4010232137');
    expect(log).not.toContain(NHS);
    expect(log).not.toContain('Zebedee');
  });
});

describe('a genuine database error', () => {
  it('answers 500 with a correlation id, and the log names the error and route but no query or parameter', async () => {
    const marked = `${NAME}-Boom`;
    await t.db.execute(
      sql.raw(
        `ALTER TABLE dictations ADD CONSTRAINT refuse_marked CHECK (patient->>'patient_last_name' IS DISTINCT FROM '${marked}') NOT VALID`,
      ),
    );
    try {
      const before = t.log().length;
      const res = await t.call('PATCH', `/api/dictation/${draftId}`, {
        token: author,
        body: draftChanges({ patient: patient({ patient_last_name: marked }) }),
      });
      expect(res.statusCode).toBe(500);
      const { correlation_id: id } = res.json<{ correlation_id: string }>();
      const log = t.log().slice(before);
      const line = log.split('\n').find((l) => l.includes('unhandled error'));
      expect(line).toBeDefined();
      const entry = JSON.parse(line!);
      expect(entry.correlation_id).toBe(id);
      expect(entry.route).toBe('/api/dictation/:id');
      expect(entry.method).toBe('PATCH');
      expect(JSON.stringify(entry.error)).toContain('23514');
      expect(log).not.toContain(NAME);
      expect(log).not.toContain('4010232137');
      expect(log).not.toMatch(/params|update "dictations"|Failing row/i);
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE dictations DROP CONSTRAINT refuse_marked'));
    }
  });
});
