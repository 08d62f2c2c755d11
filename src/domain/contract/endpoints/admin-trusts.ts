/**
 * Trusts and sites: identity, targets, retention, letterhead, engine settings with write-only secrets (issue 25).
 * SuperAdmin reaches every trust and alone creates trusts; a TrustAdmin their own trust (edit, not create,
 * not deactivate it); a SiteAdmin reads their trust and their own site, and edits that site. Another
 * trust's (or, for a SiteAdmin, another site's) object answers 404.
 */
import { RULES, type Rule } from '../../access';
import {
  enginesAnswerSchema,
  enginesInputSchema,
  letterheadInputSchema,
  siteAnswerSchema,
  siteCreateSchema,
  sitesAnswerSchema,
  sitesQuerySchema,
  siteUpdateSchema,
  trustAnswerSchema,
  trustCreateSchema,
  trustLetterheadAnswerSchema,
  trustsAnswerSchema,
  trustsQuerySchema,
  trustUpdateSchema,
} from '../admin-trusts';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';

/** Creating a trust: SuperAdmin only. */
export const TRUST_CREATE: Rule = { roles: ['SuperAdmin'] };
/** Reading one trust and its sites, editing a site: a trust's administrators and a SiteAdmin (their own site). */
export const SITE_ADMIN: Rule = { roles: ['SuperAdmin', 'TrustAdmin', 'SiteAdmin'] };

export const adminTrustsEndpoints = {
  trustsList: endpoint({ method: 'GET', path: '/api/trusts', rule: RULES.trusts, query: trustsQuerySchema, response: trustsAnswerSchema }),
  trustGet: endpoint({ method: 'GET', path: '/api/trusts/:id', rule: SITE_ADMIN, params: idParamSchema, response: trustAnswerSchema }),
  trustCreate: endpoint({
    method: 'POST',
    path: '/api/trusts',
    rule: TRUST_CREATE,
    body: trustCreateSchema,
    response: trustAnswerSchema,
    status: 201,
  }),
  trustUpdate: endpoint({
    method: 'PATCH',
    path: '/api/trusts/:id',
    rule: RULES.trusts,
    params: idParamSchema,
    body: trustUpdateSchema,
    response: trustAnswerSchema,
  }),
  trustEnginesGet: endpoint({
    method: 'GET',
    path: '/api/trusts/:id/engines',
    rule: RULES.trusts,
    params: idParamSchema,
    response: enginesAnswerSchema,
  }),
  trustEnginesUpdate: endpoint({
    method: 'PATCH',
    path: '/api/trusts/:id/engines',
    rule: RULES.trusts,
    params: idParamSchema,
    body: enginesInputSchema,
    response: enginesAnswerSchema,
  }),
  trustLetterheadGet: endpoint({
    method: 'GET',
    path: '/api/trusts/:id/letterhead',
    rule: RULES.trusts,
    params: idParamSchema,
    response: trustLetterheadAnswerSchema,
  }),
  trustLetterheadUpdate: endpoint({
    method: 'PUT',
    path: '/api/trusts/:id/letterhead',
    rule: RULES.trusts,
    params: idParamSchema,
    body: letterheadInputSchema,
    response: trustLetterheadAnswerSchema,
  }),
  /** A sample letter (no patient's data) on the letterhead sent, saved or not: a PDF, rendered like any letter. */
  trustLetterheadPreview: endpoint({
    method: 'POST',
    path: '/api/trusts/:id/letterhead/preview',
    rule: RULES.trusts,
    params: idParamSchema,
    body: letterheadInputSchema,
    answer: 'file',
  }),
  sitesList: endpoint({ method: 'GET', path: '/api/sites', rule: SITE_ADMIN, query: sitesQuerySchema, response: sitesAnswerSchema }),
  siteGet: endpoint({ method: 'GET', path: '/api/sites/:id', rule: SITE_ADMIN, params: idParamSchema, response: siteAnswerSchema }),
  siteCreate: endpoint({
    method: 'POST',
    path: '/api/sites',
    rule: RULES.trusts,
    body: siteCreateSchema,
    response: siteAnswerSchema,
    status: 201,
  }),
  siteUpdate: endpoint({
    method: 'PATCH',
    path: '/api/sites/:id',
    rule: SITE_ADMIN,
    params: idParamSchema,
    body: siteUpdateSchema,
    response: siteAnswerSchema,
  }),
};
