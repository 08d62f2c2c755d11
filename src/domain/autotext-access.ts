/**
 * Who uses and who manages autotext. Everyone signed in uses their trust's snippets, their trust's
 * department snippets and their own. The roles that see the autotext icon (spec §6: SuperAdmin,
 * TrustAdmin, SiteAdmin, Manager) manage the shared ones (trust and department scope); every user
 * manages their own (user scope), and nobody else's. Pure: the /autotext page and the server use it.
 */
import { RULES, satisfies, type AccessSubject } from './access';

export const AUTOTEXT_SCOPES = ['trust', 'department', 'user'] as const;
export type AutotextScope = (typeof AUTOTEXT_SCOPES)[number];

export const AUTOTEXT_SCOPE_LABELS: Record<AutotextScope, string> = {
  trust: 'Whole trust',
  department: 'Department',
  user: 'Only me',
};

/** The scopes a user may create in, widest first. */
export function manageableScopes(subject: AccessSubject): AutotextScope[] {
  return satisfies(subject, RULES.autotextNav) ? ['trust', 'department', 'user'] : ['user'];
}

export interface AutotextOwner {
  scope: AutotextScope;
  /** The owner of a user-scope snippet. */
  userId: number | null;
}

/** Whether this user may see the snippet at all (same trust assumed): shared ones, and their own. */
export function canUseAutotext(userId: number, a: AutotextOwner): boolean {
  return a.scope !== 'user' || a.userId === userId;
}

/** Whether this user may change or delete the snippet (same trust assumed). */
export function canManageAutotext(subject: AccessSubject, userId: number, a: AutotextOwner): boolean {
  if (a.scope === 'user') return a.userId === userId;
  return manageableScopes(subject).includes(a.scope);
}
