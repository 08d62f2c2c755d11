import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  trustId?: number | null;
  userId?: number | null;
  action: string;
  entityType?: string;
  entityId?: string | number;
  /** Never patient data: ids and codes only. */
  details?: Record<string, unknown>;
  ip?: string;
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    trustId: entry.trustId ?? null,
    userId: entry.userId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined ? undefined : String(entry.entityId),
    details: entry.details,
    ip: entry.ip,
  });
}
