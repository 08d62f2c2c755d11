/** Texts of the administration's trusts pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_TRUSTS_MESSAGES = {} as const;
