import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Webhook targets must be public: loopback, link-local, private, shared (CGNAT), multicast and
 * unspecified addresses are refused, by the URL's literal address and again after DNS resolution, at
 * connect time (the `lookup` of the request), so a name that resolves to 127.0.0.1 or rebinds is caught.
 * Redirects are never followed. WEBHOOK_ALLOW_PRIVATE_TARGETS=true lifts the rule (tests, closed networks).
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (net.isIPv4(v4)) return !blocked.check(v4, 'ipv4');
  }
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const TARGET_REFUSED = 'The webhook URL points at a private, loopback or link-local address.';

/** The URL's problem, or null: http(s) only, and a public literal address when the host is one. */
export function targetProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a valid URL.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'The URL must start with https:// or http://.';
  if (parsed.username || parsed.password) return 'The URL must not carry a user name or password.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (
    !allowPrivate &&
    (host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) && !isPublicAddress(host)))
  )
    return TARGET_REFUSED;
  return null;
}

/** A DNS lookup that refuses non-public answers (unless allowed): what the request connects to is checked. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const ok = allowPrivate ? list : list.filter((a) => isPublicAddress(a.address));
      if (ok.length === 0)
        return callback(Object.assign(new Error(TARGET_REFUSED), { code: 'EWEBHOOKTARGET' }), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
      return callback(null, ok[0]!.address, ok[0]!.family);
    });
  };
}
