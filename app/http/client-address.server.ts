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
