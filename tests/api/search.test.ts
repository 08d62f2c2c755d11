// On PostgreSQL too: the search runs through named prepared statements, which PGlite ignores, and EXPLAIN plans after ANALYZE are asserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dictations, letters } from '../../server/db/schema';
import type { SearchRow } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, FOREIGN, makeDictation, type Made } from './worklist-fixtures';
import { letterDoc } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};
const paged: Made[] = [];

async function setPatient(id: number, patient: Record<string, string>, appointment?: Record<string, string>) {
  await t.db
    .update(dictations)
    .set({ patient, ...(appointment ? { appointment } : {}) })
    .where(eq(dictations.id, id));
}

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN, 'trustadmin@wardnote.test']) tokens[email] = await t.login(email);
  d.mine = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', department: 'CAR' });
  await setPatient(
    d.mine.id,
    { patient_first_name: 'Ophelia', patient_last_name: 'Quenby', patient_mrn_id: 'MRNQZ12345', patient_nhs_id: '4857773456' },
    { clinic_code: 'CLQZ7' },
  );
  await t.db.insert(letters).values({
    dictationId: d.mine.id,
    trustId: (await t.db.select().from(dictations).where(eq(dictations.id, d.mine.id)))[0]!.trustId,
    doc: letterDoc('Echocardiogram shows moderate mitral regurgitation.'),
    text: 'Diagnosis\nEchocardiogram shows moderate mitral regurgitation.',
  });
  d.confidential = await makeDictation(t.db, {
    author: OTHER_AUTHOR,
    status: 'AUTHOR_APPROVAL',
    confidential: true,
    patientLast: 'Quenby',
  });
  d.othersSent = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'SENT', department: 'ORT', patientLast: 'Quenby' });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING', patientLast: 'Quenby' });
  d.deleted = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', patientLast: 'Quenby' });
  await t.db.update(dictations).set({ deletedAt: new Date() }).where(eq(dictations.id, d.deleted.id));
  for (let i = 0; i < 12; i++) {
    paged.push(
      await makeDictation(t.db, {
        author: OTHER_AUTHOR,
        status: 'READY_FOR_TYPING',
        patientLast: 'Paginata',
        createdAt: new Date(Date.UTC(2026, 8, 1, 9, i)),
      }),
    );
  }
});
afterAll(() => t.close());

const search = (who: string, query: string) => t.call('GET', `/api/dictation/document?${query}`, { token: tokens[who] });
const rowsOf = (res: { json(): { data: { data: SearchRow[] } } }) => res.json().data.data;
const idsOf = (res: { json(): { data: { data: SearchRow[] } } }) => rowsOf(res).map((r) => r.id);

