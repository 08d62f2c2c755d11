/** Texts of the administration's knowledge pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_KNOWLEDGE_MESSAGES = {};
