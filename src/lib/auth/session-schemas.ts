import { z } from 'zod';
import { userProfileSchema } from '../../domain/contract';

/** The answers the session checks, in their own chunk: zod loads when the first call needs it (DESIGN §7). */
export { loginResponseSchema, userProfileSchema } from '../../domain/contract';
export const userResponse = z.object({ data: userProfileSchema });
export const anyAnswer = z.unknown();