describe('GET /api/dictation/document: what each search key finds', () => {
  it('patient: by name, any part and any case, scoped like the lists (no confidential row of another author, no other trust, no deleted row)', async () => {
    const res = await search(SECRETARY, 'search=quenb&search_key=patient');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res).sort()).toEqual([d.mine!.id, d.othersSent!.id].sort());
    const card = rowsOf(res).find((r) => r.id === d.mine!.id)!;
    expect(card).toMatchObject({
      reference: d.mine!.reference,
      status: 'READY_FOR_TYPING',
      urgent: 'STANDARD',
      is_confidential: false,
      is_mobile: false,
      user: { full_name: 'Daniel Reid' },
      department: { code: 'CAR', name: 'Cardiology' },
      patient: { patient_first_name: 'Ophelia', patient_last_name: 'Quenby' },
      assigned_to: null,
    });
  });

  it('a manager also sees the confidential one; an author sees only their own', async () => {
    expect(idsOf(await search(MANAGER, 'search=Quenby&search_key=patient')).sort()).toEqual(
      [d.mine!.id, d.confidential!.id, d.othersSent!.id].sort(),
    );
    expect(idsOf(await search(AUTHOR, 'search=Quenby'))).toEqual([d.mine!.id]);
    // The other trust's author finds their own row and nothing of this trust.
    expect(idsOf(await search(FOREIGN, 'search=Quenby'))).toEqual([d.foreign!.id]);
  });

  it('patient: by first and last name together, by MRN, and by NHS number with or without spaces', async () => {
    expect(idsOf(await search(SECRETARY, 'search=ophelia%20quen&search_key=patient'))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, 'search=mrnqz123&search_key=patient'))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, `search=${encodeURIComponent('485 777 3456')}&search_key=patient`))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, 'search=4857773456'))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, `search=${encodeURIComponent('485-777-3456')}&search_key=all`))).toEqual([d.mine!.id]);
  });

  it('all: by reference (whole or part), and by words of the letter', async () => {
    expect(idsOf(await search(SECRETARY, `search=${d.mine!.reference}`))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, `search=${d.mine!.reference.slice(3)}`))).toContain(d.mine!.id);
    expect(idsOf(await search(SECRETARY, 'search=mitral%20regurgitation'))).toEqual([d.mine!.id]);
    // English stemming: "regurgitations" finds "regurgitation".
    expect(idsOf(await search(SECRETARY, 'search=regurgitations'))).toEqual([d.mine!.id]);
  });

  it('author: by the author’s name, only that author’s dictations', async () => {
    const res = await search(SECRETARY, 'search=hannah%20pr&search_key=author&paginate=30');
    expect(res.statusCode).toBe(200);
    const found = rowsOf(res);
    expect(found.map((r) => r.id)).toContain(d.othersSent!.id);
    expect(found.map((r) => r.id)).not.toContain(d.confidential!.id);
    expect(new Set(found.map((r) => r.user.full_name))).toEqual(new Set(['Hannah Price']));
  });

  it('department: by name or code', async () => {
    for (const term of ['orthopaed', 'ORT']) {
      const found = rowsOf(await search(SECRETARY, `search=${term}&search_key=department&paginate=30`));
      expect(found.map((r) => r.id)).toContain(d.othersSent!.id);
      expect(new Set(found.map((r) => r.department?.code))).toEqual(new Set(['ORT']));
    }
  });

  it('clinic_code: by the appointment’s clinic code, from its start, any case', async () => {
    expect(idsOf(await search(SECRETARY, 'search=clqz&search_key=clinic_code'))).toEqual([d.mine!.id]);
    expect(idsOf(await search(SECRETARY, 'search=qz7&search_key=clinic_code'))).toEqual([]);
  });

  it('nothing found is an empty page, not an error', async () => {
    const res = await search(SECRETARY, 'search=zzqqxxnothing');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null });
  });
});

describe('GET /api/dictation/document: pages and order', () => {
  it('pages of the chosen size with next_page_url and prev_page_url, newest first by default, asc on request', async () => {
    const first = await search(SECRETARY, 'search=paginata&search_key=patient&paginate=10');
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, prev_page_url: null });
    expect(page1.next_page_url).toBe('/api/dictation/document?search=paginata&search_key=patient&paginate=10&page=2');
    expect(page1.data.map((r: SearchRow) => r.id)).toEqual(
      paged
        .map((p) => p.id)
        .reverse()
        .slice(0, 10),
    );
    const second = (await t.call('GET', page1.next_page_url, { token: tokens[SECRETARY] })).json().data;
    expect(second).toMatchObject({ current_page: 2, next_page_url: null });
    expect(second.prev_page_url).toContain('page=1');
    expect(second.data.map((r: SearchRow) => r.id)).toEqual([paged[1]!.id, paged[0]!.id]);

    const asc = rowsOf(await search(SECRETARY, 'search=paginata&search_key=patient&sort=asc&paginate=15'));
    expect(asc.map((r) => r.id)).toEqual(paged.map((p) => p.id));
    const byRef = rowsOf(await search(SECRETARY, 'search=paginata&search_key=patient&sort=asc&sort_key=reference&paginate=15'));
    expect(byRef.map((r) => r.reference)).toEqual([...byRef.map((r) => r.reference)].sort());
  });

  it('a page past the end is empty and still counts', async () => {
    const res = await search(SECRETARY, 'search=paginata&search_key=patient&page=9');
    expect(res.json().data).toMatchObject({ data: [], total: 12, current_page: 9, last_page: 2, next_page_url: null });
  });
});

