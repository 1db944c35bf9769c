import ipaddr from "ipaddr.js";
import { appConfig } from "~/config/env.server";

/**
 * The address a request comes from. With no trusted proxy (`trustedHops` 0) it is the connection's:
 * a client writes whatever X-Forwarded-For it likes, so the header names nobody. Behind `trustedHops`
 * proxies (each appends the address it was reached from), it is the entry the outermost trusted
 * proxy appended: counted from the right, as entries further left came from the client.
 */
export function clientAddressOf(headers: Headers, remoteAddress: string | undefined, trustedHops: number): string {
  if (trustedHops > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops[Math.max(0, hops.length - trustedHops)];
    if (client) return client;
  }
  return remoteAddress || "unknown";
}

/** The client of a request the app serves (`context.remoteAddress`: the socket's, from the server). */
export function requestClientAddress(request: Request, context: unknown, extraTrustedHops = 0): string {
  const address = (context as { remoteAddress?: unknown } | null)?.remoteAddress;
  return clientAddressOf(
    request.headers,
    typeof address === "string" ? address : undefined,
    appConfig().trustedProxyHops + extraTrustedHops,
  );
}

/** Leading bits of an IPv6 address that name one client: a /64 is one network (a home, a host) of 2^64 addresses. */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The key a client's requests count under in a per-client limit: an IPv4 address (an IPv4-mapped IPv6
 * one too) itself, an IPv6 address by its /64, so a client cannot spread its requests over the
 * addresses of its own network. Anything else (no address known) as given.
 */
export function clientRateKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_CLIENT_PREFIX_BITS / 16);
  return `${groups.map((group) => group.toString(16)).join(":")}::/${IPV6_CLIENT_PREFIX_BITS}`;
}

/** requestClientAddress as a per-client limit's key (clientRateKey). */
export function requestClientRateKey(request: Request, context: unknown, extraTrustedHops = 0): string {
  return clientRateKey(requestClientAddress(request, context, extraTrustedHops));
}
