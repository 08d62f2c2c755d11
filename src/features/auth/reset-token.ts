import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

/** Whether a password-reset link's token is still good (the reset page shows only then). */
export function isResetTokenValid(token: string): Promise<boolean> {
  return apiCall(E.validateToken, { query: { token }, quiet: true })
    .then(() => true)
    .catch(() => false);
}
