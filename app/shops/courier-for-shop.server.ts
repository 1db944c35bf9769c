import { courierBaseUrl, type CourierEnvironment, type CourierUrls } from "~/courier/base-url";
import { createCourierClient, type CourierClient } from "~/courier/client.server";
import type { CourierRateLimiter } from "~/courier/rate-limit-policy";

/**
 * A courier client for credentials that are not saved yet (the settings page tests a token before
 * storing it). Saved credentials go through `getRuntime().courierFor(shop)`.
 */

/** The shop's courier client (its decrypted token and base URL), or null when none is connected. */
export type CourierForShop = (shopDomain: string) => Promise<CourierClient | null>;

export type CourierCredentials = { environment: CourierEnvironment; token: string; baseUrl: string | null };

export function courierClientForCredentials(
  deps: { limiter: CourierRateLimiter; clock: () => Date; urls: CourierUrls; fetch: typeof fetch },
  credentials: CourierCredentials,
): CourierClient {
  return createCourierClient({
    baseUrl: courierBaseUrl(credentials.environment, credentials.baseUrl, deps.urls.defaults),
    token: credentials.token,
    limiter: deps.limiter,
    clock: deps.clock,
    fetch: deps.fetch,
  });
}
