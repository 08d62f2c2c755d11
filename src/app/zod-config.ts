import { config } from 'zod/v4/core';

/**
 * zod v4 probes `new Function('')` when it builds its first object schema, to decide whether it may
 * compile fast parsers; the Content-Security-Policy forbids that (no 'unsafe-eval'), so every page logged
 * a CSP violation. main.tsx imports this first, before any schema exists. Only zod's small core is
 * imported here: the schemas themselves load with the first API call, not with the sign-in page.
 */
config({ jitless: true });
