/**
 * Groups: permission bundles scoped to a trust or site, and their members (issue 25). Who may call each is
 * RULES.groups; which groups exist for the caller, and what they may grant, is src/domain/group-grants.ts.
 * Members have their own two endpoints (not a list inside PATCH): each addition or removal is one small
 * audited change, two administrators adding people at once do not overwrite each other, and a large group
 * is never sent whole.
 */
import { RULES } from '../../access';
import {
  groupAnswerSchema,
  groupCandidatesAnswerSchema,
  groupCandidatesQuerySchema,
  groupCreateSchema,
  groupMemberParamsSchema,
  groupMembersAddSchema,
  groupsAnswerSchema,
  groupsQuerySchema,
  groupUpdateSchema,
  permissionsAnswerSchema,
} from '../admin-groups';
import { messageResponseSchema } from '../auth';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';

export const adminGroupsEndpoints = {
  groupsList: endpoint({
    method: 'GET',
    path: '/api/groups',
    rule: RULES.groups,
    query: groupsQuerySchema,
    response: groupsAnswerSchema,
  }),
  groupGet: endpoint({
    method: 'GET',
    path: '/api/groups/:id',
    rule: RULES.groups,
    params: idParamSchema,
    response: groupAnswerSchema,
  }),
  groupCreate: endpoint({
    method: 'POST',
    path: '/api/groups',
    rule: RULES.groups,
    body: groupCreateSchema,
    response: groupAnswerSchema,
    status: 201,
  }),
  groupUpdate: endpoint({
    method: 'PATCH',
    path: '/api/groups/:id',
    rule: RULES.groups,
    params: idParamSchema,
    body: groupUpdateSchema,
    response: groupAnswerSchema,
  }),
  groupDelete: endpoint({
    method: 'DELETE',
    path: '/api/groups/:id',
    rule: RULES.groups,
    params: idParamSchema,
    response: messageResponseSchema,
  }),
  /** People who could join the group: its trust's (or its site's) active users, not yet members, by name or e-mail. */
  groupCandidates: endpoint({
    method: 'GET',
    path: '/api/groups/:id/candidates',
    rule: RULES.groups,
    params: idParamSchema,
    query: groupCandidatesQuerySchema,
    response: groupCandidatesAnswerSchema,
  }),
  groupMembersAdd: endpoint({
    method: 'POST',
    path: '/api/groups/:id/members',
    rule: RULES.groups,
    params: idParamSchema,
    body: groupMembersAddSchema,
    response: groupAnswerSchema,
  }),
  groupMemberRemove: endpoint({
    method: 'DELETE',
    path: '/api/groups/:id/members/:userId',
    rule: RULES.groups,
    params: groupMemberParamsSchema,
    response: groupAnswerSchema,
  }),
  /** The permission codes of spec §6, each with what it lets its holder do. */
  permissionsList: endpoint({
    method: 'GET',
    path: '/api/permissions',
    rule: RULES.groups,
    response: permissionsAnswerSchema,
  }),
};
