import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { variantForHost, type Variant } from '../../../src/domain/access';
import { PRERENDERED_SIGN_IN_FILE } from '../../../scripts/vite/prerender-sign-in';
import { errorOf } from '../../../src/domain/contract/errors';
import { negotiateEncoding, pageCache, withModulePreloads } from './spa-html';
import { readBuildManifest, routeChunks, type RouteChunks } from './spa-manifest';

const VARIANT_HTML: Record<Variant, { title: string; manifest: string; theme: string }> = {
  plus: { title: 'Wardnote+', manifest: '/manifest/plus.webmanifest', theme: '#0b5cab' },
  scribe: { title: 'Wardnote Scribe', manifest: '/manifest/scribe.webmanifest', theme: '#111827' },
};

/** index.html with the title, manifest, icons and variant meta of the host's variant. */
export function htmlForVariant(template: string, variant: Variant): string {
  const v = VARIANT_HTML[variant];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${v.title}</title>`)
    .replace(/(<link rel="manifest" href=")[^"]*(")/, `$1${v.manifest}$2`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, `$1${v.theme}$2`)
    .replace(/(<meta name="wardnote-variant" content=")[^"]*(")/, `$1${variant}$2`)
    .replace(/\/icons\/(plus|scribe)-/g, `/icons/${variant}-`);
}

/** A request for a file (under /assets/, or a last segment with an extension), not for a page. */
export function isFileRequest(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The sign-in page's route chunk (spa-manifest.ts keys routes by their chunk's source). */
const SIGN_IN_ROUTE = /^src\/routes\/login\.tsx/;

/** The build's pre-rendered sign-in form of each variant (scripts/vite/prerender-sign-in.ts), if it made one. */
function readPrerenderedSignIn(staticDir: string): Record<Variant, string> | null {
  const file = path.join(staticDir, PRERENDERED_SIGN_IN_FILE);
  if (!existsSync(file)) return null;
  const forms = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Variant, unknown>>;
  return typeof forms.plus === 'string' && typeof forms.scribe === 'string' ? { plus: forms.plus, scribe: forms.scribe } : null;
}

/** The form right after the app's root element: on screen before the app runs, replaced when it does. */
export function withPrerenderedSignIn(html: string, form: string): string {
  return html.replace('<div id="root"></div>', () => `<div id="root"></div>${form}`);
}

/**
 * Serves the built PWA: files precompressed at build time (brotli, gzip) chosen by Accept-Encoding,
 * hashed assets cached for a year, the worker and the app shell never cached by HTTP caches. Every other
 * GET of a page address gets the app shell (the client router decides), with its route's chunks
 * preloaded; a missing file is a 404, never the shell. Source maps are never served.
 */
export async function registerSpa(app: FastifyInstance, opts: { staticDir: string; scribeHostPrefix: string }) {
  const indexFile = path.join(opts.staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built app at ${opts.staticDir}: run "npm run build". Only /api is served.`);
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  const manifest = readBuildManifest(opts.staticDir);
  const chunks: RouteChunks = manifest ? routeChunks(manifest) : { routeFor: () => null, filesFor: () => [] };
  const variants: Record<Variant, string> = { plus: htmlForVariant(template, 'plus'), scribe: htmlForVariant(template, 'scribe') };
  const signInForm = readPrerenderedSignIn(opts.staticDir);
  // Keyed by variant and matched route (a set the build fixes), never by the raw address.
  const page = pageCache((key) => {
    const [variant, route] = key.split(' ', 2) as [Variant, string];
    const html = withModulePreloads(variants[variant], chunks.filesFor(route || null));
    return SIGN_IN_ROUTE.test(route) && signInForm ? withPrerenderedSignIn(html, signInForm[variant]) : html;
  });
  // The two plain shells (also what the worker precaches) are compressed at start-up.
  page('plus ');
  page('scribe ');

  await app.register(fastifyStatic, {
    root: opts.staticDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathname) => !pathname.endsWith('.map') && !pathname.startsWith(`/${PRERENDERED_SIGN_IN_FILE}`),
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });

  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0]!;
    if (isFileRequest(pathname) && pathname !== '/index.html') {
      const { status, code, message } = errorOf('not_found');
      return reply.status(status).send({ message, code });
    }
    const variant = variantForHost(req.hostname, opts.scribeHostPrefix);
    const route = pathname === '/index.html' ? '' : (chunks.routeFor(pathname) ?? '');
    const encoded = page(`${variant} ${route}`);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoded[encoding]);
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  return sendIndex;
}
