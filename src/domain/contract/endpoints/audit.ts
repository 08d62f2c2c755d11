/** The audit viewer (issue 25): a trust's audit log, paged and filtered, its actions, and its CSV export. */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import {
  auditActionsAnswerSchema,
  auditActionsQuerySchema,
  auditFilterSchema,
  auditListAnswerSchema,
  auditListQuerySchema,
} from '../audit';

export const auditEndpoints = {
  /** Newest first; opening it (a first page, no cursor) is itself audited. */
  auditList: endpoint({
    method: 'GET',
    path: '/api/audit',
    rule: RULES.audit,
    query: auditListQuerySchema,
    response: auditListAnswerSchema,
  }),
  auditActions: endpoint({
    method: 'GET',
    path: '/api/audit/actions',
    rule: RULES.audit,
    query: auditActionsQuerySchema,
    response: auditActionsAnswerSchema,
  }),
  /** The same filter as a CSV file, streamed, newest first, bounded (AUDIT_EXPORT_MAX_ROWS, AUDIT_EXPORT_SECONDS); audited. */
  auditExport: endpoint({ method: 'GET', path: '/api/audit/export.csv', rule: RULES.audit, query: auditFilterSchema, answer: 'file' }),
};
