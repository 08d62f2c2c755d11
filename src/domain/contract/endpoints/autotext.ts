/** (area being filled in) */
export const autotextEndpoints = {};
