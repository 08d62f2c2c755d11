import type { DictationStatus } from '../../src/domain/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { dictationComments, dictations, letters } from '../../server/db/schema';
import { seedDemoDictations } from '../../server/db/demo-dictations';
import { seedDemoLetters } from '../../server/db/demo-letters';
import { checkLetterDoc, letterText } from '../../src/domain/letter-doc';
import type { LetterNode } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let secretary: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDictations(t.db, t.app.wardnote);
  await seedDemoLetters(t.db);
  secretary = await t.login('secretary@wardnote.test');
}, 120_000);
afterAll(() => t.close());

const ofStatus = (statuses: DictationStatus[]) =>
  t.db
    .select({ id: dictations.id, status: dictations.status, assignedTo: dictations.assignedTo, doc: letters.doc, version: letters.version })
    .from(dictations)
    .leftJoin(letters, eq(letters.dictationId, dictations.id))
    .where(inArray(dictations.status, statuses));

describe('demo letters', () => {
  it('every demo dictation past typing has a whole, valid letter; those being typed are partly typed', async () => {
    const done = await ofStatus(['QA_REVIEW', 'AUTHOR_APPROVAL', 'MANUAL_DISTRIBUTION', 'SENT']);
    expect(done.length).toBeGreaterThan(20);
    for (const r of done) {
      expect(r.doc, `dictation ${r.id}`).not.toBeNull();
      expect(checkLetterDoc(r.doc)).toEqual([]);
      const doc = r.doc as unknown as LetterNode;
      expect(doc.content!.every((n) => n.type !== 'paragraph' || n.content?.length)).toBe(true);
    }
    const typing = await ofStatus(['BEING_TYPED']);
    for (const r of typing) {
      const doc = r.doc as unknown as LetterNode;
      expect(checkLetterDoc(doc)).toEqual([]);
      expect(doc.content!.some((n) => n.type === 'paragraph' && !n.content?.length)).toBe(true);
      expect(letterText(doc).length).toBeGreaterThan(40);
    }
  });

  it('shows through the API with versions, the audit trail and comments', async () => {
    const [approval] = await t.db
      .select()
      .from(dictations)
      .where(and(eq(dictations.status, 'AUTHOR_APPROVAL'), eq(dictations.isConfidential, false)))
      .limit(1);
    const letter = (await t.call('GET', `/api/dictation/${approval!.id}/letter`, { token: secretary })).json().data;
    expect(letter.version).toBeGreaterThan(1);
    const versions = (await t.call('GET', `/api/dictation/${approval!.id}/versions`, { token: secretary })).json().data;
    expect(versions.map((v: { kind: string }) => v.kind)).toEqual(['send_for_approval', 'final']);
    const trail = (await t.call('GET', `/api/dictation/${approval!.id}/logs`, { token: secretary })).json().data.data;
    expect(trail.map((l: { description: string }) => l.description)).toEqual([
      'Sent to the author for approval',
      expect.stringMatching(/^Letter saved \(version \d\)$/),
      'Taken for typing',
      'Submitted for typing',
    ]);
    expect((await t.db.select().from(dictationComments)).length).toBeGreaterThan(3);
    const sent = (await t.db.select().from(dictations).where(eq(dictations.status, 'SENT')))[0]!;
    const sentVersions = (await t.call('GET', `/api/dictation/${sent.id}/versions`, { token: secretary })).json().data;
    expect(sentVersions.map((v: { kind: string }) => v.kind)).toContain('approve');
  });
});
