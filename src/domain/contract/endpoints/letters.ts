/** (area being filled in) */
export const lettersEndpoints = {};
