import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import { newTrackingToken, sealTrackingToken } from "~/tracking-page/token.server";
import type { z } from "zod";
import { annotateDispatchedOrder } from "~/dispatch/annotate-job.server";
import { runFulfillmentOrderDispatch } from "~/dispatch/fulfillment-order-job.server";
import {
  ANNOTATE_ORDER_JOB,
  DISPATCH_FULFILLMENT_ORDER_JOB,
  DISPATCH_ORDER_JOB,
  FulfillmentOrderDispatchPayload,
  OrderAnnotationPayload,
  OrderDispatchPayload,
} from "~/dispatch/jobs";
import { runOrderDispatch } from "~/dispatch/order-job.server";
import { appConfig } from "~/config/env.server";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { JobHandler } from "~/jobs/worker.server";
import { COURIER_HEALTH_JOB, runCourierHealthCheck } from "~/onboarding/courier-health.server";
import { ORDER_SYNC_JOB, OrderSyncPayload } from "~/order-changes/enqueue.server";
import { runOrderSync } from "~/order-changes/sync.server";
import { createTtlLoader } from "~/quote/ttl-loader.server";
import { SHOPS_KEPT, type Runtime } from "~/runtime.server";
import { runReturnPickupBooking } from "~/returns/book.server";
import {
  ATTACH_REVERSE_DELIVERY_JOB,
  BOOK_RETURN_PICKUP_JOB,
  ReturnPickupPayload,
  ReverseDeliveryPayload,
} from "~/returns/jobs";
import { attachReverseDeliveries } from "~/returns/reverse-delivery.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { AdminApiError, type AdminGraphql } from "~/shopify/admin-request.server";
import { AFTER_EXPIRY_JOB, AfterExpiryPayload } from "~/tracking/after-expiry";
import { runAfterExpiry } from "~/tracking/after-expiry.server";
import { applyShipmentEvents } from "~/tracking/apply.server";
import {
  APPLY_EVENTS_JOB,
  ApplyEventsPayload,
  MATCH_EARLY_EVENTS_JOB,
  MatchEarlyEventsPayload,
  SEND_FLOW_TRIGGER_JOB,
  SendFlowTriggerPayload,
} from "~/tracking/jobs";
import { sendFlowOccurrence } from "~/tracking/flow-send.server";
import {
  ORDER_ATTENTION_TAG_JOB,
  ORDER_DELIVERY_SUMMARY_JOB,
  OrderAttentionTagPayload,
  OrderDeliverySummaryPayload,
} from "~/tracking/order-annotation-jobs";
import { runOrderAttentionTag, runOrderDeliverySummary } from "~/tracking/order-annotations.server";
import { matchEarlyEvents } from "~/tracking/receive.server";
import { RECONCILE_JOB, reconcileShop } from "~/tracking/reconcile.server";
import { trackingSettingsOf } from "~/tracking/settings";
import { NO_DRIVER_WATCH_JOB, NoDriverWatchPayload } from "~/watchdog/jobs";
import { runNoDriverWatch } from "~/watchdog/no-driver-job.server";

export type AdminForShop = (shopDomain: string) => Promise<AdminGraphql>;

function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw permanentFailure("The job's payload is not what this kind of job needs.");
  return parsed.data;
}

/** Errors from Shopify become the queue's retry instructions (throttling waits as Shopify says). */
async function withShopifyRetries<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminApiError && error.kind === "throttled")
      throw retryLater(error.message, error.retryAfterMs ?? 1000, error);
    if (error instanceof SessionNotFoundError) {
      throw permanentFailure("The shop has no stored Shopify session (the app was uninstalled?).", error);
    }
    throw error;
  }
}

/**
 * A worker reads a shop's Shopify session and builds its courier client at most this often (every job
 * did both, three database reads and a decryption, several times per order): a new token reaches the
 * worker within this time, and a job that failed with the old one is retried later.
 */
export const JOB_SHOP_TTL_MS = 5_000;

