/** Trusts, sites and engine settings (issue 25): SQL only. */
import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings, sites, trustEngines, trusts, users } from '../../db/schema';
import { containsPattern } from '../admin-structure/scope';

// ---- Trusts ----

const siteCount = sql<number>`(select count(*) from ${sites} where ${sites.trustId} = ${trusts}.${sql.identifier(trusts.id.name)})`.mapWith(
  Number,
);

const trustColumns = {
  id: trusts.id,
  name: trusts.name,
  odsCode: trusts.odsCode,
  timezone: trusts.timezone,
  turnaroundDays: trusts.turnaroundDays,
  audioRetentionDays: trusts.audioRetentionDays,
  transcriptRetentionDays: trusts.transcriptRetentionDays,
  active: trusts.active,
  sites: siteCount,
};
export interface TrustRow {
  id: number;
  name: string;
  odsCode: string | null;
  timezone: string;
  turnaroundDays: number;
  audioRetentionDays: number | null;
  transcriptRetentionDays: number | null;
  active: boolean;
  sites: number;
}

export interface TrustsFilter {
  /** Only this trust (anyone but a SuperAdmin). */
  onlyId?: number;
  search?: string;
  active?: boolean;
}

function trustConditions(f: TrustsFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.onlyId !== undefined) where.push(eq(trusts.id, f.onlyId));
  if (f.active !== undefined) where.push(eq(trusts.active, f.active));
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(or(sql`lower(${trusts.name}) like ${like}`, sql`lower(coalesce(${trusts.odsCode}, '')) like ${like}`)!);
  }
  return where.length ? and(...where) : undefined;
}

export async function listTrusts(db: Db, f: TrustsFilter, page: number, perPage: number): Promise<{ rows: TrustRow[]; total: number }> {
  const where = trustConditions(f);
  const rows = await db
    .select({ ...trustColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trusts)
    .where(where)
    .orderBy(sql`lower(${trusts.name})`, asc(trusts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows, total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(trusts).where(where);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export async function findTrust(db: Db, id: number): Promise<TrustRow | undefined> {
  const [row] = await db.select(trustColumns).from(trusts).where(eq(trusts.id, id));
  return row;
}

export async function lockTrust(db: Db, id: number) {
  const [row] = await db.select().from(trusts).where(eq(trusts.id, id)).for('update');
  return row;
}

/** Whether another trust has this ODS code. */
export async function odsTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: trusts.id })
    .from(trusts)
    .where(and(eq(trusts.odsCode, code), exceptId === undefined ? undefined : ne(trusts.id, exceptId)));
  return !!row;
}

export async function insertTrust(db: Db, v: typeof trusts.$inferInsert): Promise<number> {
  const [row] = await db.insert(trusts).values(v).returning({ id: trusts.id });
  return row!.id;
}

export async function updateTrust(db: Db, id: number, v: Partial<typeof trusts.$inferInsert>): Promise<void> {
  await db.update(trusts).set(v).where(eq(trusts.id, id));
}

// ---- Sites ----

const userCount = sql<number>`(select count(*) from ${users} where ${users.siteId} = ${sites}.${sql.identifier(sites.id.name)})`.mapWith(
  Number,
);

const siteColumns = {
  id: sites.id,
  trustId: sites.trustId,
  name: sites.name,
  address: sites.address,
  mfa: sites.mfa,
  pinLifetimeMinutes: sites.pinLifetimeMinutes,
  srIntegration: sites.srIntegration,
  supportLink: sites.supportLink,
  supportEmail: sites.supportEmail,
  active: sites.active,
  users: userCount,
};
export interface SiteRow {
  id: number;
  trustId: number;
  name: string;
  address: string | null;
  mfa: boolean;
  pinLifetimeMinutes: number | null;
  srIntegration: string | null;
  supportLink: string | null;
  supportEmail: string | null;
  active: boolean;
  users: number;
}

export interface SitesFilter {
  trustId: number;
  /** Only this site (a SiteAdmin's own). */
  onlyId?: number;
  search?: string;
  active?: boolean;
}

export async function listSites(db: Db, f: SitesFilter, page: number, perPage: number): Promise<{ rows: SiteRow[]; total: number }> {
  const where: SQL[] = [eq(sites.trustId, f.trustId)];
  if (f.onlyId !== undefined) where.push(eq(sites.id, f.onlyId));
  if (f.active !== undefined) where.push(eq(sites.active, f.active));
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(or(sql`lower(${sites.name}) like ${like}`, sql`lower(coalesce(${sites.address}, '')) like ${like}`)!);
  }
  const cond = and(...where);
  const rows = await db
    .select({ ...siteColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(sites)
    .where(cond)
    .orderBy(sql`lower(${sites.name})`, asc(sites.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows, total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(sites).where(cond);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export async function findSite(db: Db, id: number): Promise<SiteRow | undefined> {
  const [row] = await db.select(siteColumns).from(sites).where(eq(sites.id, id));
  return row;
}

export async function lockSite(db: Db, id: number) {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).for('update');
  return row;
}

/** Whether another site of the trust has this name (any letter case). */
export async function siteNameTaken(db: Db, trustId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.trustId, trustId),
        sql`lower(${sites.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(sites.id, exceptId),
      ),
    );
  return !!row;
}

export async function otherActiveSites(db: Db, trustId: number, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sites)
    .where(and(eq(sites.trustId, trustId), eq(sites.active, true), ne(sites.id, exceptId)));
  return Number(row?.n ?? 0);
}

export async function insertSite(db: Db, v: typeof sites.$inferInsert): Promise<number> {
  const [row] = await db.insert(sites).values(v).returning({ id: sites.id });
  return row!.id;
}

export async function updateSite(db: Db, id: number, v: Partial<typeof sites.$inferInsert>): Promise<void> {
  await db.update(sites).set(v).where(eq(sites.id, id));
}

// ---- Engines ----

export async function readEngines(db: Db, trustId: number) {
  return db.select().from(trustEngines).where(eq(trustEngines.trustId, trustId));
}

export async function upsertEngine(db: Db, v: typeof trustEngines.$inferInsert): Promise<void> {
  await db
    .insert(trustEngines)
    .values(v)
    .onConflictDoUpdate({
      target: [trustEngines.trustId, trustEngines.kind],
      set: { baseUrl: v.baseUrl, model: v.model, apiKeyCiphertext: v.apiKeyCiphertext, updatedBy: v.updatedBy, updatedAt: new Date() },
    });
}

// ---- Settings (the letterhead) ----

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
