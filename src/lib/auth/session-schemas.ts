/**
 * What the session needs of the contract, in its own chunk: zod and the account endpoints load when the
 * first call needs them, never with the sign-in page (DESIGN §7). session.ts imports this lazily only.
 */
export { userProfileSchema } from '../../domain/contract';
export { accountEndpoints } from '../../domain/contract/endpoints/account';
