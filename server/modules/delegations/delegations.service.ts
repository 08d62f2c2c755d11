/**
 * Standing delegations of approval (issue 22): "Jenny Walsh may approve for Daniel Reid". A trust's
 * TrustAdmin (a SuperAdmin for any trust) sets and revokes them for the trust; a SiteAdmin for the people of
 * their own site. The delegate is a Secretary or Manager, the author an Author, both of that trust; another
 * trust (or a user of another trust) is not found. Each change is audited; a revoked delegation is kept,
 * because approvals made under it name it.
 */
import type { Delegation, DelegationInput, Delegations } from '../../../src/domain/contract';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { findTrustRef } from '../admin-structure/trust-ref.repository';
import { audit } from '../../lib/audit';
import { Errors, appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import {
  findDelegation,
  insertDelegation,
  liveDelegationsOfTrust,
  peopleWithRoles,
  personWithRoles,
  revokeDelegation,
  type DelegationRow,
  type TrustPerson,
} from './delegations.repository';

const DELEGATE_ROLES = ['Secretary', 'Manager'] as const;

/** What the caller administers: a trust, and within it one site (a SiteAdmin) or all of it (null). */
interface Scope {
  trust: { id: number; name: string };
  siteId: number | null;
}

export function toDelegation(r: DelegationRow): Delegation {
  return {
    id: r.id,
    delegate: { id: r.delegate.id, full_name: r.delegate.full_name },
    author: { id: r.author.id, full_name: r.author.full_name },
    text: PAGE_MESSAGES.delegationText(r.delegate.full_name, r.author.full_name),
    set_by: r.setBy,
    set_at: r.setAt.toISOString(),
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

export function createDelegationService(db: Db) {
  /** The trust when the caller administers it (a SuperAdmin any; others their own); otherwise not found. */
  async function scopeFor(auth: RequestAuth, trustId: number): Promise<Scope> {
    const trust = await findTrustRef(db, trustId);
    const roles = auth.subject.roles;
    if (!trust) throw Errors.notFound();
    if (roles.includes('SuperAdmin')) return { trust, siteId: null };
    if (trust.id !== auth.ctx.user.trustId) throw Errors.notFound();
    if (roles.includes('TrustAdmin')) return { trust, siteId: null };
    if (roles.includes('SiteAdmin')) return { trust, siteId: auth.ctx.user.siteId };
    throw Errors.notFound();
  }

  const inScope = (scope: Scope, p: { siteId: number }) => scope.siteId === null || p.siteId === scope.siteId;
  const visible = (scope: Scope, r: DelegationRow) => inScope(scope, r.delegate) && inScope(scope, r.author);

  /** A user of the scope's trust (another trust's is not found) who holds one of the roles. */
  async function chosen(scope: Scope, userId: number, field: 'delegate_id' | 'author_id'): Promise<TrustPerson> {
    const person = await personWithRoles(db, userId);
    if (!person || person.trustId !== scope.trust.id) throw Errors.notFound();
    const ok = field === 'delegate_id' ? DELEGATE_ROLES.some((r) => person.roles.includes(r)) : person.roles.includes('Author');
    const wrongRole = field === 'delegate_id' ? PAGE_MESSAGES.delegationDelegateInvalid : PAGE_MESSAGES.delegationAuthorInvalid;
    if (!ok) throw Errors.validation(wrongRole, { [field]: [wrongRole] });
    if (!inScope(scope, person)) throw Errors.validation(PAGE_MESSAGES.delegationSiteOnly, { [field]: [PAGE_MESSAGES.delegationSiteOnly] });
    return person;
  }

  return {
    /** GET /api/trusts/{id}/delegations: the live ones, and who may be chosen. */
    async list(auth: RequestAuth, trustId: number): Promise<Delegations> {
      const scope = await scopeFor(auth, trustId);
      const [rows, delegates, authors] = await Promise.all([
        liveDelegationsOfTrust(db, scope.trust.id),
        peopleWithRoles(db, scope.trust.id, scope.siteId, [...DELEGATE_ROLES]),
        peopleWithRoles(db, scope.trust.id, scope.siteId, ['Author']),
      ]);
      const person = (p: TrustPerson) => ({ id: p.id, full_name: p.full_name });
      return {
        trust: scope.trust,
        delegations: rows.filter((r) => visible(scope, r)).map(toDelegation),
        delegates: delegates.map(person),
        authors: authors.map(person),
      };
    },

    /** POST /api/trusts/{id}/delegations: a new standing delegation, audited. */
    async create(auth: RequestAuth, trustId: number, input: DelegationInput, ip: string): Promise<Delegation> {
      const scope = await scopeFor(auth, trustId);
      const delegate = await chosen(scope, input.delegate_id, 'delegate_id');
      const author = await chosen(scope, input.author_id, 'author_id');
      const id = await insertDelegation(db, {
        trustId: scope.trust.id,
        delegateId: delegate.id,
        authorId: author.id,
        setBy: auth.ctx.user.id,
      });
      if (id === undefined) throw appError('delegation_exists', delegate.full_name, author.full_name);
      await audit(db, {
        trustId: scope.trust.id,
        userId: auth.ctx.user.id,
        action: 'delegation.created',
        entityType: 'approval_delegation',
        entityId: id,
        details: { delegate_user_id: delegate.id, author_user_id: author.id },
        ip,
      });
      return toDelegation((await findDelegation(db, scope.trust.id, id))!);
    },

    /** DELETE /api/trusts/{id}/delegations/{delegationId}: revoked from now on, kept for the record. */
    async revoke(auth: RequestAuth, trustId: number, delegationId: number, ip: string): Promise<Delegation> {
      const scope = await scopeFor(auth, trustId);
      const row = await findDelegation(db, scope.trust.id, delegationId);
      if (!row || row.revokedAt || !visible(scope, row)) throw Errors.notFound();
      if (!(await revokeDelegation(db, row.id, auth.ctx.user.id))) throw Errors.notFound();
      await audit(db, {
        trustId: scope.trust.id,
        userId: auth.ctx.user.id,
        action: 'delegation.revoked',
        entityType: 'approval_delegation',
        entityId: row.id,
        details: { delegate_user_id: row.delegate.id, author_user_id: row.author.id },
        ip,
      });
      return toDelegation((await findDelegation(db, scope.trust.id, row.id))!);
    },
  };
}

export type DelegationService = ReturnType<typeof createDelegationService>;
