import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS } from '../../src/domain/contract';
import { auditLog, users } from '../../server/db/schema';
import { createSession } from '../../server/modules/auth/session.repository';
import { loadUserContext } from '../../server/modules/auth/user-context.repository';
import { subjectFor, type RequestAuth } from '../../server/modules/auth/request-auth';
import { createAuditService } from '../../server/modules/audit/audit.service';
import { csvCell } from '../../server/modules/audit/audit-csv';
import { startTestApp, type TestApp } from './harness';

/**
 * Issue 25, the audit viewer's export: GET /api/audit/export.csv streams the filter's entries as CSV,
 * newest first, every cell a spreadsheet could run as a formula turned to text, bounded in rows (said in a
 * last line when cut) and in time.
 */
let t: TestApp;
let token: string;
let trustId = 0;
let adminId = 0;
const TRUSTADMIN = 'trustadmin@wardnote.test';

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login(TRUSTADMIN);
  const [admin] = await t.db.select().from(users).where(eq(users.email, TRUSTADMIN));
  trustId = admin!.trustId;
  adminId = admin!.id;
});
afterAll(() => t.close());

/** The CSV's lines, without the byte order mark and the last line break. */
const linesOf = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('GET /api/audit/export.csv', () => {
  it('a file of the filtered entries: a header, one line per entry, cells that can never become formulas', async () => {
    await t.db.insert(auditLog).values([
      {
        trustId,
        userId: adminId,
        action: 'test.hostile',
        entityType: 'dictation',
        entityId: '=1+1',
        details: { note: '+SUM(A1:A9)', quote: 'say "hi", then go' },
        ip: '-2+3',
        createdAt: new Date('2032-03-01T10:00:00.123Z'),
      },
      { trustId, userId: null, action: '@test.hostile', createdAt: new Date('2032-03-01T09:00:00Z') },
      { trustId, userId: adminId, action: 'test.hostile', ip: '10.0.0.1', createdAt: new Date('2032-03-01T08:00:00Z') },
    ]);
    const res = await t.call('GET', '/api/audit/export.csv?action=test.hostile', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-trust-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      '"Entry","Time (UTC)","Trust","User ID","User","Action","What","About (type)","About (id)","Dictation reference","Details","IP address"',
    );
    expect(lines).toHaveLength(3);
    const [hostile, plain] = [lines[1]!, lines[2]!];
    expect(hostile).toContain('"2032-03-01T10:00:00.123Z"');
    expect(hostile).toContain(`"${adminId}","Priya Shah","test.hostile","Test: hostile","dictation","'=1+1",""`);
    expect(hostile).toContain('"{""note"":""+SUM(A1:A9)"",""quote"":""say \\""hi\\"", then go""}"');
    expect(hostile.endsWith(`"'-2+3"`)).toBe(true);
    expect(plain.endsWith('"10.0.0.1"')).toBe(true);
    expect(res.body).not.toContain('# Export stopped');
    // The other action is not this filter's; an action that starts with @ is text when it is asked for.
    const at = linesOf((await t.call('GET', '/api/audit/export.csv?action=%40test.hostile', { token })).body);
    expect(at[1]).toContain(`"'@test.hostile"`);
  });

  it('csvCell: =, +, -, @, tab and carriage return at the start are made text; quotes doubled; numbers as they are', () => {
    expect(['=A1', '+1', '-1', '@x', '\tx', '\rx', 'a=b', '', '"q"'].map(csvCell)).toEqual([
      `"'=A1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@x"`,
      `"'\tx"`,
      `"'\rx"`,
      '"a=b"',
      '""',
      '"""q"""',
    ]);
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(null)).toBe('""');
  });

  /** The export as the route runs it, with smaller bounds (the route's are the contract's: AUDIT_EXPORT_MAX_ROWS, 60 s). */
  async function exportWith(bounds: { maxRows: number; seconds: number }, action: string): Promise<string[]> {
    const ctx = (await loadUserContext(t.db, adminId))!;
    const { session } = await createSession(t.db, adminId, 60_000);
    const auth: RequestAuth = { ctx, session, subject: subjectFor(ctx, session, 60_000) };
    const file = await createAuditService(t.db, bounds).export(auth, { action }, '127.0.0.1');
    let body = '';
    for await (const chunk of file.lines) body += chunk;
    return linesOf(body);
  }

  it('stops at its row bound, newest first, across its batches, and says so on its last line', async () => {
    const ROWS = 2_500;
    await t.db.execute(
      sql`INSERT INTO audit_log (trust_id, action, created_at)
        SELECT ${trustId}, 'test.bulk', timestamptz '2033-01-01T00:00:00Z' - g * interval '1 second'
        FROM generate_series(1, ${ROWS + 5}) g`,
    );
    const lines = await exportWith({ maxRows: ROWS, seconds: 60 }, 'test.bulk');
    expect(lines).toHaveLength(1 + ROWS + 1);
    expect(lines[1]).toContain('"2032-12-31T23:59:59.000Z"');
    expect(lines.at(-2)).toContain(`"${new Date(Date.parse('2033-01-01T00:00:00Z') - ROWS * 1000).toISOString()}"`);
    expect(lines.at(-1)).toBe('"# Export stopped after 2,500 entries, its limit: narrow the dates or filters to export the rest."');
    // Exactly the bound's worth is not cut; the whole file comes through the route too (every row, no last line).
    expect((await exportWith({ maxRows: ROWS + 5, seconds: 60 }, 'test.bulk')).at(-1)).not.toContain('#');
    const res = await t.call('GET', '/api/audit/export.csv?action=test.bulk', { token });
    expect(linesOf(res.body)).toHaveLength(1 + ROWS + 5);
  });

  it('stops at its time limit, saying so on its last line', async () => {
    const lines = await exportWith({ maxRows: AUDIT_EXPORT_MAX_ROWS, seconds: 0 }, 'test.bulk');
    expect(lines.at(-1)).toBe('"# Export stopped after 0 entries, its time limit: narrow the dates or filters."');
  });

  it('refuses before the first byte: another trust is not found, a bad filter is a 422', async () => {
    const [other] = await t.db.select().from(users).where(eq(users.email, 'other.author@wardnote.test'));
    expect((await t.call('GET', `/api/audit/export.csv?trust_id=${other!.trustId}`, { token })).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/audit/export.csv?from=2030-01-02&to=2030-01-01', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The end date must be on or after the start date.']);
  });
});
