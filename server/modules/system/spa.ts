import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { variantForHost, type Variant } from '../../../src/domain/access';

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

/**
 * Serves the built PWA: hashed assets cached for a year, the worker and index.html never cached,
 * and every other non-API GET answered with index.html so the client router decides.
 */
export async function registerSpa(app: FastifyInstance, opts: { staticDir: string; scribeHostPrefix: string }) {
  const indexFile = path.join(opts.staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built app at ${opts.staticDir}: run "npm run build". Only /api is served.`);
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  const pages: Record<Variant, string> = { plus: htmlForVariant(template, 'plus'), scribe: htmlForVariant(template, 'scribe') };

  await app.register(fastifyStatic, {
    root: opts.staticDir,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });

  const sendIndex = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(pages[variantForHost(req.hostname, opts.scribeHostPrefix)]);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  return sendIndex;
}
