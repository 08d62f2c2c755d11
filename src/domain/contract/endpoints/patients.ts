/** (area being filled in) */
export const patientsEndpoints = {};
