import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const shim = (name: string) => path.resolve(import.meta.dirname, 'shims', name);

/**
 * Leaner entries that three libraries ship beside their default ones, for the app's bundle and sw.js
 * alike (same library, same version, same behaviour; our target is es2022):
 * - tus-js-client's default browser entry (`lib.esm`) is down-levelled to ES5 with an inlined regenerator
 *   runtime and pulls `url-parse` and `js-base64`. The package also ships its untranspiled ES modules
 *   (`lib/`, named in its `browser` field). `url-parse` and `js-base64` serve one call each there
 *   (resolving the upload's Location against the endpoint, encoding metadata values), which `URL` and
 *   `btoa` do in every browser and worker: see shims/. Its browser file reader and default fingerprint
 *   also carry React Native, Cordova and stream-reader paths that never run here (Blobs and Files only):
 *   shims/tus-file-reader.ts and shims/tus-fingerprint.ts keep the browser paths alone.
 * - Dexie's default import (`import-wrapper.mjs`) wraps its ES5 UMD build so that a `require` and an
 *   `import` of it share one instance; nothing here requires Dexie, and `dist/modern/dexie.mjs` is the
 *   same code as real ES modules.
 * - TanStack's store selects through `use-sync-external-store/shim/with-selector`, whose shim carries a
 *   fallback for React before 18; the package's own `with-selector` uses React's built-in hook (React 19
 *   here). It is on the sign-in page's path.
 */
export function leanLibraries(): Plugin {
  const tus = path.join(packageDir('tus-js-client'), 'lib/browser/index.js');
  const dexie = path.join(packageDir('dexie'), 'dist/modern/dexie.mjs');
  const selector = path.join(packageDir('use-sync-external-store'), 'with-selector.js');
  return {
    name: 'wardnote-lean-libraries',
    // The dev server pre-bundles dexie-react-hooks with the default Dexie: a live query of that copy would
    // miss writes made through this one.
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'tus-js-client') return tus;
      if (source === 'dexie') return dexie;
      if (source === 'use-sync-external-store/shim/with-selector') return selector;
      if (!importer?.includes(`${path.sep}tus-js-client${path.sep}`)) return null;
      if (source === 'url-parse') return shim('url-parse.ts');
      if (source === 'js-base64') return shim('js-base64.ts');
      if (source === './fileReader.js') return shim('tus-file-reader.ts');
      if (source === './fileSignature.js') return shim('tus-fingerprint.ts');
      return null;
    },
  };
}
