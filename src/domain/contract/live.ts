import { z } from 'zod';

/**
 * One frame of GET /api/events (issue 14): what changed, never which patient. `worklist`: the work
 * queues and their tab counts; `bell`: the caller's unread notification count.
 */
export const liveEventSchema = z.object({ kind: z.enum(['worklist', 'bell']) });
export type LiveEvent = z.infer<typeof liveEventSchema>;
