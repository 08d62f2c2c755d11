/** A trust's settings kept by its administrators: distribution (issue 13) and standing delegations of approval (issue 22). */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { delegationAnswerSchema, delegationInputSchema, delegationParamsSchema, delegationsAnswerSchema } from '../delegations';
import { distributionSettingsAnswerSchema, distributionSettingsInputSchema } from '../distribution-settings';
import { idParamSchema } from '../primitives';

export const trustConfigEndpoints = {
  trustDistributionGet: endpoint({
    method: 'GET',
    path: '/api/trusts/:id/distribution',
    rule: RULES.distributionSettings,
    params: idParamSchema,
    response: distributionSettingsAnswerSchema,
  }),
  trustDistributionUpdate: endpoint({
    method: 'PUT',
    path: '/api/trusts/:id/distribution',
    rule: RULES.distributionSettings,
    params: idParamSchema,
    body: distributionSettingsInputSchema,
    response: distributionSettingsAnswerSchema,
  }),
  trustDelegationsGet: endpoint({
    method: 'GET',
    path: '/api/trusts/:id/delegations',
    rule: RULES.delegations,
    params: idParamSchema,
    response: delegationsAnswerSchema,
  }),
  trustDelegationsCreate: endpoint({
    method: 'POST',
    path: '/api/trusts/:id/delegations',
    rule: RULES.delegations,
    idempotent: true,
    params: idParamSchema,
    body: delegationInputSchema,
    response: delegationAnswerSchema,
    status: 201,
  }),
  trustDelegationDelete: endpoint({
    method: 'DELETE',
    path: '/api/trusts/:id/delegations/:delegationId',
    rule: RULES.delegations,
    idempotent: true,
    params: delegationParamsSchema,
    response: delegationAnswerSchema,
  }),
};
