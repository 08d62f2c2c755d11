/**
 * On whose word someone other than the author approves (issue 22): the author's secretarial cover for this
 * letter, or a standing delegation an administrator recorded. The audit trail of the approval names it.
 */
import { formatDate, formatDateTime } from '../../../src/domain/display-format';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import type { DictationContext } from '../letters/letters.repository';
import { liveDelegation } from '../delegations/delegations.repository';

export type CoverGrant =
  | { kind: 'letter'; grantedBy: number; grantedAt: Date | null; words: string }
  | { kind: 'delegation'; delegationId: number; setBy: number; setAt: Date; words: string };

/**
 * The grant an approval by `approverId` rests on; null when the author approves their own letter. The
 * letter's own cover comes first (the author's word on this very letter), then a standing delegation.
 */
export async function coverGrantFor(db: Db, ctx: DictationContext, approverId: number): Promise<CoverGrant | null> {
  const row = ctx.row;
  if (row.authorId === approverId) return null;
  if (row.secretarialCover && row.secretarialCoverBy === row.authorId) {
    const at = row.secretarialCoverAt;
    return {
      kind: 'letter',
      grantedBy: row.authorId,
      grantedAt: at,
      words: at ? MESSAGES.coverGrantLetter(ctx.author, formatDateTime(at)) : MESSAGES.coverGrantUnrecorded,
    };
  }
  const d = await liveDelegation(db, approverId, row.authorId);
  if (!d) return null;
  return {
    kind: 'delegation',
    delegationId: d.id,
    setBy: d.setBy.id,
    setAt: d.setAt,
    words: MESSAGES.coverGrantDelegation(d.setBy.full_name, formatDate(d.setAt)),
  };
}

/** The grant as the audit log keeps it: ids and times only. */
export function grantDetails(g: CoverGrant): Record<string, unknown> {
  return g.kind === 'letter'
    ? { kind: 'letter', granted_by_user_id: g.grantedBy, granted_at: g.grantedAt?.toISOString() ?? null }
    : { kind: 'delegation', delegation_id: g.delegationId, set_by_user_id: g.setBy, set_at: g.setAt.toISOString() };
}
