import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { seedDemoLetterhead } from '../../server/db/demo-letterhead';
import { dictations, letters, patients } from '../../server/db/schema';
import { DEMO_TEMPLATES } from '../../server/db/seed';
import type { LetterNode } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';
import { userId } from './letters-fixtures';
import { AUTHOR, FOREIGN, SECRETARY } from './worklist-fixtures';

const SCRIBE = 'scribe@wardnote.test';
let t: TestApp;
const tokens: Record<string, string> = {};
let options: { departments: { id: number; name: string }[]; job_types: { id: number; name: string }[] };

const HEADINGS = DEMO_TEMPLATES['Clinic Letter'];
const IDENTIFIERS = ['PENROSE, Arthur', 'NHS No. 943 476 5919', 'DOB 22-Nov-1950'];

const para = (text: string): LetterNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
/** The Clinic Letter template with each section typed in, and `extra` paragraphs at the end. */
function typedLetter(extra = 0): LetterNode {
  return {
    type: 'doc',
    content: [
      ...HEADINGS.flatMap((h, i) => [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: h }] },
        para(`Section ${i + 1}: reviewed in the heart failure clinic; breathlessness improved since the last visit.`),
      ]),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [para('Bisoprolol 2.5 mg once daily')] },
          { type: 'listItem', content: [para('Ramipril 5 mg once daily')] },
        ],
      },
      ...Array.from({ length: extra }, (_, i) =>
        para(
          `Further note ${i + 1}. The patient walks two miles on the flat without stopping, sleeps flat on one pillow and has no ankle swelling. `.repeat(
            3,
          ),
        ),
      ),
    ],
  };
}

async function makeLetter(doc: LetterNode): Promise<{ id: number; reference: string }> {
  const res = await t.call('POST', '/api/dictation/manual', {
    token: tokens[SECRETARY],
    body: {
      author_id: await userId(t.db, AUTHOR),
      department_id: options.departments.find((d) => d.name === 'Cardiology')!.id,
      job_type_id: options.job_types.find((j) => j.name === 'Clinic Letter')!.id,
      patient: {
        patient_first_name: 'Arthur',
        patient_last_name: 'PENROSE',
        patient_nhs_id: '9434765919',
        patient_birthdate: '1950-11-22',
        patient_mrn_id: 'RDG0400037',
      },
    },
  });
  expect(res.statusCode).toBe(201);
  const { id, reference } = res.json().data;
  const saved = await t.call('PUT', `/api/dictation/${id}/letter`, { token: tokens[SECRETARY], body: { doc, base_version: 0 } });
  expect(saved.statusCode).toBe(200);
  // The referring clinician, as the appointment finder would have set it: copied by the Clinic Letter type.
  await t.db
    .update(dictations)
    .set({ appointment: { patient_referrer_code: 'C7654321', patient_referrer_first_name: 'Ruth', patient_referrer_last_name: 'ADEYEMI' } })
    .where(eq(dictations.id, id));
  return { id, reference };
}

async function pdfPages(id: number, token = tokens[AUTHOR]): Promise<string[]> {
  const res = await t.call('GET', pathOf(E.dictationLetterPdf, { id }), { token });
  expect(res.statusCode).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((p) => p.replace(/\s+/g, ' '));
}

async function docxText(id: number): Promise<{ body: string; headers: string; footers: string }> {
  const res = await t.call('GET', pathOf(E.dictationLetterDocx, { id }), { token: tokens[AUTHOR] });
  expect(res.statusCode).toBe(200);
  const zip = await JSZip.loadAsync(res.rawPayload);
  const read = async (re: RegExp) => {
    const parts = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => re.test(n))
        .map((n) => zip.file(n)!.async('string')),
    );
    // Each paragraph on its own line, tags out, entities back.
    return parts
      .join('\n')
      .replace(/<\/w:p>/g, '\n')
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&apos;/g, "'");
  };
  return {
    body: await read(/^word\/document\.xml$/),
    headers: await read(/^word\/header\d*\.xml$/),
    footers: await read(/^word\/footer\d*\.xml$/),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoLetterhead(t.db);
  for (const email of [AUTHOR, SECRETARY, FOREIGN, SCRIBE]) tokens[email] = await t.login(email);
  options = (await t.call('GET', '/api/dictation-options', { token: tokens[SECRETARY] })).json().data;
});
afterAll(() => t.close());

