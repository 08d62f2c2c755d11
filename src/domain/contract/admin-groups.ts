/** The contract of Groups: permission bundles scoped to a trust or site, and their members (issue 25). */
export {};
