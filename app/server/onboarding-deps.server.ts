import { appConfig } from "~/config/env.server";
import { getRuntime } from "~/runtime.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { courierClientForCredentials } from "~/shops/courier-for-shop.server";
import type { SetupDeps } from "~/onboarding/setup-actions.server";

/** The shell's wiring of the setup actions: process runtime, configuration and the request's Admin access. */
export function setupDeps(admin: AdminGraphql): SetupDeps {
  const runtime = getRuntime();
  const config = appConfig();
  return {
    db: runtime.db,
    keys: runtime.keys,
    courierUrls: runtime.courierUrls,
    clock: runtime.clock,
    admin,
    appUrl: config.shopify.appUrl,
    courierClientFor: (credentials) =>
      courierClientForCredentials(
        {
          limiter: runtime.courierLimiter,
          clock: runtime.clock,
          urls: runtime.courierUrls,
          fetch: runtime.courierFetch,
        },
        credentials,
      ),
  };
}