describe('GET /api/dictation/{id}/letter.pdf and .docx', () => {
  let letter: { id: number; reference: string };
  beforeAll(async () => {
    letter = await makeLetter(typedLetter());
    const [row] = await t.db.select({ trustId: dictations.trustId }).from(dictations).where(eq(dictations.id, letter.id));
    await t.db.insert(patients).values({
      trustId: row!.trustId,
      nhsNumber: '9434765919',
      mrn: 'RDG0400037',
      firstName: 'Arthur',
      lastName: 'PENROSE',
      birthdate: '1950-11-22',
      address: { lines: ['12 Mill Lane', 'Demoton'], postCode: 'DM1 2AB' },
      gp: {
        code: 'A99001',
        name: 'Dr Helen Marsh',
        practice: 'Riverside Medical Centre',
        address: '1 Riverside Walk\nDemoton',
        postCode: 'DM1 4RW',
      },
    });
  });

  it('a draft: shown in the browser, not kept by any cache, named by the reference only, watermarked, every page identified', async () => {
    const res = await t.call('GET', pathOf(E.dictationLetterPdf, { id: letter.id }), { token: tokens[AUTHOR] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="letter-${letter.reference}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(letter.id);
    pages.forEach((p, i) => {
      for (const id of IDENTIFIERS) expect(p).toContain(id);
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(p).toContain('DRAFT');
    });
    const page = pages.join(' ');
    // Letterhead of the trust, the patient's address as the addressee, the job type's title and headings.
    expect(page).toContain('Demo NHS Foundation Trust');
    expect(page).toContain('01632 960 000');
    expect(page).toContain('Arthur Penrose 12 Mill Lane Demoton DM1 2AB');
    expect(page).toContain('Clinic Letter');
    for (const h of HEADINGS) expect(page).toContain(h);
    expect(page).toContain('Bisoprolol 2.5 mg once daily');
    // Not approved: said under the signature and across the page.
    expect(page).toContain('Dictated but not yet approved');
    expect(page).toContain('DRAFT');
    expect(page).not.toContain('Approved by');
    // The GP and the referring clinician are copied.
    expect(page).toMatch(/cc: Dr Helen Marsh, Riverside Medical Centre, 1 Riverside Walk, Demoton, DM1 4RW Ruth Adeyemi/);
  });

  it('after approval: the signature with role and registration number, no draft marks', async () => {
    await t.db
      .update(letters)
      .set({
        approval: {
          user_id: await userId(t.db, AUTHOR),
          name: 'Dr Daniel Reid',
          job_title: 'Consultant Cardiologist',
          registration_number: 'GMC 4412087',
          on_behalf_of: null,
          approved_at: '2026-11-21T15:05:00Z',
        },
      })
      .where(eq(letters.dictationId, letter.id));
    await t.db.update(dictations).set({ status: 'SENT' }).where(eq(dictations.id, letter.id));

    const page = (await pdfPages(letter.id)).join(' ');
    expect(page).toContain('Approved by Dr Daniel Reid, Consultant Cardiologist, GMC 4412087 on 21 Nov 2026');
    expect(page).toContain('GMC 4412087');
    expect(page).toContain('21 November 2026');
    expect(page).not.toContain('Dictated but not yet approved');
    expect(page).not.toContain('DRAFT');

    const docx = await docxText(letter.id);
    expect(docx.body).toContain('Approved by Dr Daniel Reid, Consultant Cardiologist, GMC 4412087 on 21 Nov 2026');
    expect(docx.body).not.toContain('Dictated but not yet approved');
    expect(docx.headers).not.toContain('DRAFT');
  });

  it('the DOCX: downloaded, and holds the same letter, identifiers in the header and page numbers in the footer', async () => {
    const res = await t.call('GET', pathOf(E.dictationLetterDocx, { id: letter.id }), { token: tokens[AUTHOR] });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="letter-${letter.reference}.docx"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const { body, headers, footers } = await docxText(letter.id);
    for (const id of IDENTIFIERS) expect(headers).toContain(id);
    expect(footers).toMatch(/Page .*PAGE.* of .*NUMPAGES/s);
    expect(body).toContain('Demo NHS Foundation Trust');
    expect(body).toContain('Clinic Letter');
    for (const h of HEADINGS) expect(body).toContain(h);
    expect(body).toContain('PENROSE, Arthur');
    expect(body).toContain('943 476 5919');
    expect(body).toContain('22-Nov-1950');
    expect(body).toContain('Bisoprolol 2.5 mg once daily');
    expect(body).toContain('cc:\tDr Helen Marsh, Riverside Medical Centre, 1 Riverside Walk, Demoton, DM1 4RW');
    expect(body).toContain('Ruth Adeyemi');
  });

  it('each download is in the dictation’s audit trail', async () => {
    const trail = (await t.call('GET', `/api/dictation/${letter.id}/logs`, { token: tokens[AUTHOR] })).json().data.data;
    const said = trail.map((l: { description: string }) => l.description);
    expect(said).toContain('Downloaded letter (PDF)');
    expect(said).toContain('Downloaded letter (DOCX)');
  });

  it('the in-app preview is logged as a preview, not a download, and says which letter version it printed', async () => {
    const before = (await t.call('GET', `/api/dictation/${letter.id}/logs`, { token: tokens[AUTHOR] })).json().data.data.length;
    const res = await t.call('GET', `${pathOf(E.dictationLetterPdf, { id: letter.id })}?purpose=preview`, { token: tokens[SECRETARY] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-letter-version']).toBe('1');
    const trail = (await t.call('GET', `/api/dictation/${letter.id}/logs`, { token: tokens[AUTHOR] })).json().data.data;
    expect(trail.length).toBe(before + 1);
    expect(trail[0].description).toBe('Previewed letter (PDF)');
    // Any other purpose is refused in words, and nothing is rendered or logged.
    const bad = await t.call('GET', `${pathOf(E.dictationLetterPdf, { id: letter.id })}?purpose=print`, { token: tokens[SECRETARY] });
    expect(bad.statusCode).toBe(422);
    const after = (await t.call('GET', `/api/dictation/${letter.id}/logs`, { token: tokens[AUTHOR] })).json().data.data;
    expect(after.length).toBe(before + 1);
  });

  it('another trust’s user and an author who may not see it get 404; without a session 401; a bad id 422', async () => {
    for (const path of [pathOf(E.dictationLetterPdf, { id: letter.id }), pathOf(E.dictationLetterDocx, { id: letter.id })]) {
      expect((await t.call('GET', path, { token: tokens[FOREIGN] })).statusCode).toBe(404);
      expect((await t.call('GET', path, { token: tokens[SCRIBE] })).statusCode).toBe(404);
      expect((await t.call('GET', path)).statusCode).toBe(401);
    }
    expect((await t.call('GET', '/api/dictation/abc/letter.pdf', { token: tokens[AUTHOR] })).statusCode).toBe(422);
    expect((await t.call('GET', '/api/dictation/999999/letter.pdf', { token: tokens[AUTHOR] })).statusCode).toBe(404);
  });
});

describe('a letter not typed yet', () => {
  it('prints the job type’s template headings as a draft', async () => {
    const res = await t.call('POST', '/api/dictation/manual', {
      token: tokens[SECRETARY],
      body: {
        author_id: await userId(t.db, AUTHOR),
        department_id: options.departments[0]!.id,
        job_type_id: options.job_types.find((j) => j.name === 'Clinic Letter')!.id,
        patient: {
          patient_first_name: 'Arthur',
          patient_last_name: 'PENROSE',
          patient_nhs_id: '9434765919',
          patient_birthdate: '1950-11-22',
        },
      },
    });
    const page = (await pdfPages(res.json().data.id, tokens[SECRETARY])).join(' ');
    for (const h of HEADINGS) expect(page).toContain(h);
    expect(page).toContain('Dictated but not yet approved');
  });
});

describe('a long letter', () => {
  it('runs over pages, each with the patient identifiers and "Page n of m"; the DOCX holds the same text', async () => {
    const long = await makeLetter(typedLetter(40));
    const pages = await pdfPages(long.id, tokens[SECRETARY]);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      for (const id of IDENTIFIERS) expect(page).toContain(id);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('DRAFT');
    });
    expect(pages.at(-1)).toContain('Dictated but not yet approved');
    expect(pages.join(' ')).toContain('Further note 40.');

    const { body, headers } = await docxText(long.id);
    expect(body).toContain('Further note 40.');
    expect(body).toContain('Dictated but not yet approved');
    expect(headers).toContain('DRAFT');
  });
});
