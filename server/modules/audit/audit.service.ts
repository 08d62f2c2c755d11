/**
 * The audit viewer's rules (issue 25): whose log a caller may read and how far into it, what a filter
 * means, paging by keyset, and the bounded export. Opening the viewer (a first page: no cursor) and
 * exporting are themselves written to the log.
 *
 * Reach (src/domain/admin-reach.ts): a SuperAdmin reads any trust's log (`trust_id`, default their
 * own); a TrustAdmin their trust's; a SiteAdmin their site's part of it (audit.repository.ts siteEntries).
 * Another trust, a user out of reach, or a dictation out of reach answers 404, as if it did not exist.
 */
import { adminReach, reaches, type AdminReach } from '../../../src/domain/admin-reach';
import {
  AUDIT_COUNT_CAP,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_EXPORT_SECONDS,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditPage,
} from '../../../src/domain/contract';
import { fullName } from '../../../src/domain/display-format';
import { ADMIN_AUDIT_MESSAGES as M } from '../../../src/domain/messages-admin-audit';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { AUDIT_CSV_BOM, AUDIT_CSV_HEADER, auditCsvLine, auditCsvNotice } from './audit-csv';
import {
  countAuditRows,
  distinctActions,
  findDictationByReference,
  findTrust,
  findUserHome,
  listAuditRows,
  type AuditBoundary,
  type AuditCursor,
  type AuditQuery,
  type AuditRow,
  type AuditScope,
} from './audit.repository';

/** A filter made concrete: the trust, the caller's scope within it, and the query by ids. */
interface Resolved {
  trust: { id: number; name: string; timezone: string };
  scope: AuditScope;
  query: AuditQuery;
  /** What the log records of the viewing or export: the filter as asked, ids only. */
  asked: Record<string, unknown>;
}

const EXPORT_BATCH = 1000;

const cursorText = (c: AuditCursor) => `${c.micros}_${c.id}`;
function cursorOf(text: string): AuditCursor {
  const [micros, id] = text.split('_') as [string, string];
  return { micros, id };
}

const formatCount = (n: number) => n.toLocaleString('en-GB');

function homeOf(auth: RequestAuth) {
  return { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId };
}

/** How far an export goes: the contract's bounds, smaller in a test. */
export interface ExportBounds {
  maxRows: number;
  seconds: number;
}

