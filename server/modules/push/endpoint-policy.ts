/**
 * Where the server may send a Web Push (issue 22 point 5, PITFALLS 51). A subscription's endpoint is
 * a URL the browser, that is the client, chooses: the server POSTs to it. Allowed: https on port 443,
 * no user or password in it, a name whose every address is public (server/lib/public-address.ts).
 * The check is made when the subscription arrives and again at every send, on the connection itself,
 * so a name that changed its answer since (DNS rebinding) is refused; redirects are never followed.
 *
 * `testOrigins` (PUSH_TEST_ORIGINS, never set by `npm start` and refused in production) names the
 * in-test push services on loopback http that the API and browser tests send to.
 */
import { isIP } from 'node:net';
import {
  AddressNotPublicError,
  isPublicAddress,
  publicAddressesOf,
  publicOnlyLookup,
  systemResolve,
  type Resolve,
} from '../../lib/public-address';

export type EndpointProblem = 'not_https' | 'not_public' | 'unresolved';

export interface EndpointPolicy {
  /** Whether this endpoint may receive pushes, its name resolved now; the problem in a word if not. */
  check(endpoint: string): Promise<EndpointProblem | null>;
  /**
   * How to connect to this endpoint now: `null` if it is not allowed (its form, or an address written
   * in it that is not public); else whether it is a test origin (plain http allowed) and the `lookup`
   * the connection must use, which lets it reach public addresses only.
   */
  connection(endpoint: string): { url: URL; test: boolean; lookup?: ReturnType<typeof publicOnlyLookup> } | null;
}

/** The form alone: https, port 443, no credentials, or a configured test origin. */
function formOf(endpoint: string, testOrigins: ReadonlySet<string>): { url: URL; test: boolean } | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (testOrigins.has(url.origin)) return { url, test: true };
  // The URL parser drops a default port: an empty port is 443 for https.
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return { url, test: false };
}

export function createEndpointPolicy(opts: { testOrigins?: readonly string[]; resolve?: Resolve } = {}): EndpointPolicy {
  const testOrigins = new Set(opts.testOrigins ?? []);
  const resolve = opts.resolve ?? systemResolve;
  const lookup = publicOnlyLookup(resolve);
  return {
    async check(endpoint) {
      const form = formOf(endpoint, testOrigins);
      if (!form) return 'not_https';
      if (form.test) return null;
      try {
        await publicAddressesOf(form.url.hostname, resolve);
        return null;
      } catch (err) {
        return err instanceof AddressNotPublicError ? 'not_public' : 'unresolved';
      }
    },
    connection(endpoint) {
      const form = formOf(endpoint, testOrigins);
      if (!form) return null;
      if (form.test) return form;
      // An address in the URL is connected to without a lookup: it is checked here instead.
      const host = form.url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && !isPublicAddress(host)) return null;
      return { ...form, lookup };
    },
  };
}
