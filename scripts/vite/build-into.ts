import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs the project's production build into `outDir` (tests and benchmarks build their own copy, so they
 * never race `npm run build` over dist/). Throws with vite's output when the build fails.
 */
export function buildInto(outDir: string): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', BUILD_OUT_DIR: outDir, BUILD_SOURCEMAP: '' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stdout}\n${res.stderr}`);
}
