import type { CourierClient } from "~/courier/client.server";
import { permanentFailure } from "~/jobs/errors";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import { parseShopSettings, type ShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { withShopifyRetries } from "~/shopify-admin/job-retries.server";
import { runReturnPickupBooking } from "./book.server";
import {
  ATTACH_REVERSE_DELIVERY_JOB,
  BOOK_RETURN_PICKUP_JOB,
  ReturnPickupPayload,
  ReverseDeliveryPayload,
} from "./jobs";
import { attachReverseDeliveries } from "./reverse-delivery.server";
import type { DispatchDeps } from "~/dispatch/public.server";
import { REVERSE_DELIVERY_TRACKING_JOB, ReverseDeliveryTrackingPayload } from "~/tracking/public";
import type { TrackingSettings } from "~/tracking/public.server";

/** Returns' jobs: a return's pickup booked with the courier, and its reverse delivery attached in Shopify. */
export function returnJobHandlers(
  services: JobServices<AdminGraphql, CourierClient>,
  pageToken: NonNullable<DispatchDeps["pageToken"]>,
  trackingSettings: (settings: ShopSettings) => TrackingSettings,
): JobHandlers {
  /** The collection's reverse deliveries made, or brought to its current tracking number. */
  async function syncReverseDeliveries(shopDomain: string, shipmentId: string) {
    const shop = await services.db.shop.findUnique({ where: { domain: shopDomain }, select: { settingsJson: true } });
    if (!shop) throw permanentFailure("The shop no longer exists.");
    const settings = trackingSettings(parseShopSettings(shop.settingsJson));
    await withShopifyRetries(async () =>
      attachReverseDeliveries({ db: services.db, admin: await services.adminFor(shopDomain), settings }, shipmentId),
    );
  }
  return {
    [BOOK_RETURN_PICKUP_JOB]: async (job, context) => {
      const payload = parsePayload(ReturnPickupPayload, job.payload);
      await withShopifyRetries(async () =>
        runReturnPickupBooking(
          {
            db: services.db,
            queue: services.queue,
            admin: await services.adminFor(job.shopDomain),
            courier: await services.courierFor(job.shopDomain),
            clock: services.clock,
            pageToken,
          },
          job.shopDomain,
          payload,
          (tx) => context.complete(tx),
        ),
      );
    },
    [ATTACH_REVERSE_DELIVERY_JOB]: async (job) => {
      const payload = parsePayload(ReverseDeliveryPayload, job.payload);
      await syncReverseDeliveries(job.shopDomain, payload.shipmentId);
    },
    // After a repost: the same work, which now finds the reverse deliveries showing the old number.
    [REVERSE_DELIVERY_TRACKING_JOB]: async (job) => {
      const payload = parsePayload(ReverseDeliveryTrackingPayload, job.payload);
      await syncReverseDeliveries(job.shopDomain, payload.shipmentId);
    },
  };
}
