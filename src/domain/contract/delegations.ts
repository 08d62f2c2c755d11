/**
 * Standing delegations of approval (issue 22): "Jenny Walsh may approve for Daniel Reid", recorded by a
 * trust's administrator (a SiteAdmin for their own site), with who set it and when. GET, POST
 * /api/trusts/{id}/delegations and DELETE /api/trusts/{id}/delegations/{delegationId} (revokes it).
 */
import { z } from 'zod';
import { PAGE_MESSAGES } from '../messages';
import { idSchema, idTextSchema } from './primitives';

export const delegationInputSchema = z
  .object({
    /** The Secretary or Manager who may approve. */
    delegate_id: idSchema(PAGE_MESSAGES.delegationDelegateInvalid),
    /** The Author they may approve for. */
    author_id: idSchema(PAGE_MESSAGES.delegationAuthorInvalid),
  })
  .strict()
  .refine((b) => b.delegate_id !== b.author_id, { message: PAGE_MESSAGES.delegationSelf, path: ['delegate_id'] });
export type DelegationInput = z.input<typeof delegationInputSchema>;

export const delegationParamsSchema = z.object({ id: idTextSchema, delegationId: idTextSchema });

const personSchema = z.object({ id: z.number(), full_name: z.string() });
export type DelegationPerson = z.infer<typeof personSchema>;

export const delegationSchema = z.object({
  id: z.number(),
  delegate: personSchema,
  author: personSchema,
  /** "Jenny Walsh may approve for Daniel Reid". */
  text: z.string(),
  set_by: personSchema,
  set_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type Delegation = z.infer<typeof delegationSchema>;

export const delegationsSchema = z.object({
  trust: z.object({ id: z.number(), name: z.string() }),
  /** The live delegations the caller administers, newest first. */
  delegations: z.array(delegationSchema),
  /** Who may be chosen: the Secretaries and Managers, and the Authors, the caller administers. */
  delegates: z.array(personSchema),
  authors: z.array(personSchema),
});
export type Delegations = z.infer<typeof delegationsSchema>;

export const delegationsAnswerSchema = z.object({ data: delegationsSchema });
export const delegationAnswerSchema = z.object({ data: delegationSchema });
