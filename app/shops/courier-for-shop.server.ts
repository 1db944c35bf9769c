import type { AppConfig } from "~/config/env.server";
import {
  courierBaseUrl,
  createCourierClient,
  DEFAULT_COURIER_BASE_URLS,
  type CourierClient,
  type CourierEnvironment,
} from "~/courier/client.server";
import type { CourierRateLimiter } from "~/courier/rate-limiter.server";

/**
 * A courier client for credentials that are not saved yet (the settings page tests a token before
 * storing it). Saved credentials go through `getRuntime().courierFor(shop)`.
 */

export type CourierBaseUrls = Record<CourierEnvironment, string>;

export function courierBaseUrlsFromConfig(config: Pick<AppConfig, "courier">): CourierBaseUrls {
  return {
    sandbox: config.courier.sandboxUrl ?? DEFAULT_COURIER_BASE_URLS.sandbox,
    production: config.courier.productionUrl ?? DEFAULT_COURIER_BASE_URLS.production,
  };
}

export type CourierCredentials = { environment: CourierEnvironment; token: string; baseUrl: string | null };

export function courierClientForCredentials(
  deps: { limiter: CourierRateLimiter; clock: () => Date; baseUrls: CourierBaseUrls },
  credentials: CourierCredentials,
): CourierClient {
  return createCourierClient({
    baseUrl: courierBaseUrl(credentials.environment, credentials.baseUrl, deps.baseUrls),
    token: credentials.token,
    limiter: deps.limiter,
    clock: deps.clock,
  });
}
