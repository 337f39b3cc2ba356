/**
 * The SSRF rule of deliveries (post.ts: request-filtering-agent refuses, at connect time, any
 * address whose range is not global unicast) applied when a push endpoint is added, so a player
 * is told at once instead of the server keeping an endpoint it will never reach. The host is
 * resolved as deliveries resolve it (dns.lookup: /etc/hosts included); every address it gives
 * must pass. Delivery still checks again: a name can be re-pointed after it was added.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../app/errors.js';

/** A host name that has not resolved by then is refused (resolving holds a libuv thread). */
const LOOKUP_MS = 5_000;

/** request-filtering-agent's rule with allowPrivateIPAddress off: only the "unicast" range. */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** Refuses (ADDRESS_NOT_ALLOWED) a URL whose host is, or resolves to, a private or reserved address. */
export async function requirePublicHost(url: URL, what: string): Promise<void> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), LOOKUP_MS)));
      addresses = (await Promise.race([lookup(host, { all: true, verbatim: true }), timeout])).map((a) => a.address);
    } catch {
      throw new AppError('BAD_INPUT', `${what}'s host name does not resolve`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new AppError('ADDRESS_NOT_ALLOWED', `${what} must reach a public address (not loopback, private, link-local or reserved)`);
}
