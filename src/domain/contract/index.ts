/**
 * The API contract: every call of spec §7 that exists so far, plus what the spec leaves out
 * (login, PIN, password), with its zod schemas. Server routes validate with these; the client
 * parses answers with them.
 */
import './zod-messages';
export * from './primitives';
export * from './auth';
export * from './user';
export * from './users';
export * from './dictations';
export * from './options';
export * from './worklist';
export * from './letter';
export * from './dictation-detail';
export * from './autotext';
export * from './patients';
export * from './review';
export * from './attachments';
export * from './search';
export * from './notifications';
export * from './push';
export * from './live';

export * from './distribution';
export * from './distribution-settings';
export * from './delegations';
export * from './letters-out';
export * from './recipients';
export * from './knowledge-base';
export * from './errors';
export * from './admin-structure';
export * from './audit';
export * from './admin-users';
export * from './admin-groups';
export * from './admin-trusts';
export * from './settings';
