/**
 * zod v4 probes `new Function('')` when it builds its first object schema, to decide whether it may
 * compile fast parsers; the Content-Security-Policy forbids that (no 'unsafe-eval'), so every page logged
 * a CSP violation. main.tsx imports this first. zod keeps its config on `globalThis.__zod_globalConfig`
 * (so that copies of zod share it) and reads it when a schema parses: setting `jitless` there, in the
 * object zod will use whether it loaded before or after, keeps all of zod out of the entry. The schemas
 * load with the first API call (DESIGN §7). tests/unit/zod-jitless.test.ts proves zod honours it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
