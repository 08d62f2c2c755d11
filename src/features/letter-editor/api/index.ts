/** The letter's server state beside its session (letter-session.ts): the version history. */
export { letterVersionKeys, versionQuery, versionsQuery } from './versions';
