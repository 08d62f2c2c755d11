/**
 * The dictation becomes SENT when every current delivery (no resend replaced it) is delivered or posted:
 * the server's own transition (`distributed`, src/domain/workflow.ts), through applyDictationChange so it
 * is logged, audited and notified as any other change.
 */
import { findSystemTransition } from '../../../src/domain/workflow';
import type { Db } from '../../db/client';
import { findContext } from '../letters/letters.repository';
import { applyDictationChange, SYSTEM_ACTOR } from '../worklist/dictation-change';
import { currentDeliveries } from './deliveries.repository';

const DONE = new Set(['delivered', 'posted']);

/** Moves the dictation on if its letters have all gone; true when it did. */
export async function settleDictation(db: Db, dictationId: number): Promise<boolean> {
  const ctx = await findContext(db, dictationId);
  if (!ctx || ctx.row.deletedAt) return false;
  const t = findSystemTransition('distributed', ctx.row.status);
  if (!t) return false;
  const current = await currentDeliveries(db, dictationId);
  if (!current.length || !current.every((r) => DONE.has(r.status))) return false;
  return applyDictationChange(
    db,
    SYSTEM_ACTOR,
    ctx.row,
    { status: t.to, assignedTo: ctx.row.assignedTo },
    { type: 'status', description: t.label },
    '',
  );
}
