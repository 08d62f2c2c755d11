// `npm test`: typecheck, lint, unit, API (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// build, and the browser tests against the production build. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['system packages (chromium, ffmpeg)', 'node', ['scripts/ensure-system-packages.mjs']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['api (PGlite)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['api (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' }]);
}
steps.push(['build', 'npm', ['run', '-s', 'build']], ['e2e', 'npx', ['playwright', 'test']]);
// Firefox ESR and WebKitGTK: the smoke suite only; an engine that cannot be had is reported and skipped.
steps.push(['engines (Firefox, WebKit)', 'node', ['--import', 'tsx', 'tests/engines/smoke.ts']]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${res.status ?? res.signal}).`);
    process.exit(res.status || 1);
  }
  console.log(`✓ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
console.log('\nAll test steps passed.');
