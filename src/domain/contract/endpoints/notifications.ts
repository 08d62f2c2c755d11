/** (area being filled in) */
export const notificationsEndpoints = {};