export function createAuditService(db: Db, bounds: ExportBounds = { maxRows: AUDIT_EXPORT_MAX_ROWS, seconds: AUDIT_EXPORT_SECONDS }) {
  /** The trust whose log is asked for, within the caller's reach, or a 404. */
  async function trustFor(auth: RequestAuth, reach: AdminReach, trustId: number | undefined) {
    const id = trustId ?? homeOf(auth).trustId;
    if (!reaches(reach, { trustId: id })) throw Errors.notFound();
    const trust = await findTrust(db, id);
    if (!trust) throw Errors.notFound();
    return trust;
  }

  async function resolve(auth: RequestAuth, f: AuditFilter): Promise<Resolved> {
    const reach = adminReach(auth.subject, homeOf(auth));
    const trust = await trustFor(auth, reach, f.trust_id);
    const query: AuditQuery = { timezone: trust.timezone, action: f.action, from: f.from, to: f.to };
    if (f.user_id !== undefined) {
      const home = await findUserHome(db, f.user_id);
      // A SiteAdmin names only their site's people; a TrustAdmin their trust's; a SuperAdmin anyone.
      if (!home || !reaches(reach, home)) throw Errors.notFound().withFields({ user_id: [Errors.notFound().message] });
      query.userId = f.user_id;
    }
    if (f.reference !== undefined) {
      const d = await findDictationByReference(db, trust.id, f.reference);
      if (!d || !reaches(reach, { trustId: trust.id, siteId: d.siteId })) {
        const e = appError('audit_reference_unknown');
        throw e.withFields({ reference: [e.message] });
      }
      query.dictationId = d.id;
    }
    // A SiteAdmin's part of the log: their site's, unless the filter already names a user or dictation of
    // their site (checked above), whose whole trail is theirs to see.
    const siteBound = reach.siteId !== 'any' && query.userId === undefined && query.dictationId === undefined;
    const scope: AuditScope = siteBound ? { trustId: trust.id, siteId: reach.siteId as number } : { trustId: trust.id };
    const asked = Object.fromEntries(
      Object.entries({
        user_id: query.userId,
        dictation_id: query.dictationId,
        reference: f.reference,
        action: f.action,
        from: f.from,
        to: f.to,
        site_id: scope.siteId,
      }).filter(([, v]) => v !== undefined),
    );
    return { trust: { id: trust.id, name: trust.name, timezone: trust.timezone }, scope, query, asked };
  }

  /** Entries as the viewer shows them: the acting user's name and a dictation's reference, as the page's statement read them. */
  const entries = (rows: AuditRow[]): AuditEntry[] =>
    rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      action: r.action,
      entity_type: r.entityType,
      entity_id: r.entityId,
      dictation_reference: r.dictationReference,
      user:
        r.userId === null
          ? null
          : { id: r.userId, full_name: r.userFirst === null ? `User ${r.userId}` : fullName(r.userFirst, r.userLast) },
      details: r.details,
      ip: r.ip,
    }));

  return {
    /**
     * A page of the log, newest first, in the Laravel envelope. Next and previous go by cursor (a keyset
     * on (created_at, id): as fast on the ten-thousandth page as on the first, and steady while new
     * entries arrive); `page` without a cursor counts from the newest, as far as the counted total.
     */
    async list(
      auth: RequestAuth,
      q: AuditListQuery,
      ip: string,
      url: (changes: Record<string, string | null>) => string,
    ): Promise<{ data: AuditPage; trust: Resolved['trust']; scope: 'trust' | 'site' }> {
      const r = await resolve(auth, q);
      const perPage = q.paginate;
      const boundary: AuditBoundary = q.before
        ? { before: cursorOf(q.before) }
        : q.after
          ? { after: cursorOf(q.after) }
          : { offset: (q.page - 1) * perPage };
      // Page numbers reach as far as the count does; further is by cursor.
      const pastCount = 'offset' in boundary && boundary.offset >= AUDIT_COUNT_CAP;
      // A first page (no cursor) is an opening of the viewer: recorded while the page is read.
      const opened = !q.before && !q.after;
      const [read] = await Promise.all([
        pastCount
          ? { rows: [] as AuditRow[], counted: undefined }
          : listAuditRows(db, r.scope, r.query, boundary, perPage + 1, AUDIT_COUNT_CAP),
        opened &&
          audit(db, {
            trustId: r.trust.id,
            userId: auth.ctx.user.id,
            action: 'audit.viewed',
            entityType: 'trust',
            entityId: r.trust.id,
            details: r.asked,
            ip,
          }),
      ]);
      const rows = read.rows;
      // The page's statement counted too, unless it found no row to carry the count.
      const counted = read.counted ?? (await countAuditRows(db, r.scope, r.query, AUDIT_COUNT_CAP));
      const total = Math.min(counted, AUDIT_COUNT_CAP);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      // One more row than the page tells whether there is another page that way.
      let shown: AuditRow[];
      let older: boolean;
      let newer: boolean;
      if ('after' in boundary) {
        newer = rows.length > perPage;
        shown = newer ? rows.slice(1) : rows;
        older = shown.length > 0;
      } else {
        older = rows.length > perPage;
        shown = rows.slice(0, perPage);
        newer = shown.length > 0 && ('before' in boundary || boundary.offset > 0);
      }
      const next_cursor = older ? cursorText(shown[shown.length - 1]!.cursor) : null;
      const prev_cursor = newer && q.page > 1 ? cursorText(shown[0]!.cursor) : null;
      const page = q.page;
      const data: AuditPage = {
        data: entries(shown),
        current_page: page,
        last_page: lastPage,
        per_page: perPage,
        total,
        total_capped: counted > AUDIT_COUNT_CAP,
        next_cursor,
        prev_cursor,
        next_page_url: next_cursor ? url({ before: next_cursor, after: null, page: String(page + 1) }) : null,
        prev_page_url: prev_cursor
          ? url({ after: prev_cursor, before: null, page: String(page - 1) })
          : // A page past the end, counted from the newest: "previous" is the last page.
            !shown.length && page > 1 && 'offset' in boundary
            ? url({ page: String(Math.min(page - 1, lastPage)), before: null, after: null })
            : null,
      };
      return { data, trust: r.trust, scope: r.scope.siteId === undefined ? 'trust' : 'site' };
    },

    /** The actions the trust's log holds (for the filter), whoever's they are: action names are not personal. */
    async actions(auth: RequestAuth, trustId: number | undefined): Promise<string[]> {
      const trust = await trustFor(auth, adminReach(auth.subject, homeOf(auth)), trustId);
      return distinctActions(db, trust.id);
    },

    /**
     * The filter's entries as CSV lines, newest first, read in keyset batches: at most `bounds.maxRows`
     * entries and `bounds.seconds` seconds, after which a last line says the export stopped and why.
     * Checked and audited before the first byte, so a refusal is still a plain 404 or 422.
     */
    async export(auth: RequestAuth, f: AuditFilter, ip: string): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
      const r = await resolve(auth, f);
      await audit(db, {
        trustId: r.trust.id,
        userId: auth.ctx.user.id,
        action: 'audit.exported',
        entityType: 'trust',
        entityId: r.trust.id,
        details: { ...r.asked, max_rows: bounds.maxRows },
        ip,
      });
      const day = new Date().toISOString().slice(0, 10);
      async function* lines(): AsyncGenerator<string> {
        yield AUDIT_CSV_BOM + AUDIT_CSV_HEADER;
        const deadline = Date.now() + bounds.seconds * 1000;
        let boundary: AuditBoundary = { offset: 0 };
        let sent = 0;
        for (;;) {
          if (Date.now() >= deadline) {
            yield auditCsvNotice(M.auditExportStoppedTime(formatCount(sent)));
            return;
          }
          const room = bounds.maxRows - sent;
          const take = Math.min(EXPORT_BATCH, room + 1);
          const { rows } = await listAuditRows(db, r.scope, r.query, boundary, take);
          // One chunk per batch; an entry beyond the bound is not written but tells that the export was cut.
          const chunk = entries(rows.slice(0, room))
            .map((e) => auditCsvLine(r.trust.id, e))
            .join('');
          sent += Math.min(rows.length, room);
          if (rows.length > room) {
            yield chunk + auditCsvNotice(M.auditExportStoppedRows(formatCount(sent)));
            return;
          }
          if (chunk) yield chunk;
          if (rows.length < take) return;
          boundary = { before: rows[rows.length - 1]!.cursor };
        }
      }
      return { filename: `audit-log-trust-${r.trust.id}-${day}.csv`, lines: lines() };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
