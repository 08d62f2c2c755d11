/** Texts of the administration's structure pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_STRUCTURE_MESSAGES = {};
