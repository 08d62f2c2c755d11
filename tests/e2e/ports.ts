/** The browser tests' servers: the embedded default, and one whose audio lives in an S3 bucket. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const S3_PORT = E2E_PORT + 1;
