/**
 * Every endpoint, declared once (issue 24 point 2; src/domain/contract/endpoint.ts says what an entry
 * holds). Each area keeps its own file; this table joins them, and a unit test keeps the names and the
 * method-and-address pairs unique.
 */
import { accountEndpoints } from './account';
import { adminStructureEndpoints } from './admin-structure';
import { auditEndpoints } from './audit';
import { settingsEndpoints } from './settings';
import { adminTrustsEndpoints } from './admin-trusts';
import { adminGroupsEndpoints } from './admin-groups';
import { adminUsersEndpoints } from './admin-users';
import { knowledgeBaseEndpoints } from './knowledge-base';
import { autotextEndpoints } from './autotext';
import { dictationsEndpoints } from './dictations';
import { lettersEndpoints } from './letters';
import { lettersOutEndpoints } from './letters-out';
import { notificationsEndpoints } from './notifications';
import { patientsEndpoints } from './patients';
import { reviewEndpoints } from './review';
import { trustConfigEndpoints } from './trust-config';

export const E = {
  ...accountEndpoints,
  ...notificationsEndpoints,
  ...patientsEndpoints,
  ...dictationsEndpoints,
  ...reviewEndpoints,
  ...lettersEndpoints,
  ...autotextEndpoints,
  ...lettersOutEndpoints,
  ...trustConfigEndpoints,
  ...adminStructureEndpoints,
  ...knowledgeBaseEndpoints,
  ...auditEndpoints,
  ...settingsEndpoints,
  ...adminTrustsEndpoints,
  ...adminGroupsEndpoints,
  ...adminUsersEndpoints,
};

export type EndpointName = keyof typeof E;
