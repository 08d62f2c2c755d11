import type { Plugin } from 'vite';

/** The sign-in page, the first page of every new device: what its route chunk imports beyond the entry is one file. */
const SIGN_IN_ROUTE = /[\\/]src[\\/]routes[\\/]login\.tsx\?tsr-split=component$/;

/**
 * Few files for a first load. Left alone, the bundler cuts the entry's static imports into many small
 * shared chunks (each module the entry shares with a lazy route becomes a file of its own), and a first
 * load pays a request for each: over HTTP/1.1's six connections per host that costs more than the bytes.
 * Here everything the entry imports statically is one file (`app`), and the sign-in pages with what they
 * import beyond it another (`sign-in`); lazy routes import what they share from those.
 */
export function firstLoadChunks(): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
} {
  const app = new Set<string>();
  const signIn = new Set<string>();
  const plugin: Plugin = {
    name: 'wardnote-first-load-chunks',
    apply: 'build',
    buildEnd() {
      app.clear();
      signIn.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[], into: Set<string>, skip: Set<string>) => {
        const visit = (id: string) => {
          if (into.has(id) || skip.has(id)) return;
          into.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        roots.forEach(visit);
      };
      // zod is reached for one function (its config, src/app/zod-config.ts): following its barrel would
      // move every schema class into this file. The bundler places the little the entry uses by itself.
      closure(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        app,
        new Set(ids.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))),
      );
      // What the sign-in route imports, not the route itself: it keeps its own small chunk, so the server
      // can still tell which route an address needs (spa-manifest.ts). The other sign-in pages (PIN,
      // password) take what they share with it from that file.
      // Our own modules only: a library's barrel (react-aria-components) would drag every component
      // other pages use into this file.
      const routes = ids.filter((id) => SIGN_IN_ROUTE.test(id));
      closure(
        routes.flatMap((id) => [...(this.getModuleInfo(id)?.importedIds ?? [])]),
        signIn,
        app,
      );
      for (const id of signIn) if (/[\\/]node_modules[\\/]/.test(id)) signIn.delete(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', test: (id) => app.has(id), priority: 20 },
      { name: 'sign-in', test: (id) => signIn.has(id), priority: 10 },
    ],
  };
}
