import { routePreloads } from './scripts/vite/route-preloads';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompress } from './scripts/vite/precompress.js';
import { precachePolicy } from './scripts/vite/precache.js';
import { firstLoadChunks } from './scripts/vite/first-load-chunks.js';
import { leanLibraries } from './scripts/vite/lean-libraries.js';
import { prerenderSignIn } from './scripts/vite/prerender-sign-in.js';

const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? 'dist');
/** Source maps only on request (BUILD_SOURCEMAP=1, for bundle analysis); the server refuses *.map either way. */
const sourcemap = process.env.BUILD_SOURCEMAP === '1';
const chunks = firstLoadChunks();

/** tus-js-client's URL storage touches `window` on load and breaks the worker: use ours (see the shim). */
function tusUrlStorageShim(): Plugin {
  const shim = path.resolve('src/lib/sync/tus-url-storage-shim.ts');
  return {
    name: 'wardnote-tus-url-storage-shim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('tus-js-client') && /\/urlStorage(\.js)?$/.test(source)) return shim;
      return null;
    },
  };
}

const preloads = routePreloads(import.meta.dirname);

export default defineConfig({
  plugins: [
    leanLibraries(),
    tusUrlStorageShim(),
    chunks.plugin,
    preloads.plugin,
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Never reload on its own: a reload would kill a recording or an upload (PITFALLS 6).
      registerType: 'prompt',
      injectRegister: null,
      // One manifest per variant lives in public/manifest; the server picks it by host.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
        // Rarely used route chunks and both variants' icons are cached when first used, not at install.
        manifestTransforms: [precachePolicy(outDir)],
        buildPlugins: { vite: [leanLibraries(), tusUrlStorageShim()] },
        sourcemap,
      },
      devOptions: { enabled: false },
    }),
    prerenderSignIn(outDir),
    // Last: compresses what every plugin wrote, sw.js included.
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The manifest tells the server which chunks each route needs (modulepreload) and drives the precache.
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap,
    target: 'es2022',
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // The entry with its static imports in one file, the sign-in pages in another (scripts/vite/first-load-chunks.ts).
    // Chunks named by their hash alone: the entry lists every chunk's file name (the preload map of the
    // dynamic imports), so each name's letters were paid for by the sign-in page (issue 24 session 13).
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups }, chunkFileNames: 'assets/c-[hash].js' } },
  },
});