/** Every kind of background job the worker runs, with its collaborators. */
export function jobHandlers(runtime: Runtime, loadAdmin: AdminForShop): Record<string, JobHandler> {
  const kept = <T>(load: (shopDomain: string) => Promise<T>, keep?: (value: T) => boolean) =>
    createTtlLoader({ clock: runtime.clock, ttlMs: JOB_SHOP_TTL_MS, maxEntries: SHOPS_KEPT, load, keep }).get;
  const adminFor = kept(loadAdmin);
  // A shop without a courier is asked again next time: one that connects now is not refused for a while.
  const courierFor = kept(runtime.courierFor, (client) => client !== null);
  const dispatchDeps = async (shopDomain: string, needs: { courier: boolean }) => ({
    db: runtime.db,
    queue: runtime.queue,
    admin: await adminFor(shopDomain),
    courier: needs.courier ? await courierFor(shopDomain) : null,
    clock: runtime.clock,
    pageToken: (shipmentId: string) => {
      const page = newTrackingToken();
      return {
        trackingTokenHash: page.hash,
        trackingTokenSealed: sealTrackingToken(runtime.keys, page.token, shipmentId),
      };
    },
  });
  return {
    [DISPATCH_ORDER_JOB]: async (job) => {
      const payload = parsePayload(OrderDispatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runOrderDispatch(await dispatchDeps(job.shopDomain, { courier: false }), job.shopDomain, payload),
      );
    },
    [DISPATCH_FULFILLMENT_ORDER_JOB]: async (job, context) => {
      const payload = parsePayload(FulfillmentOrderDispatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runFulfillmentOrderDispatch(
          await dispatchDeps(job.shopDomain, { courier: true }),
          job.shopDomain,
          payload,
          (tx) => context.complete(tx),
        ),
      );
    },
    [ANNOTATE_ORDER_JOB]: async (job) => {
      const payload = parsePayload(OrderAnnotationPayload, job.payload);
      await withShopifyRetries(async () =>
        annotateDispatchedOrder({ db: runtime.db, admin: await adminFor(job.shopDomain) }, job.shopDomain, payload),
      );
    },
    [ORDER_SYNC_JOB]: async (job) => {
      const payload = parsePayload(OrderSyncPayload, job.payload);
      await withShopifyRetries(async () =>
        runOrderSync(await dispatchDeps(job.shopDomain, { courier: true }), job.shopDomain, payload),
      );
    },
    [RECONCILE_JOB]: async (job) => {
      const shop = await runtime.db.shop.findUnique({
        where: { domain: job.shopDomain },
        select: { settingsJson: true },
      });
      const courier = await courierFor(job.shopDomain);
      if (!shop || !courier) return;
      const settings = parseShopSettings(shop.settingsJson);
      await reconcileShop(
        { db: runtime.db, queue: runtime.queue, courier, clock: runtime.clock },
        job.shopDomain,
        settings.reconciliationSilenceMinutes,
      );
    },
    [MATCH_EARLY_EVENTS_JOB]: async (job) => {
      const payload = parsePayload(MatchEarlyEventsPayload, job.payload);
      await matchEarlyEvents({ db: runtime.db, queue: runtime.queue }, job, payload.courierShipmentId);
    },
    [SEND_FLOW_TRIGGER_JOB]: async (job) => {
      const payload = parsePayload(SendFlowTriggerPayload, job.payload);
      await withShopifyRetries(() =>
        sendFlowOccurrence({ db: runtime.db, admin: () => adminFor(job.shopDomain) }, payload),
      );
    },
    [ORDER_ATTENTION_TAG_JOB]: async (job) => {
      const payload = parsePayload(OrderAttentionTagPayload, job.payload);
      await withShopifyRetries(() =>
        runOrderAttentionTag({ db: runtime.db, admin: () => adminFor(job.shopDomain) }, job.shopDomain, payload),
      );
    },
    [ORDER_DELIVERY_SUMMARY_JOB]: async (job) => {
      const payload = parsePayload(OrderDeliverySummaryPayload, job.payload);
      await withShopifyRetries(() =>
        runOrderDeliverySummary({ db: runtime.db, admin: () => adminFor(job.shopDomain) }, job.shopDomain, payload),
      );
    },
    [AFTER_EXPIRY_JOB]: async (job) => {
      const payload = parsePayload(AfterExpiryPayload, job.payload);
      await withShopifyRetries(() =>
        runAfterExpiry(
          { db: runtime.db, queue: runtime.queue, admin: () => adminFor(job.shopDomain), clock: runtime.clock },
          payload,
        ),
      );
    },
    [NO_DRIVER_WATCH_JOB]: async (job) => {
      const payload = parsePayload(NoDriverWatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runNoDriverWatch(
          {
            db: runtime.db,
            queue: runtime.queue,
            courier: await courierFor(job.shopDomain),
            admin: () => adminFor(job.shopDomain),
            clock: runtime.clock,
          },
          job.shopDomain,
          payload,
        ),
      );
    },
    [COURIER_HEALTH_JOB]: async (job) => {
      await runCourierHealthCheck(runtime, job.shopDomain);
    },
    [BOOK_RETURN_PICKUP_JOB]: async (job, context) => {
      const payload = parsePayload(ReturnPickupPayload, job.payload);
      await withShopifyRetries(async () =>
        runReturnPickupBooking(await dispatchDeps(job.shopDomain, { courier: true }), job.shopDomain, payload, (tx) =>
          context.complete(tx),
        ),
      );
    },
    [ATTACH_REVERSE_DELIVERY_JOB]: async (job) => {
      const payload = parsePayload(ReverseDeliveryPayload, job.payload);
      const shop = await runtime.db.shop.findUnique({
        where: { domain: job.shopDomain },
        select: { settingsJson: true },
      });
      if (!shop) throw permanentFailure("The shop no longer exists.");
      const settings = trackingSettingsOf(
        parseShopSettings(shop.settingsJson),
        appConfig().shopify.appUrl,
        runtime.keys,
      );
      await withShopifyRetries(async () =>
        attachReverseDeliveries(
          { db: runtime.db, admin: await adminFor(job.shopDomain), settings },
          payload.shipmentId,
        ),
      );
    },
    [APPLY_EVENTS_JOB]: async (job) => {
      const payload = parsePayload(ApplyEventsPayload, job.payload);
      const shop = await runtime.db.shop.findUnique({
        where: { domain: job.shopDomain },
        select: { settingsJson: true },
      });
      if (!shop) throw permanentFailure("The shop no longer exists.");
      await withShopifyRetries(async () =>
        applyShipmentEvents(
          {
            db: runtime.db,
            admin: await adminFor(job.shopDomain),
            queue: runtime.queue,
            settings: trackingSettingsOf(
              parseShopSettings(shop.settingsJson),
              appConfig().shopify.appUrl,
              runtime.keys,
            ),
            courier: await courierFor(job.shopDomain),
            clock: runtime.clock,
          },
          payload.shipmentId,
        ),
      );
    },
  };
}
