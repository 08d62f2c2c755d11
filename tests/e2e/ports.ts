/**
 * The browser tests' servers: one per Playwright worker from WORKER_PORT_BASE on (fixtures.ts), one whose
 * audio lives in an S3 bucket, and one that sends GP copies over MESH to the in-test MESH server (which
 * listens on the port after it).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const S3_PORT = E2E_PORT + 1;
export const MESH_APP_PORT = E2E_PORT + 2;
export const MESH_PORT = E2E_PORT + 3;
export const WORKER_PORT_BASE = E2E_PORT + 20;
