import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli when accepted, else gzip
 * (`*` counts as gzip), else none. An encoding with q=0 is refused.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip') || (!accepted.has('gzip') && ok('*'))) return 'gzip';
  return 'identity';
}

/** `<link rel="modulepreload">` for each file, before `</head>`, in the form Vite writes its own. */
export function withModulePreloads(html: string, files: string[]): string {
  if (!files.length) return html;
  return html.replace(/\n([ \t]*)<\/head>/, (_, indent: string) =>
    ['', ...files.map((f) => `${indent}  <link rel="modulepreload" crossorigin href="/${f}">`), `${indent}</head>`].join('\n'),
  );
}

export interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The app shell pages, compressed once each and kept: one per variant and route (a bounded set: the
 * routes are the build's), built on first use.
 */
export function pageCache(build: (key: string) => string): (key: string) => EncodedPage {
  const pages = new Map<string, EncodedPage>();
  return (key) => {
    let page = pages.get(key);
    if (!page) {
      page = encodePage(build(key));
      pages.set(key, page);
    }
    return page;
  };
}
