/**
 * Trusts and their sites (issue 25). SuperAdmin reaches every trust and alone creates one (with its first
 * site); a TrustAdmin their own trust (edits it, never deactivates it); a SiteAdmin reads their trust and
 * their own site, and edits that site. Another trust's or site's object is not found. A site with users
 * is deactivated rather than deleted (there is no delete). Every change is audited with before and after.
 */
import type { z } from 'zod';
import type {
  Site,
  siteCreateSchema,
  sitesQuerySchema,
  siteUpdateSchema,
  Trust,
  trustCreateSchema,
  trustsQuerySchema,
  trustUpdateSchema,
} from '../../../src/domain/contract';
import { reaches } from '../../../src/domain/admin-reach';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { reachableTrust, reachOf, type TrustRef } from '../admin-structure/scope';
import {
  findSite,
  findTrust,
  insertSite,
  insertTrust,
  listSites,
  listTrusts,
  lockSite,
  lockTrust,
  odsTaken,
  otherActiveSites,
  siteNameTaken,
  updateSite,
  updateTrust,
  type SiteRow,
  type TrustRow,
} from './trusts.repository';

export const toTrust = (r: TrustRow): Trust => ({
  id: r.id,
  name: r.name,
  ods_code: r.odsCode,
  time_zone: r.timezone,
  turnaround_days: r.turnaroundDays,
  audio_retention_days: r.audioRetentionDays,
  transcript_retention_days: r.transcriptRetentionDays,
  active: r.active,
  sites: r.sites,
});

export const toSite = (r: SiteRow): Site => ({
  id: r.id,
  trust_id: r.trustId,
  name: r.name,
  address: r.address,
  mfa: r.mfa,
  pin_lifetime_minutes: r.pinLifetimeMinutes,
  sr_integration: r.srIntegration,
  support_link: r.supportLink,
  support_email: r.supportEmail,
  active: r.active,
  users: r.users,
});

type TrustSnapshot = Omit<Trust, 'id' | 'sites'>;
const trustSnapshot = (t: {
  name: string;
  odsCode: string | null;
  timezone: string;
  turnaroundDays: number;
  audioRetentionDays: number | null;
  transcriptRetentionDays: number | null;
  active: boolean;
}): TrustSnapshot => ({
  name: t.name,
  ods_code: t.odsCode,
  time_zone: t.timezone,
  turnaround_days: t.turnaroundDays,
  audio_retention_days: t.audioRetentionDays,
  transcript_retention_days: t.transcriptRetentionDays,
  active: t.active,
});

type SiteSnapshot = Omit<Site, 'id' | 'trust_id' | 'users'>;
const siteSnapshot = (s: {
  name: string;
  address: string | null;
  mfa: boolean;
  pinLifetimeMinutes: number | null;
  srIntegration: string | null;
  supportLink: string | null;
  supportEmail: string | null;
  active: boolean;
}): SiteSnapshot => ({
  name: s.name,
  address: s.address,
  mfa: s.mfa,
  pin_lifetime_minutes: s.pinLifetimeMinutes,
  sr_integration: s.srIntegration,
  support_link: s.supportLink,
  support_email: s.supportEmail,
  active: s.active,
});

