/** The contract of Settings that inherit trust → site → department → user, with locks (issue 25). */
export {};
