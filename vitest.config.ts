import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API files that run on PostgreSQL as well as on PGlite: those whose behaviour can differ on a real
 * server (transactions at once, row and advisory locks, LISTEN/NOTIFY between connections, the pool,
 * prepared statements, timestamps in microseconds, the driver's types). Each says so on its first line,
 * with its reason (tests/README.md). TEST_PG_ALL=1 runs every file on PostgreSQL.
 */
export const POSTGRES_MARK = '// On PostgreSQL too:';
const API_DIR = 'tests/api';
const apiFiles = readdirSync(API_DIR).filter((f) => f.endsWith('.test.ts'));
const onPostgres = process.env.TEST_DB === 'postgres';
const include =
  onPostgres && process.env.TEST_PG_ALL !== '1'
    ? apiFiles.filter((f) => readFileSync(`${API_DIR}/${f}`, 'utf8').startsWith(POSTGRES_MARK)).map((f) => `${API_DIR}/${f}`)
    : [`${API_DIR}/**/*.test.ts`];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A limit against a hang, not a speed check: a CI machine at load 12 ran a 2 s hook past the default 10 s.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // npm test runs this beside the browser tests, on half the cores (scripts/test.mjs).
          ...(process.env.UNIT_WORKERS ? { maxWorkers: Number(process.env.UNIT_WORKERS) } : {}),
        },
      },
      {
        test: {
          name: 'api',
          include,
          environment: 'node',
          // The seeded database is built once per run and copied for each test app (tests/README.md).
          globalSetup: ['tests/api/global-setup.ts'],
          // Every file starts its own apps on its own database copies, so files run side by side on every core,
          // and a worker keeps the modules it has loaded from one file to the next: importing the server afresh
          // for each file cost as much CPU as the tests. A file leaves no global state behind (tests/README.md).
          // npm test runs them beside the browser tests, on half the cores (API_WORKERS, scripts/test.mjs).
          maxWorkers: Number(process.env.API_WORKERS ?? availableParallelism()),
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
