/** The audit viewer (issue 25): the /audit page. Other code imports only this. */
export { AuditPage } from './audit-page';
export type { AuditSearch } from './audit-api';
