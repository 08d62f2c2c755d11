/**
 * The user form's state and its conversions (pure): a user as the form edits it, the body the server takes
 * for a new user, and what changed since the user was loaded (a change sends only that).
 */
import type { UserCreate, UserDetail, UserUpdate } from '../../domain/contract';
import { APPLICATION_TYPES, PERMISSIONS, ROLES, type ApplicationType, type Permission, type Role } from '../../domain/roles';

export interface UserFormState {
  firstName: string;
  lastName: string;
  email: string;
  /** '' until one is chosen. */
  siteId: string;
  roles: Role[];
  /** Granted directly (a group's come with the group). */
  permissions: Permission[];
  applications: ApplicationType[];
  /** Job types whose work the user sees; none: every job type. */
  jobtypeFilter: number[];
  /** '' for the trust's own staff. */
  poolId: string;
}

export function blankUser(siteId?: number): UserFormState {
  return {
    firstName: '',
    lastName: '',
    email: '',
    siteId: siteId ? String(siteId) : '',
    roles: [],
    permissions: [],
    applications: ['amplify'],
    jobtypeFilter: [],
    poolId: '',
  };
}

export function formFromUser(u: UserDetail): UserFormState {
  return {
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    siteId: String(u.site.id),
    roles: [...u.roles],
    permissions: [...u.permissions],
    applications: [...u.application_types],
    jobtypeFilter: [...u.jobtype_filter],
    poolId: u.outsourcing_pool ? String(u.outsourcing_pool.id) : '',
  };
}

/** A list in the contract's own order, so that ticking and unticking back is no change. */
const ordered = <T>(all: readonly T[], chosen: readonly T[]): T[] => all.filter((x) => chosen.includes(x));

/** The whole of a user as the server takes it (a new user; a change sends what differs, see `changes`). */
export function inputFromForm(s: UserFormState): UserCreate {
  return {
    first_name: s.firstName,
    last_name: s.lastName,
    email: s.email,
    // 0 until one is chosen: the shared schema says "Choose the site the user works at." under the field.
    site_id: Number(s.siteId) || 0,
    roles: ordered(ROLES, s.roles),
    permissions: ordered(PERMISSIONS, s.permissions),
    application_types: ordered(APPLICATION_TYPES, s.applications),
    jobtype_filter: [...s.jobtypeFilter].sort((a, b) => a - b),
    outsourcing_pool_id: s.poolId === '' ? null : Number(s.poolId),
  };
}

/** The parts that differ from the user as loaded. */
export function changes(loaded: UserFormState, now: UserFormState): UserUpdate {
  const before = inputFromForm(loaded) as Record<string, unknown>;
  const after = inputFromForm(now) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k]))) as UserUpdate;
}

export const toggled = <T>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
