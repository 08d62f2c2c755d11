/** (area being filled in, issue 25) */
export const knowledgeBaseEndpoints = {};
