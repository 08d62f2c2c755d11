/**
 * Groups administration (issue 25): permission bundles of a trust or one of its sites, and their members.
 * The /groups route imports its page directly (it loads with its route); nothing else needs this feature yet.
 */
export {};
