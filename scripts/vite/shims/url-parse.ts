/**
 * What tus-js-client uses `url-parse` for (scripts/vite/lean-libraries.ts): `new URL(link, origin).toString()`.
 * A base that is itself relative is taken against the page's or the worker's address, as url-parse does.
 */
export default class UrlParse extends URL {
  constructor(address: string, base?: string) {
    super(address, base === undefined ? undefined : new URL(base, (globalThis as { location?: { href: string } }).location?.href));
  }
}
