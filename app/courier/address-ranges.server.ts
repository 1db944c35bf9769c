import { BlockList, isIP } from "node:net";

/**
 * The addresses a courier connection must never reach: a shop's base URL, or a DNS answer for it, could
 * otherwise point the app's requests (with the shop's courier token) at the app's own network or the
 * cloud's metadata service. Loopback is allowed only with the development setting (the local sandbox).
 */

function blockList(ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, isIP(network) === 6 ? "ipv6" : "ipv4");
  return list;
}

const LOOPBACK = blockList([
  ["127.0.0.0", 8],
  ["::1", 128],
]);

/** Private, link-local and otherwise not publicly routable ranges (IPv4-mapped IPv6 addresses match too). */
const NOT_PUBLIC = blockList([
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
  ["::", 128], // unspecified
  ["64:ff9b::", 96], // NAT64 (embeds an IPv4 address)
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
]);

/** Why a connection to this IP address is refused, or null when it may be made. */
export function refusedAddressReason(address: string, allowLoopback: boolean): string | null {
  const ip = address.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(ip);
  if (family === 0) return "is not an IP address";
  const type = family === 6 ? "ipv6" : "ipv4";
  if (LOOPBACK.check(ip, type)) return allowLoopback ? null : "is a loopback address";
  if (NOT_PUBLIC.check(ip, type)) return "is a private, link-local or reserved address";
  return null;
}