describe('GET /api/dictation/document: refusals', () => {
  it.each([
    ['', 'search'],
    ['search=', 'search'],
    ['search=ab', 'search'],
    ['search=quenby&search_key=nhs', 'search_key'],
    ['search=quenby&paginate=11', 'paginate'],
    ['search=quenby&page=0', 'page'],
    ['search=quenby&sort=up', 'sort'],
    ['search=quenby&sort_key=patient', 'sort_key'],
    ['search=quenby&status=SENT', '_'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('422 in plain words for %s', async (query, field) => {
    const res = await search(SECRETARY, query);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(JSON.stringify(body)).not.toMatch(/zod|invalid_type|Expected/i);
    if (field !== '_') expect(Object.keys(body.errors ?? {}).join(' ')).toContain(field);
  });

  it('a short term is fine for author, department and clinic code', async () => {
    expect((await search(SECRETARY, 'search=c&search_key=clinic_code')).statusCode).toBe(200);
  });

  it('a TrustAdmin or an external typist may not search dictations, and nobody may without signing in', async () => {
    expect((await search('trustadmin@wardnote.test', 'search=quenby')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/dictation/document?search=quenby')).statusCode).toBe(401);
    // An external typist sees their pool's work only: no search over the trust.
    const outsourced = await t.login('outsourced@wardnote.test');
    expect((await t.call('GET', '/api/dictation/document?search=quenby', { token: outsourced })).statusCode).toBe(403);
  });
});

describe('search indexes (migration 0011)', () => {
  it('on a bulk table, the patient-name, MRN, reference, NHS number and letter searches read their indexes', async () => {
    const plans: Record<string, string> = {};
    const explain = async (tx: { execute: TestApp['db']['execute'] }, query: string) => {
      const res = (await tx.execute(sql.raw(`EXPLAIN ${query}`))) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const live = `SELECT d.id FROM dictations d WHERE d.trust_id = 1 AND d.deleted_at IS NULL AND`;
    // 8,000 more dictations (and letters) of this trust, rolled back afterwards: a planner with a few
    // hundred rows reads them all, whatever the indexes.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO dictations (trust_id, site_id, author_id, created_by, client_id, reference, status, patient, appointment)
          SELECT s.trust_id, s.site_id, s.author_id, s.created_by, 'bulk-' || g, 'B' || g, 'SENT',
            jsonb_build_object('patient_first_name', 'First' || g, 'patient_last_name', 'Bulkname' || g,
              'patient_mrn_id', 'BMRN' || g, 'patient_nhs_id', (9000000000 + g)::text),
            jsonb_build_object('clinic_code', 'BC' || (g % 500))
          FROM (SELECT * FROM dictations WHERE id = ${d.mine!.id}) s, generate_series(1, 8000) g`);
        await tx.execute(sql`INSERT INTO letters (dictation_id, trust_id, doc, text)
          SELECT id, trust_id, '{}'::jsonb, 'Letter number ' || id || ' about word' || (id % 997) FROM dictations WHERE client_id LIKE 'bulk-%'`);
        // Rows inserted a moment ago wait in the GIN indexes' pending lists, which the planner prices high.
        for (const index of [
          'dictations_search_reference',
          'dictations_search_patient_name',
          'dictations_search_mrn',
          'letters_search_text',
        ])
          await tx.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
        await tx.execute(sql`ANALYZE dictations`);
        await tx.execute(sql`ANALYZE letters`);
        // Reading 8,000 rows whole is still cheap; at a million it is not: take that choice away.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        plans.name = await explain(
          tx,
          `${live} (coalesce(d.patient->>'patient_first_name', '') || ' ' || coalesce(d.patient->>'patient_last_name', '')) ILIKE '%ophelia quen%'`,
        );
        plans.mrn = await explain(tx, `${live} (d.patient->>'patient_mrn_id') ILIKE '%mrnqz123%'`);
        plans.reference = await explain(tx, `${live} d.reference LIKE '%${d.mine!.reference.slice(2)}%'`);
        plans.reference2 = await explain(tx, `${live} d.reference LIKE '${d.mine!.reference}%'`);
        plans.nhs = await explain(tx, `${live} (d.patient->>'patient_nhs_id') = '4857773456'`);
        plans.clinic = await explain(tx, `${live} d.appointment IS NOT NULL AND lower(d.appointment->>'clinic_code') LIKE 'clqz%'`);
        plans.letter = await explain(
          tx,
          `SELECT l.dictation_id FROM letters l WHERE l.trust_id = 1 AND to_tsvector('english', l.text) @@ plainto_tsquery('english', 'regurgitation')`,
        );
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!/rollback/i.test(String((err as Error).message))) throw err;
      });
    expect(plans.name).toContain('dictations_search_patient_name');
    expect(plans.mrn).toContain('dictations_search_mrn');
    expect(plans.reference).toContain('dictations_search_reference');
    expect(plans.nhs).toContain('dictations_search_nhs');
    expect(plans.clinic).toContain('dictations_search_clinic');
    expect(plans.letter).toContain('letters_search_text');
  });
});
