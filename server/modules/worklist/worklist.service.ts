import type { z } from 'zod';
import type { SearchRow, WorklistRow, worklistQuerySchema } from '../../../src/domain/contract';
import { fullName } from '../../../src/domain/display-format';
import { statusesOfTab, homeTabsFor } from '../../../src/domain/workflow';
import type { HomeTab } from '../../../src/domain/statuses';
import type { Db } from '../../db/client';
import { trustTimeZone } from '../dictations/dictations.repository';
import type { RequestAuth } from '../auth/request-auth';
import { listPage, type DictationRowBase, type ListRow, type Viewer } from './worklist.repository';
import { countByStatus } from './worklist.counts.sql';
import { rowTurnaround } from './row-tat';

type ListQuery = z.output<typeof worklistQuerySchema>;

export function viewerOf(auth: RequestAuth): Viewer {
  return { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId, subject: auth.subject };
}

/** The fields a dictation shows in a list and in a search result alike (WorklistRow and SearchRow). */
export function toListedDictation(r: DictationRowBase): SearchRow {
  return {
    id: Number(r.id),
    reference: r.reference,
    status: r.status,
    urgent: r.urgent,
    is_confidential: r.is_confidential,
    is_mobile: r.is_mobile,
    secretarial_cover: r.secretarial_cover,
    user: { id: Number(r.author_id), full_name: fullName(r.author_first, r.author_last) },
    department: r.department_id ? { id: Number(r.department_id), name: r.department_name!, code: r.department_code! } : null,
    assigned_to: r.assigned_to ? { user_id: Number(r.assigned_to), full_name: fullName(r.assigned_first, r.assigned_last) } : null,
    patient: r.patient ?? {},
    created_at: new Date(r.created_at).toISOString(),
  };
}

function toRow(r: ListRow, now: Date, timeZone: string): WorklistRow {
  const createdAt = new Date(r.created_at);
  return {
    ...toListedDictation(r),
    is_resend: r.is_resend,
    jobtype: r.job_type_id ? { id: Number(r.job_type_id), name: r.job_type_name! } : null,
    audio:
      r.audio_state === null
        ? null
        : {
            original_filename: r.original_filename ?? '',
            duration_ms: r.duration_ms === null ? null : Number(r.duration_ms),
            state: r.audio_state,
          },
    // A sent letter's clock stopped when it was sent (its last change).
    tat: rowTurnaround(createdAt, r.status === 'SENT' ? new Date(r.updated_at) : now, r.status === 'SENT', r.urgent === 'HIGH', timeZone),
    return_reason: r.return_reason ?? null,
    opened: r.opened === null || r.opened === undefined ? null : Boolean(r.opened),
  };
}

/** A trust's time zone changes once in a blue moon; a list page reads it on every request. */
const TIME_ZONE_MS = 60_000;

export function createWorklistService(db: Db) {
  const timeZones = new Map<number, { tz: string; until: number }>();
  async function timeZoneOf(trustId: number): Promise<string> {
    const known = timeZones.get(trustId);
    if (known && known.until > Date.now()) return known.tz;
    const tz = await trustTimeZone(db, trustId);
    timeZones.set(trustId, { tz, until: Date.now() + TIME_ZONE_MS });
    return tz;
  }

  return {
    /** One page of a tab: its rows and the tab's total, for the route's page envelope (server/lib/pagination.ts). */
    async list(auth: RequestAuth, q: ListQuery) {
      const statuses = statusesOfTab(q.status).filter((s) => !q.filter_status || s === q.filter_status);
      const viewer = viewerOf(auth);
      const visibleTab = homeTabsFor(auth.subject).includes(q.status);
      const { rows, total } = visibleTab
        ? await listPage(
            db,
            viewer,
            {
              tab: q.status,
              statuses: statuses.length ? statuses : statusesOfTab(q.status),
              assignedTo: q.assigned_to,
              author: q.author,
              department: q.department,
              documentType: q.document_type,
              dictationType: q.dictation_type,
              search: q.search,
            },
            { sortKey: q.sort_key, sort: q.sort, page: q.page, perPage: q.paginate },
          )
        : { rows: [], total: 0 };
      const timeZone = await timeZoneOf(viewer.trustId);
      const now = new Date();
      return { rows: (statuses.length ? rows : []).map((r) => toRow(r, now, timeZone)), total };
    },

    async counts(auth: RequestAuth) {
      const byStatus = await countByStatus(db, viewerOf(auth));
      const data: Partial<Record<HomeTab, number>> = {};
      for (const tab of homeTabsFor(auth.subject)) {
        data[tab] = statusesOfTab(tab).reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
      }
      return { data };
    },
  };
}

export type WorklistService = ReturnType<typeof createWorklistService>;
