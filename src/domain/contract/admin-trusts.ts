/** The contract of Trusts and sites: identity, targets, retention, letterhead, engine settings with write-only secrets (issue 25). */
export {};
