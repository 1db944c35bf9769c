import { appConfig } from "~/config/env.server";
import type { CourierClient } from "~/courier/client.server";
import { dispatchJobHandlers } from "~/dispatch/job-handlers.server";
import { mergeJobHandlers, type JobHandlers, type JobServices } from "~/jobs/handlers";
import { onboardingJobHandlers } from "~/onboarding/job-handlers.server";
import { orderChangeJobHandlers } from "~/order-changes/job-handlers.server";
import { returnJobHandlers } from "~/returns/job-handlers.server";
import { createTtlLoader } from "~/quote/ttl-loader.server";
import { SHOPS_KEPT, type Runtime } from "~/runtime.server";
import type { ShopSettings } from "~/settings/shop-settings";
import { newTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { trackingJobHandlers } from "~/tracking/job-handlers.server";
import { trackingPageJobHandlers } from "~/tracking-page/job-handlers.server";
import { watchdogJobHandlers } from "~/watchdog/job-handlers.server";
import { trackingSettingsOf } from "./tracking-settings.server";

export type AdminForShop = (shopDomain: string) => Promise<AdminGraphql>;

/**
 * A worker reads a shop's Shopify session and builds its courier client at most this often (every job
 * did both, three database reads and a decryption, several times per order): a new token reaches the
 * worker within this time, and a job that failed with the old one is retried later.
 */
export const JOB_SHOP_TTL_MS = 5_000;

/** Every kind of background job the worker runs: each feature's own handlers, merged. */
export function jobHandlers(runtime: Runtime, loadAdmin: AdminForShop): JobHandlers {
  const kept = <T>(load: (shopDomain: string) => Promise<T>, keep?: (value: T) => boolean) =>
    createTtlLoader({ clock: runtime.clock, ttlMs: JOB_SHOP_TTL_MS, maxEntries: SHOPS_KEPT, load, keep }).get;
  const services: JobServices<AdminGraphql, CourierClient> = {
    db: runtime.db,
    queue: runtime.queue,
    clock: runtime.clock,
    adminFor: kept(loadAdmin),
    // A shop without a courier is asked again next time: one that connects now is not refused for a while.
    courierFor: kept(runtime.courierFor, (client) => client !== null),
  };
  // A shipment booked gets its shoppers' page token at once (the page exists from booking).
  const pageToken = (shipmentId: string) => {
    const page = newTrackingToken();
    return {
      trackingTokenHash: page.hash,
      trackingTokenSealed: sealTrackingToken(runtime.keys, page.token, shipmentId),
    };
  };
  const trackingSettings = (settings: ShopSettings) =>
    trackingSettingsOf(settings, appConfig().shopify.appUrl, runtime.keys);
  return mergeJobHandlers(
    dispatchJobHandlers(services, pageToken),
    orderChangeJobHandlers(services, pageToken),
    trackingJobHandlers(services, trackingSettings),
    watchdogJobHandlers(services),
    trackingPageJobHandlers(services),
    returnJobHandlers(services, pageToken, trackingSettings),
    // The courier health check asks the runtime's own courier client (a token saved a moment ago is used).
    onboardingJobHandlers({
      db: runtime.db,
      courierFor: runtime.courierFor,
      courierUrls: runtime.courierUrls,
      clock: runtime.clock,
    }),
  );
}
