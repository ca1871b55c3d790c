import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook call may connect (docs/architecture.md §5.1): only to public unicast addresses. The check is made on
 * the address actually connected to (webhook-sender.ts resolves the name inside the connection), so a name that
 * resolves somewhere else the next time (DNS rebinding) is caught too. Webhook URLs are checked when saved as well
 * (shared-domain/alert-forwarding.ts), but a saved public name can point anywhere later.
 */
const REFUSED: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata 169.254.169.254)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'ipv4', 'documentation'],
  ['192.88.99.0', 24, 'ipv4', '6to4 relay'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['198.51.100.0', 24, 'ipv4', 'documentation'],
  ['203.0.113.0', 24, 'ipv4', 'documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved and broadcast'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  // Forms that carry an IPv4 address inside an IPv6 one would smuggle every range above past an IPv6-only check.
  ['::', 96, 'ipv6', 'IPv4-compatible'],
  ['::ffff:0:0', 96, 'ipv6', 'IPv4-mapped'],
  ['64:ff9b::', 96, 'ipv6', 'IPv4/IPv6 translation'],
  ['64:ff9b:1::', 48, 'ipv6', 'IPv4/IPv6 translation'],
  ['100::', 64, 'ipv6', 'discard'],
  ['2001::', 23, 'ipv6', 'IETF protocol assignments (Teredo)'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['2002::', 16, 'ipv6', '6to4'],
  ['fc00::', 7, 'ipv6', 'unique local (cloud metadata fd00:ec2::254)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

// One list per rule and family: BlockList matches an IPv4 address against IPv6 rules through its mapped form, so an
// IPv4 address is judged by the IPv4 rules only (and an IPv6 one, mapped forms included, by the IPv6 rules).
const rules = REFUSED.map(([network, prefix, type, why]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, type, why };
});

// Loopback as tests may allow it: the plain forms only, so ::ffff:127.0.0.1 stays refused in tests as in production.
const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopbackV6 = new BlockList();
loopbackV6.addAddress('::1', 'ipv6');

/** Why a webhook may not connect to this address, or null when it may. Anything that is not an IP is refused. */
export function refusedAddress(address: string, options: { allowLoopback: boolean }): string | null {
  const family = isIP(address);
  if (family === 0) return `${address}: not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (options.allowLoopback && isLoopbackAddress(address)) return null;
  const rule = rules.find((r) => r.type === type && r.list.check(address, type));
  return rule ? `${address}: ${rule.why} address, refused` : null;
}

/** 127.0.0.0/8 or ::1, written plainly (not inside an IPv6 address). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return loopbackV4.check(address, 'ipv4');
  return family === 6 && loopbackV6.check(address, 'ipv6');
}
