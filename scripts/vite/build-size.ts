import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ENTRY_KEY, readBuildManifest, routeChunks, staticClosure } from '../../server/modules/system/spa-manifest';

/** Bytes of a file after gzip -9: deterministic for the same bytes, so a budget can be a test. */
export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The JavaScript a page address needs before it can show anything, from a build's manifest: the entry
 * with its static imports, and the matched route's chunks with theirs. Chunks loaded later (after the
 * first render, or by other routes) are not counted.
 */
export function routeJs(outDir: string, pathname: string): { files: string[]; gzip: number; raw: number } {
  const manifest = readBuildManifest(outDir);
  if (!manifest) throw new Error(`${outDir} has no .vite/manifest.json: build with the project's vite.config.ts`);
  const chunks = routeChunks(manifest);
  const files = [...new Set([...staticClosure(manifest, ENTRY_KEY), ...chunks.filesFor(chunks.routeFor(pathname))])].filter((f) =>
    f.endsWith('.js'),
  );
  return {
    files,
    gzip: files.reduce((n, f) => n + gzipBytes(path.join(outDir, f)), 0),
    raw: files.reduce((n, f) => n + readFileSync(path.join(outDir, f)).length, 0),
  };
}
