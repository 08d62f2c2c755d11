/** Texts of the administration's groups pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_GROUPS_MESSAGES = {} as const;
