/** Business constants of spec §9 and the limits Wardnote adds. */
export const SEARCH_PAGE_SIZES = [10, 15, 20, 25, 30] as const;
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const AUTHORS_PAGE_SIZE = 100;
export const MAX_RECORDING_TABS = 4;
export const MAX_RECENT_SEARCHES = 3;
export const DEFAULT_NUMBER_OF_SPEAKERS = 2;
export const DEFAULT_FOOTPEDAL_MODE = 'basic';
export const MIN_LIST_COLUMNS = 5;
export const POPUP_SIZE = { width: 700, height: 500 } as const;
export const REGION_CODE = 'UK';
export const DEFAULT_SCRIBE_HOST_PREFIX = 'scribe.';
/** The largest file that may be attached to a dictation (checked in the browser and again by the server). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** How long an invitation's set-password link works (issue 25); a resend replaces it. */
export const INVITE_TTL_DAYS = 7;
/** The CSV import of users (issue 25): at most this many rows and bytes per file. */
export const USER_IMPORT_MAX_ROWS = 1000;
export const USER_IMPORT_MAX_BYTES = 1_000_000;
