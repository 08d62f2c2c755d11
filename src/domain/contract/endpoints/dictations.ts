/** (area being filled in) */
export const dictationsEndpoints = {};