const odsError = (code: string) => appError('trust_ods_taken', code).withFields({ ods_code: [PAGE_MESSAGES.trustOdsTaken(code)] });
const siteNameError = (name: string) => appError('site_name_taken', name).withFields({ name: [PAGE_MESSAGES.siteNameTaken(name)] });
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createTrustService(db: Db) {
  /** The trust when the caller reaches it; otherwise not found. */
  async function reachTrust(auth: RequestAuth, id: number): Promise<TrustRow> {
    const row = await findTrust(db, id);
    if (!row || !reaches(reachOf(auth), { trustId: row.id })) throw Errors.notFound();
    return row;
  }

  /** The site when the caller reaches it (a SiteAdmin: their own only); otherwise not found. */
  async function reachSite(auth: RequestAuth, id: number): Promise<SiteRow> {
    const row = await findSite(db, id);
    if (!row || !reaches(reachOf(auth), { trustId: row.trustId, siteId: row.id })) throw Errors.notFound();
    return row;
  }

  return {
    reachTrust,

    /** GET /api/trusts: SuperAdmin every trust; anyone else their own. */
    async list(auth: RequestAuth, q: z.infer<typeof trustsQuerySchema>): Promise<{ data: Trust[]; total: number }> {
      const reach = reachOf(auth);
      const { rows, total } = await listTrusts(
        db,
        { onlyId: reach.trustId === 'any' ? undefined : reach.trustId, search: q.search || undefined, active: q.active },
        q.page,
        q.paginate,
      );
      return { data: rows.map(toTrust), total };
    },

    async get(auth: RequestAuth, id: number): Promise<Trust> {
      return toTrust(await reachTrust(auth, id));
    },

    /** POST /api/trusts (SuperAdmin): the trust and its first site, in one transaction. */
    async create(auth: RequestAuth, body: z.infer<typeof trustCreateSchema>, ip: string): Promise<Trust> {
      const ods = body.ods_code ?? null;
      if (ods && (await odsTaken(db, ods))) throw odsError(ods);
      let id = 0;
      try {
        await db.transaction(async (tx) => {
          const values = {
            name: body.name,
            odsCode: ods,
            timezone: body.time_zone,
            turnaroundDays: body.turnaround_days,
            audioRetentionDays: body.audio_retention_days ?? null,
            transcriptRetentionDays: body.transcript_retention_days ?? null,
            active: true,
          };
          id = await insertTrust(tx, values);
          const site = { name: body.site.name, address: body.site.address ?? null };
          const siteId = await insertSite(tx, { trustId: id, ...site });
          await audit(tx, {
            trustId: id,
            userId: auth.ctx.user.id,
            action: 'trust.created',
            entityType: 'trust',
            entityId: id,
            details: { before: null, after: { ...trustSnapshot(values), first_site: { id: siteId, ...site } } },
            ip,
          });
        });
      } catch (err) {
        if (ods && isUniqueViolation(err)) throw odsError(ods);
        throw err;
      }
      return toTrust((await findTrust(db, id))!);
    },

    /** PATCH /api/trusts/{id}: details, targets, retention; (de)activation by a SuperAdmin of another trust. */
    async update(auth: RequestAuth, id: number, patch: z.infer<typeof trustUpdateSchema>, ip: string): Promise<Trust> {
      await reachTrust(auth, id);
      if (patch.active === false && id === auth.ctx.user.trustId) throw appError('trust_own_deactivate');
      // Only a SuperAdmin (re)activates trusts: a TrustAdmin's own trust is the only one they reach, and it stays active.
      if (patch.ods_code && (await odsTaken(db, patch.ods_code, id))) throw odsError(patch.ods_code);
      try {
        await db.transaction(async (tx) => {
          const row = await lockTrust(tx, id);
          if (!row) throw Errors.notFound();
          const before = trustSnapshot(row);
          const set = defined({
            name: patch.name,
            odsCode: patch.ods_code,
            timezone: patch.time_zone,
            turnaroundDays: patch.turnaround_days,
            audioRetentionDays: patch.audio_retention_days,
            transcriptRetentionDays: patch.transcript_retention_days,
            active: patch.active,
          });
          const after = trustSnapshot({ ...row, ...set });
          if (JSON.stringify(after) === JSON.stringify(before)) return;
          await updateTrust(tx, id, set);
          const onlyActive = JSON.stringify({ ...after, active: before.active }) === JSON.stringify(before);
          await audit(tx, {
            trustId: id,
            userId: auth.ctx.user.id,
            action: onlyActive ? (after.active ? 'trust.reactivated' : 'trust.deactivated') : 'trust.updated',
            entityType: 'trust',
            entityId: id,
            details: { before, after },
            ip,
          });
        });
      } catch (err) {
        if (patch.ods_code && isUniqueViolation(err)) throw odsError(patch.ods_code);
        throw err;
      }
      return toTrust((await findTrust(db, id))!);
    },

    /** GET /api/sites: a trust's sites (a SiteAdmin sees only their own). */
    async sites(auth: RequestAuth, q: z.infer<typeof sitesQuerySchema>): Promise<{ trust: TrustRef; data: Site[]; total: number }> {
      const trust = await reachableTrust(db, auth, q.trust_id);
      const reach = reachOf(auth);
      const { rows, total } = await listSites(
        db,
        {
          trustId: trust.id,
          onlyId: reach.siteId === 'any' ? undefined : reach.siteId,
          search: q.search || undefined,
          active: q.active,
        },
        q.page,
        q.paginate,
      );
      return { trust, data: rows.map(toSite), total };
    },

    async site(auth: RequestAuth, id: number): Promise<Site> {
      return toSite(await reachSite(auth, id));
    },

    /** POST /api/sites: a trust's administrators add a site to the trust. */
    async createSite(auth: RequestAuth, body: z.infer<typeof siteCreateSchema>, ip: string): Promise<Site> {
      const trust = await reachableTrust(db, auth, body.trust_id);
      if (await siteNameTaken(db, trust.id, body.name)) throw siteNameError(body.name);
      const values = {
        name: body.name,
        address: body.address ?? null,
        mfa: body.mfa ?? false,
        pinLifetimeMinutes: body.pin_lifetime_minutes ?? null,
        srIntegration: body.sr_integration ?? null,
        supportLink: body.support_link ?? null,
        supportEmail: body.support_email ?? null,
        active: true,
      };
      const id = await db.transaction(async (tx) => {
        const siteId = await insertSite(tx, { trustId: trust.id, ...values });
        await audit(tx, {
          trustId: trust.id,
          userId: auth.ctx.user.id,
          action: 'site.created',
          entityType: 'site',
          entityId: siteId,
          details: { before: null, after: siteSnapshot(values) },
          ip,
        });
        return siteId;
      });
      return toSite((await findSite(db, id))!);
    },

    /** PATCH /api/sites/{id}: its details; deactivation (never deletion) keeps its users and their work. */
    async updateSite(
      auth: RequestAuth,
      id: number,
      patch: z.infer<typeof siteUpdateSchema>,
      ip: string,
    ): Promise<{ site: Site; message?: string }> {
      const current = await reachSite(auth, id);
      if (patch.active === false && current.active) {
        if (id === auth.ctx.user.siteId || !auth.subject.roles.some((r) => r === 'SuperAdmin' || r === 'TrustAdmin'))
          throw appError('site_own_deactivate');
        if (!(await otherActiveSites(db, current.trustId, id))) throw appError('site_last_active');
      }
      if (
        patch.active !== undefined &&
        patch.active !== current.active &&
        !auth.subject.roles.some((r) => r === 'SuperAdmin' || r === 'TrustAdmin')
      )
        throw appError('site_own_deactivate');
      if (patch.name && (await siteNameTaken(db, current.trustId, patch.name, id))) throw siteNameError(patch.name);
      let deactivated = false;
      await db.transaction(async (tx) => {
        const row = await lockSite(tx, id);
        if (!row) throw Errors.notFound();
        const before = siteSnapshot(row);
        const set = defined({
          name: patch.name,
          address: patch.address,
          mfa: patch.mfa,
          pinLifetimeMinutes: patch.pin_lifetime_minutes,
          srIntegration: patch.sr_integration,
          supportLink: patch.support_link,
          supportEmail: patch.support_email,
          active: patch.active,
        });
        const after = siteSnapshot({ ...row, ...set });
        if (JSON.stringify(after) === JSON.stringify(before)) return;
        await updateSite(tx, id, set);
        deactivated = before.active && !after.active;
        const onlyActive = JSON.stringify({ ...after, active: before.active }) === JSON.stringify(before);
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: onlyActive ? (after.active ? 'site.reactivated' : 'site.deactivated') : 'site.updated',
          entityType: 'site',
          entityId: id,
          details: { before, after },
          ip,
        });
      });
      const site = toSite((await findSite(db, id))!);
      return { site, ...(deactivated && site.users ? { message: PAGE_MESSAGES.siteDeactivatedWithUsers(site.users) } : {}) };
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
