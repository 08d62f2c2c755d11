import { z } from 'zod';
import { API_PATHS } from '../../domain/contract/paths';
import { apiCall } from '../../lib/api/client';

const validToken = z.object({ success: z.literal(true) });

/** Whether a password-reset link's token is still good (the reset page shows only then). */
export function isResetTokenValid(token: string): Promise<boolean> {
  return apiCall('get', API_PATHS.validateToken, { schema: validToken, searchParams: { token }, quiet: true })
    .then(() => true)
    .catch(() => false);
}
