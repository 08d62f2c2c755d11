/** (area being filled in) */
export const lettersOutEndpoints = {};
