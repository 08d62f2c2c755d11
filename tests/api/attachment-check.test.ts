import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { AppError } from '../../server/lib/errors';
import { createAttachmentChecker, type AttachmentChecker } from '../../server/modules/attachments/attachment-check-pool';
import { MIB, docxWithChart, docxWithZeros, nestedBomb, overlappingBomb } from '../fixtures/hostile-attachments';

/**
 * Issue 22 point 2: attachments are checked on the generic worker pool (server/lib/worker-pool.ts),
 * off the main thread, each check with a time limit; the tus upload waits for the verdict
 * (attachments.test.ts sends the hostile files through it).
 */
let dir: string;
const files: Record<string, string> = {};
const checkers: AttachmentChecker[] = [];
const checker = (over: Partial<Parameters<typeof createAttachmentChecker>[0]> = {}) => {
  const c = createAttachmentChecker({ workers: 1, queue: 0, timeLimitMs: 30_000, memoryMb: 256, ...over });
  checkers.push(c);
  return c;
};
/** One worker and no queue, shared by the tests that do not need their own limits. */
let shared: AttachmentChecker;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof AppError ? `${e.status} ${e.message}` : String(e)),
  );

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wardnote-attachment-check-'));
  const write = (name: string, bytes: Uint8Array) => {
    files[name] = path.join(dir, name);
    writeFileSync(files[name], bytes);
  };
  write('bomb.docx', overlappingBomb());
  write('nested.docx', nestedBomb());
  write('chart.docx', docxWithChart());
  // Ordinary, but heavy to check: 40 MiB of zeros to inflate and search, inside the budget.
  write('heavy.docx', docxWithZeros(40 * MIB));
  shared = checker();
});
afterAll(async () => {
  await Promise.all(checkers.map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('checking attachments on the worker pool (issue 22 point 2)', () => {
  it('gives the domain’s verdicts from a worker: bombs refused in words, an ordinary document kept', async () => {
    const c = shared;
    expect(await c.check(files['bomb.docx']!, 'referral.docx')).toEqual({ ok: false, reason: 'bomb', message: MESSAGES.attachmentZipBomb });
    expect(await c.check(files['nested.docx']!, 'referral.docx')).toMatchObject({ ok: false, reason: 'bomb' });
    expect(await c.check(files['chart.docx']!, 'chart.docx')).toMatchObject({ ok: true, kind: 'docx', filename: 'chart.docx' });
    expect(await c.check(files['heavy.docx']!, 'heavy.docx')).toMatchObject({ ok: true, kind: 'docx' });
  });

  it('stops a check that runs over its time limit and refuses the file in words (422)', async () => {
    const c = checker({ timeLimitMs: 1 });
    expect(await failure(c.check(files['heavy.docx']!, 'heavy.docx'))).toBe(`422 ${MESSAGES.attachmentCheckTooSlow}`);
  });

  it('answers 503 "try again" at once when every worker is busy and the queue is full', async () => {
    const c = shared;
    const first = c.check(files['heavy.docx']!, 'heavy.docx');
    expect(await failure(c.check(files['chart.docx']!, 'chart.docx'))).toBe(`503 ${MESSAGES.attachmentCheckBusy}`);
    expect(await first).toMatchObject({ ok: true });
  });
});
