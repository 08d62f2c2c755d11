import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/**
 * Routes whose chunks are not precached at install: pages that need the server anyway (password,
 * administration, billing, single sign-on), the PDF viewer, and the live-lists stream reader (issue 14),
 * which only runs online. The worker caches them when first opened (sw.ts).
 */
export const RUNTIME_ONLY_ROUTES: RegExp[] = [
  /^src\/routes\/password\//,
  /^src\/routes\/(users|trusts|trust|job-types|plans)\//,
  /^src\/routes\/(groups|departments|audit|region|ssoauth|terms-and-conditions|knowledgebase|autotext)\.tsx/,
  // Pages not built yet ("not available"): nothing to keep offline; each takes its place here until it is.
  /^src\/routes\/(reusable|browse|table|audioplayer|speechrecognition|frontendsr)\.tsx/,
  // pdf.js (140 KB gzip): fetched when a letter preview first opens, then kept by the worker like these.
  /^src\/features\/letter-preview\/pdf-pages\.tsx$/,
  /^src\/features\/live\/live-stream\.ts$/,
];

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Every file reachable from the entry (static and dynamic imports), skipping the runtime-only routes. */
export function precachedFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const keep = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || RUNTIME_ONLY_ROUTES.some((r) => r.test(key))) return;
    seen.add(key);
    keep.add(chunk.file);
    chunk.css?.forEach((c) => keep.add(c));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.forEach(visit);
  };
  visit('index.html');
  return keep;
}

/**
 * A Workbox manifest transform: JS and CSS under assets/ stay in the precache only when a precached
 * page can reach them. Icons and web manifests are left out entirely (only one variant's are ever used,
 * and the worker cannot tell which): the worker caches them at runtime.
 */
export function precachePolicy(outDir: string): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    const keep = precachedFiles(manifest);
    const manifestEntries = entries.filter((e) => {
      if (/^(icons|manifest)\//.test(e.url)) return false;
      if (/^assets\/.*\.(js|css)$/.test(e.url)) return keep.has(e.url);
      return true;
    });
    return { manifest: manifestEntries, warnings: [] };
  };
}
