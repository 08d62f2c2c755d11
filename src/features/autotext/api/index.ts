/** Autotext's server state (issue 24 point 5): keys, list and departments queries, and the changes. */
export * from './autotext';
