/** (area being filled in) */
export const reviewEndpoints = {};
