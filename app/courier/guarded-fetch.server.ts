import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { componentLogger } from "~/logging/logger.server";
import { refusedAddressReason } from "./address-ranges.server";
import { hostAllowed, type CourierUrlPolicy } from "./base-url";

/**
 * The fetch every courier client of the app uses: each connection it opens goes to a host the policy
 * allows, and every address that host resolves to is checked before the socket connects (the check is
 * made for the connection actually made, so a DNS answer that changes after the URL was accepted cannot
 * reach a private or link-local address). Connections are kept alive per origin as undici's Agent does.
 */

export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export class RefusedCourierAddressError extends Error {
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`courier connection to ${host} refused: ${reason}`);
    this.name = "RefusedCourierAddressError";
  }
}

const log = componentLogger("courier-connect");

const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `net.connect` lookup that resolves with `resolve` and fails when any address is refused. */
export function guardedLookup(resolve: ResolveHost, allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new RefusedCourierAddressError(hostname, "it resolves to no address");
        for (const { address } of addresses) {
          const reason = refusedAddressReason(address, allowLoopback);
          if (reason) throw new RefusedCourierAddressError(hostname, `it resolves to ${address}, which ${reason}`);
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : null;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (options.all) return callback(null, usable);
        const first = usable[0];
        if (!first) throw new RefusedCourierAddressError(hostname, `it has no IPv${wanted} address`);
        callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error, []));
  };
}

type Connector = ReturnType<typeof buildConnector>;

/** undici's connector, refusing hosts off the policy and IP literals in refused ranges before connecting. */
export function guardedConnector(policy: CourierUrlPolicy, resolve: ResolveHost = systemResolve): Connector {
  const connect = buildConnector({ lookup: guardedLookup(resolve, policy.allowLoopback) });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
    const refusal = !hostAllowed(options.hostname, policy)
      ? new RefusedCourierAddressError(host, "the host is not one of the courier addresses this app may use")
      : isIP(host) !== 0 && refusedAddressReason(host, policy.allowLoopback)
        ? new RefusedCourierAddressError(host, `${host} ${refusedAddressReason(host, policy.allowLoopback)}`)
        : null;
    if (refusal) {
      log.warn(refusal.message, { host });
      callback(refusal, null);
      return;
    }
    connect(options, (error, socket) => {
      if (error instanceof RefusedCourierAddressError) log.warn(error.message, { host });
      if (error) callback(error, null);
      else callback(null, socket);
    });
  };
}

export function createGuardedFetch(policy: CourierUrlPolicy, resolve?: ResolveHost): typeof fetch {
  const dispatcher = new Agent({ connect: guardedConnector(policy, resolve) });
  // undici's fetch is the one Node's global fetch is built from; its types differ only in name.
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
