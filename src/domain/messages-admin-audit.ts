/** Texts of the administration's audit pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_AUDIT_MESSAGES = {};
