/**
 * Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25).
 * The list and one user are GET /api/users and GET /api/users/{id} (account.ts: the authors list's
 * endpoints, extended). Who reaches which user: SuperAdmin every trust, a TrustAdmin and a holder of the
 * permission `users` their trust, a SiteAdmin their own site (src/domain/admin-reach.ts); another trust's
 * user answers 404. Who may give which role, permission or group: src/domain/user-grants.ts.
 */
import { RULES } from '../../access';
import {
  userActionAnswerSchema,
  userCreateSchema,
  userDeactivateQuerySchema,
  userDetailAnswerSchema,
  usersImportAnswerSchema,
  usersImportSchema,
  userUpdateSchema,
} from '../admin-users';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';

const rule = RULES.usersAdmin;

export const adminUsersEndpoints = {
  /** A new user: made without a password and sent an invitation to choose one. */
  userCreate: endpoint({
    method: 'POST',
    path: '/api/users',
    rule,
    body: userCreateSchema,
    response: userDetailAnswerSchema,
    status: 201,
  }),
  userUpdate: endpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    rule,
    params: idParamSchema,
    body: userUpdateSchema,
    response: userDetailAnswerSchema,
  }),
  /** Deactivate (never deleted: their work and the audit trail name them). */
  userDeactivate: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    rule,
    params: idParamSchema,
    query: userDeactivateQuerySchema,
    response: userActionAnswerSchema,
  }),
  /** Send the invitation again: a new link replaces the one sent before. */
  userInvite: endpoint({
    method: 'POST',
    path: '/api/users/:id/invite',
    rule,
    params: idParamSchema,
    response: userActionAnswerSchema,
  }),
  /** Lift the lock on the sign-in and the PIN. */
  userUnlock: endpoint({
    method: 'POST',
    path: '/api/users/:id/unlock',
    rule,
    params: idParamSchema,
    response: userActionAnswerSchema,
  }),
  /** Clear the PIN: the user chooses a new one at their next sign-in (their sessions ask for it at once). */
  userResetPin: endpoint({
    method: 'POST',
    path: '/api/users/:id/reset-pin',
    rule,
    params: idParamSchema,
    response: userActionAnswerSchema,
  }),
  /** End every session of the user, on every device. */
  userSignOutEverywhere: endpoint({
    method: 'POST',
    path: '/api/users/:id/sign-out-everywhere',
    rule,
    params: idParamSchema,
    response: userActionAnswerSchema,
  }),
  /** Many users from a CSV file: a preview (`dry_run`, the default) with each row's errors, then the import. */
  usersImport: endpoint({
    method: 'POST',
    path: '/api/users/import',
    rule,
    body: usersImportSchema,
    response: usersImportAnswerSchema,
  }),
};
