/** (area being filled in) */
export const trustConfigEndpoints = {};
