import type { AppConfig } from "~/config/env.server";
import { LOOPBACK_HOSTS } from "~/config/loopback-hosts";

/**
 * Which courier base URLs the app may use. The operator's configured URLs are trusted; a shop's own URL
 * must be https to a host the operator allow-listed (COURIER_ALLOWED_HOSTS). Loopback (the local
 * sandbox, plain HTTP too) only with the development setting. The address a host resolves to is checked
 * again when the connection is made (address-ranges.server.ts, guarded-fetch.server.ts). Pure.
 */

export type CourierEnvironment = "sandbox" | "production";

export type CourierUrlPolicy = { allowedHosts: ReadonlySet<string>; allowLoopback: boolean };

/** The app-wide base URLs per environment and the policy a shop's own URL is held to. */
export type CourierUrls = { defaults: Record<CourierEnvironment, string>; policy: CourierUrlPolicy };

/**
 * The courier publishes no base URL, only "{base_url}". These placeholders (the reserved .invalid domain
 * never resolves) stand where configuration gave none; production refuses to start without both.
 */
export const UNCONFIGURED_COURIER_BASE_URLS: Record<CourierEnvironment, string> = {
  sandbox: "https://sandbox.courier.invalid",
  production: "https://api.courier.invalid",
};
const UNCONFIGURED_SUFFIX = ".invalid";

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function courierUrlsFromConfig(config: Pick<AppConfig, "courier">): CourierUrls {
  const { sandboxUrl, productionUrl, allowedHosts, allowLoopback } = config.courier;
  const configured = [hostOf(sandboxUrl), hostOf(productionUrl)].filter((host): host is string => host !== null);
  return {
    defaults: {
      sandbox: sandboxUrl ?? UNCONFIGURED_COURIER_BASE_URLS.sandbox,
      production: productionUrl ?? UNCONFIGURED_COURIER_BASE_URLS.production,
    },
    policy: { allowedHosts: new Set([...allowedHosts, ...configured]), allowLoopback },
  };
}

/** The base URL a shop's courier calls go to: its own when set, else the app's for its environment. */
export function courierBaseUrl(
  environment: CourierEnvironment,
  override: string | null | undefined,
  defaults: Record<CourierEnvironment, string>,
): string {
  const custom = override?.trim();
  return custom ? custom : defaults[environment];
}

/** Whether a connection to this host name may be opened at all (before its addresses are checked). */
export function hostAllowed(hostname: string, policy: CourierUrlPolicy): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return policy.allowLoopback;
  return policy.allowedHosts.has(host);
}

/** Why the app cannot use this courier base URL, in the merchant's words; null when it may. */
export function courierBaseUrlProblem(baseUrl: string, policy: CourierUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return "the courier address is not a valid web address";
  }
  const host = url.hostname.toLowerCase();
  if (host.endsWith(UNCONFIGURED_SUFFIX)) {
    return "this app has no courier address yet; enter the address the courier gave you, or ask whoever runs this app to set it up";
  }
  if (LOOPBACK_HOSTS.has(host)) {
    return policy.allowLoopback
      ? null
      : "the courier address points at this server itself, which only a development setup allows";
  }
  if (url.protocol !== "https:") return "the courier address must start with https://";
  if (!policy.allowedHosts.has(host)) {
    const allowed = [...policy.allowedHosts].sort().join(", ");
    return allowed
      ? `the address ${host} is not one of the courier addresses this app may use (${allowed})`
      : `the address ${host} is not one of the courier addresses this app may use; ask whoever runs this app to allow it`;
  }
  return null;
}
