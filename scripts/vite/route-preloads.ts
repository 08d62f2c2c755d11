import path from 'node:path';
import type { Plugin } from 'vite';
import { RUNTIME_ONLY_ROUTES } from './precache';

interface BundleChunk {
  type: string;
  facadeModuleId?: string | null;
}

/**
 * The entry carries, for every lazy route, the list of chunks to preload with it (`__vite__mapDeps`), paid for
 * by the sign-in page. The routes that need the server anyway (administration, password, billing: the ones
 * not precached, precache.ts) go without: their chunk loads its own imports when first opened, one round trip
 * later, so each new admin page costs the sign-in page nothing but its name. `routePreloads()` remembers
 * which source each chunk is for; `resolveDependencies` is Vite's `build.modulePreload` hook.
 */
export function routePreloads(root: string) {
  let bundle: Record<string, BundleChunk> = {};
  const plugin: Plugin = {
    name: 'wardnote:route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output as unknown as Record<string, BundleChunk>;
      },
    },
  };
  const resolveDependencies = (filename: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] => {
    const facade = bundle[filename]?.facadeModuleId;
    if (context.hostType !== 'js' || !facade) return deps;
    const source = path.relative(root, facade.split('?')[0]!).split(path.sep).join('/');
    return RUNTIME_ONLY_ROUTES.some((r) => r.test(source)) ? [] : deps;
  };
  return { plugin, resolveDependencies };
}
