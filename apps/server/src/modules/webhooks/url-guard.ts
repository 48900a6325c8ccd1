import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import os from 'node:os';

/**
 * Webhooks are requests Atrium makes to an address an administrator typed: without a guard, one
 * could make the server call its own admin port, the database's host or the cloud's metadata
 * service (SSRF). Only http(s) URLs whose every address is public are accepted, at create and
 * change time and again at each delivery (a name may resolve elsewhere by then), where the
 * connection goes to the address that was checked. An administrator may allow private addresses
 * (an on-premises receiver), which the tests' 127.0.0.1 receivers need too.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Why a URL is refused: the rule named in the 400's details. */
export class UnsafeUrl extends Error {
  constructor(
    readonly rule: 'scheme' | 'format' | 'private_address' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** This host's own addresses: Atrium must not be made to call itself. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const entry of list ?? []) own.add(plain(entry.address));
  return own;
}

/** Whether an address is loopback, private, link-local, unspecified, multicast or this host's. */
export function isPrivateAddress(address: string): boolean {
  const ip = plain(address);
  const family = isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6') || ownAddresses().has(ip);
}

/** The URL parsed, or UnsafeUrl for anything but http(s) with a host. */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeUrl('format', 'must be an absolute URL such as https://example.com/hook');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsafeUrl('scheme', 'must be an http or https URL');
  if (!url.hostname) throw new UnsafeUrl('format', 'must name a host');
  if (url.username || url.password) throw new UnsafeUrl('format', 'must not carry a user name or password');
  return url;
}

/** The host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses the URL's host resolves to, each checked: refused with UnsafeUrl when any is
 * private and private ones are not allowed (a name with one public and one private address could
 * be made to reach the private one).
 */
export async function checkedAddresses(
  url: URL,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UnsafeUrl('unresolvable', `must name a host that resolves (${host} does not)`);
    }
  }
  if (addresses.length === 0) throw new UnsafeUrl('unresolvable', `must name a host that resolves`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new UnsafeUrl(
      'private_address',
      'must not point at a loopback, private, link-local or Atrium’s own address (allow private addresses in the Webhooks settings to use one)',
    );
  return addresses;
}
