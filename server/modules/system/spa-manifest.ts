import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export const ENTRY_KEY = 'index.html';
const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

export function readBuildManifest(staticDir: string): BuildManifest | null {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/** The files a chunk needs before it runs: itself and its static imports, transitively (no dynamic ones). */
export function staticClosure(manifest: BuildManifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    manifest[k].imports?.forEach(visit);
  };
  visit(key);
  return [...seen].map((k) => manifest[k]!.file);
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param' } | { kind: 'optional' };

/** The URL pattern of a TanStack file route: `password/reset/$token`, `{-$tab}`, `plans/index`. */
function routeSegments(file: string): Segment[] {
  return file
    .split('/')
    .filter((s, i, all) => !(s === 'index' && i === all.length - 1))
    .map((s): Segment =>
      /^\{-\$.+\}$/.test(s) ? { kind: 'optional' } : s.startsWith('$') ? { kind: 'param' } : { kind: 'literal', value: s },
    );
}

/** How well the path matches: the number of literal segments, or -1 when it does not match. */
function matchScore(segments: Segment[], parts: string[]): number {
  const [head, ...rest] = segments;
  if (!head) return parts.length === 0 ? 0 : -1;
  if (head.kind === 'optional') {
    const skip = matchScore(rest, parts);
    const take = parts.length ? matchScore(rest, parts.slice(1)) : -1;
    return Math.max(skip, take);
  }
  if (!parts.length) return -1;
  if (head.kind === 'literal' && head.value !== parts[0]) return -1;
  const tail = matchScore(rest, parts.slice(1));
  return tail < 0 ? -1 : tail + (head.kind === 'literal' ? 1 : 0);
}

export interface RouteChunks {
  /** The manifest key of the route matching a page address (its component chunk), or null. */
  routeFor(pathname: string): string | null;
  /** Files to preload for a route, beyond what the entry already loads. */
  filesFor(route: string | null): string[];
}

/**
 * Which chunks a page address needs besides the entry, so the HTML can ask for them at once instead of
 * after the entry ran (one round trip fewer). The most specific file route wins (`/login` over `/{-$tab}`).
 */
export function routeChunks(manifest: BuildManifest): RouteChunks {
  const entry = new Set(staticClosure(manifest, ENTRY_KEY));
  const routes = Object.keys(manifest).flatMap((key) => {
    const m = ROUTE_CHUNK.exec(key);
    return m ? [{ key, segments: routeSegments(m[1]!) }] : [];
  });
  return {
    routeFor(pathname) {
      const parts = pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
      let best: { key: string; score: number } | null = null;
      for (const r of routes) {
        const score = matchScore(r.segments, parts);
        if (score >= 0 && (!best || score > best.score)) best = { key: r.key, score };
      }
      return best?.key ?? null;
    },
    filesFor(route) {
      return route ? staticClosure(manifest, route).filter((f) => !entry.has(f) && f.endsWith('.js')) : [];
    },
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
