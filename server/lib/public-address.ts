/**
 * Whether an address is on the public internet, for requests to addresses a client chose (Web Push
 * endpoints, issue 22 point 5; PITFALLS 51). Refused: loopback, private, link-local, CGNAT, multicast,
 * broadcast, documentation, benchmarking and the other IANA special-purpose ranges, in IPv4 and IPv6,
 * and the IPv6 forms that carry an IPv4 address inside (mapped, NAT64, 6to4, Teredo), which could
 * otherwise smuggle a private one through.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  refused.addSubnet(net, bits, 'ipv4');

/** Only global unicast (2000::/3) is public in IPv6, less these parts of it. */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IP literal, IPv6 with or without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(ip);
  if (family === 4) return !refused.check(ip, 'ipv4');
  // Loopback, unspecified, link-local, unique-local, multicast, mapped and NAT64 lie outside 2000::/3.
  if (family === 6) return globalUnicast.check(ip, 'ipv6') && !refused.check(ip, 'ipv6');
  return false;
}

/** Every address a name resolves to (as the system resolver answers it). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** A name whose addresses are not all public, or that resolves to none. */
export class AddressNotPublicError extends Error {
  readonly code = 'EADDRNOTPUBLIC';
  constructor(readonly hostname: string) {
    super(`${hostname} does not resolve to public addresses only`);
  }
}

/**
 * The addresses of `hostname` (an IP literal stands for itself), refused unless every one is public:
 * a name with one private address among public ones could be steered to it.
 */
export async function publicAddressesOf(hostname: string, resolve: Resolve = systemResolve): Promise<LookupAddress[]> {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(literal);
  const addresses = family ? [{ address: literal, family }] : await resolve(hostname);
  if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address))) throw new AddressNotPublicError(hostname);
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request / net.connect that resolves the name at connection time and refuses
 * it unless every address is public, so the socket goes to an address that was checked: a name that
 * resolved to a public address when it was stored and to a private one now (DNS rebinding) is refused.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    publicAddressesOf(hostname, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!wanted.length) return callback(new AddressNotPublicError(hostname), '');
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
