import type { CourierClient } from "~/courier/client.server";
import { permanentFailure } from "~/jobs/errors";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import { parseShopSettings, type ShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { withShopifyRetries } from "~/shopify-admin/job-retries.server";
import { applyShipmentEvents, type ApplyDeps, type TrackingSettings } from "./apply.server";
import { trackRedelivery } from "./fulfillment-actions.server";
import { sendFlowOccurrence } from "./flow-send.server";
import {
  APPLY_EVENTS_JOB,
  ApplyEventsPayload,
  MATCH_EARLY_EVENTS_JOB,
  MatchEarlyEventsPayload,
  REDELIVERY_TRACKING_JOB,
  SEND_FLOW_TRIGGER_JOB,
  SendFlowTriggerPayload,
} from "./jobs";
import { matchEarlyEvents } from "./courier-webhook.server";
import {
  ORDER_ATTENTION_TAG_JOB,
  ORDER_DELIVERY_SUMMARY_JOB,
  OrderAttentionTagPayload,
  OrderDeliverySummaryPayload,
} from "./order-annotation-jobs";
import { runOrderAttentionTag, runOrderDeliverySummary } from "./order-annotations.server";
import { RECONCILE_JOB, reconcileShop } from "./reconcile.server";

/**
 * Tracking's jobs: a shipment's stored events applied, early events matched, a Flow trigger sent, a
 * shop's shipments reconciled. `trackingSettings` adds what the server knows (the app's URL, the keys).
 */
export function trackingJobHandlers(
  services: JobServices<AdminGraphql, CourierClient>,
  trackingSettings: (settings: ShopSettings) => TrackingSettings,
): JobHandlers {
  /** What applying to Shopify needs for a shop (its settings read once per job; its Admin access per try). */
  async function applyDeps(shopDomain: string): Promise<() => Promise<ApplyDeps>> {
    const shop = await services.db.shop.findUnique({ where: { domain: shopDomain }, select: { settingsJson: true } });
    if (!shop) throw permanentFailure("The shop no longer exists.");
    return async () => ({
      db: services.db,
      admin: await services.adminFor(shopDomain),
      queue: services.queue,
      settings: trackingSettings(parseShopSettings(shop.settingsJson)),
      courier: await services.courierFor(shopDomain),
      clock: services.clock,
    });
  }
  return {
    [RECONCILE_JOB]: async (job) => {
      const shop = await services.db.shop.findUnique({
        where: { domain: job.shopDomain },
        select: { settingsJson: true },
      });
      const courier = await services.courierFor(job.shopDomain);
      if (!shop || !courier) return;
      const settings = parseShopSettings(shop.settingsJson);
      await reconcileShop(
        { db: services.db, queue: services.queue, courier, clock: services.clock },
        job.shopDomain,
        settings.reconciliationSilenceMinutes,
      );
    },
    [MATCH_EARLY_EVENTS_JOB]: async (job) => {
      const payload = parsePayload(MatchEarlyEventsPayload, job.payload);
      await matchEarlyEvents({ db: services.db, queue: services.queue }, job, payload.courierShipmentId);
    },
    [SEND_FLOW_TRIGGER_JOB]: async (job) => {
      const payload = parsePayload(SendFlowTriggerPayload, job.payload);
      await withShopifyRetries(() =>
        sendFlowOccurrence({ db: services.db, admin: () => services.adminFor(job.shopDomain) }, payload),
      );
    },
    [ORDER_ATTENTION_TAG_JOB]: async (job) => {
      const payload = parsePayload(OrderAttentionTagPayload, job.payload);
      await withShopifyRetries(() =>
        runOrderAttentionTag(
          { db: services.db, admin: () => services.adminFor(job.shopDomain) },
          job.shopDomain,
          payload,
        ),
      );
    },
    [ORDER_DELIVERY_SUMMARY_JOB]: async (job) => {
      const payload = parsePayload(OrderDeliverySummaryPayload, job.payload);
      await withShopifyRetries(() =>
        runOrderDeliverySummary(
          { db: services.db, admin: () => services.adminFor(job.shopDomain) },
          job.shopDomain,
          payload,
        ),
      );
    },
    [APPLY_EVENTS_JOB]: async (job) => {
      const payload = parsePayload(ApplyEventsPayload, job.payload);
      const deps = await applyDeps(job.shopDomain);
      await withShopifyRetries(async () => applyShipmentEvents(await deps(), payload.shipmentId));
    },
    [REDELIVERY_TRACKING_JOB]: async (job) => {
      const payload = parsePayload(ApplyEventsPayload, job.payload);
      const deps = await applyDeps(job.shopDomain);
      await withShopifyRetries(async () => trackRedelivery(await deps(), payload.shipmentId));
    },
  };
}
