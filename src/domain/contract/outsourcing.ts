/**
 * Outsourcing pools (issue 12): GET /api/outsourcing/pools lists the caller's trust's pools for the
 * Manager's "Outsource to…" picker. Allocating to a pool is POST /api/dictation/allocate with
 * type=status, status=OUTSOURCED and pool_id (src/domain/contract/worklist.ts).
 */
import { z } from 'zod';

export const outsourcingPoolSchema = z.object({ id: z.number(), name: z.string() });
export type OutsourcingPool = z.infer<typeof outsourcingPoolSchema>;

export const outsourcingPoolsSchema = z.object({ data: z.array(outsourcingPoolSchema) });
export type OutsourcingPools = z.infer<typeof outsourcingPoolsSchema>;
