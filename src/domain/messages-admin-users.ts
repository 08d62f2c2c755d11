/** Texts of the administration's users pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_USERS_MESSAGES = {} as const;
