import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of a built folder. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
  }
  return count;
}

/**
 * Precompressed brotli and gzip files, written once at build time so the server never compresses the
 * app per request (spa.ts serves them by Accept-Encoding). Runs after every other plugin's closeBundle:
 * the PWA plugin writes sw.js there.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wardnote-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!(await stat(outDir).catch(() => null))) return;
        const count = await precompressDir(outDir);
        this.info?.(`precompressed ${count} files (br, gz)`);
      },
    },
  };
}
