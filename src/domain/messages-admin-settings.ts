/** Texts of the administration's settings pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_SETTINGS_MESSAGES = {} as const;
