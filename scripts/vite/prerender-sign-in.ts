import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build leaves the pre-rendered sign-in form of each variant, for the server (spa.ts). */
export const PRERENDERED_SIGN_IN_FILE = 'prerendered-sign-in.json';

/**
 * Renders the sign-in page of both variants to static HTML after the build (scripts/prerender-sign-in.ts)
 * into `<outDir>/prerendered-sign-in.json`. A JSON file: the worker precaches no JSON, and the server
 * never serves this one as a file.
 */
export function prerenderSignIn(outDir: string): Plugin {
  const root = path.resolve(import.meta.dirname, '../..');
  const render = (variant: string) => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/prerender-sign-in.ts'), variant], {
      cwd: root,
      // The app's TSX compiles as the app's tsconfig says (the automatic JSX runtime).
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.app.json') },
      encoding: 'utf8',
    });
    if (res.status !== 0 || !res.stdout) throw new Error(`pre-rendering the ${variant} sign-in page failed:\n${res.stderr}`);
    return res.stdout;
  };
  return {
    name: 'wardnote-prerender-sign-in',
    apply: 'build',
    closeBundle() {
      writeFileSync(path.join(outDir, PRERENDERED_SIGN_IN_FILE), JSON.stringify({ plus: render('plus'), scribe: render('scribe') }));
    },
  };
}
