/**
 * The fulfillment side of applying courier events (apply.server.ts): what the app's tracking needs
 * from the shop, and the Shopify actions a transition asks for, each looked up before it is taken.
 */
import type { Shipment } from "@prisma/client";
import type { CourierClient } from "~/courier/client.server";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import {
  createFulfillment,
  createFulfillmentEvent,
  fetchFulfillmentOrderFulfillments,
  updateFulfillmentTracking,
} from "~/shopify-admin/fulfillments.server";
import { newTrackingToken } from "~/shipments/tracking-token.server";
import { eventsOfThisRun, nextTimelineEvent, type TimelineEvent } from "./shopify-timeline";
import type { ShopifyAction } from "./state-machine";

export type TrackingSettings = {
  trackingCompany: string;
  /** The merchant's own tracking URL for a number, or null when the shop set no template. */
  trackingUrl: (trackingNumber: string) => string | null;
  /** The shoppers' tracking page for a token (used when the merchant set no template). */
  pageUrl: (token: string) => string;
  /** The token encrypted for the shipment, kept for the order status block's link (app/shipments/tracking-token.server.ts). */
  sealPageToken: (token: string, shipmentId: string) => string;
  /** The shipment's page token back from its sealed form, or null when it cannot be opened. */
  openPageToken: (sealed: string, shipmentId: string) => string | null;
  notifyCustomer: boolean;
  attentionTag: string;
};

export type ApplyDeps = {
  db: Db;
  /**
   * Side effects (Flow triggers, the order's tag and metafield, after-expiry and no-driver looks) are
   * jobs enqueued with the state that causes them: each retried on its own, none holding the state back.
   */
  queue: JobQueue;
  admin: AdminGraphql;
  settings: TrackingSettings;
  /** Reads a reposted shipment's price and window; null when the shop has no courier connected. */
  courier: CourierClient | null;
  clock: () => Date;
};

/**
 * The fulfillment's tracking URL: the merchant's template, else the tracking page. The page the
 * shopper already has is kept: made at booking (app/dispatch, so the order status block links to it
 * from then on), or before a repost. A shipment without one (booked before pages were made at
 * booking) gets a new token, stored before Shopify hears of it, so the URL Shopify keeps always opens
 * the page.
 */
export async function shipmentTrackingUrl(
  deps: { db: Db; settings: Pick<TrackingSettings, "trackingUrl" | "pageUrl" | "sealPageToken" | "openPageToken"> },
  shipment: Pick<Shipment, "id" | "trackingTokenSealed" | "trackingTokenHash">,
  number: string,
): Promise<string> {
  const merchants = deps.settings.trackingUrl(number);
  if (merchants) return merchants;
  const kept =
    shipment.trackingTokenSealed && shipment.trackingTokenHash
      ? deps.settings.openPageToken(shipment.trackingTokenSealed, shipment.id)
      : null;
  if (kept) return deps.settings.pageUrl(kept);
  const page = newTrackingToken();
  await deps.db.shipment.update({
    where: { id: shipment.id },
    data: { trackingTokenHash: page.hash, trackingTokenSealed: deps.settings.sealPageToken(page.token, shipment.id) },
  });
  return deps.settings.pageUrl(page.token);
}

/** What Shopify already shows for the shipment: looked up once per run, kept current as the run adds to it. */
export type ShopifyView = { fulfillmentGid: string | null; events: TimelineEvent[]; trackingNumbers: string[] };

const notLookedUp = (shipment: Shipment): ShopifyView => ({
  fulfillmentGid: shipment.fulfillmentGid,
  events: [],
  trackingNumbers: [],
});

/** A re-delivery: an earlier shipment (the returned one) made the fulfillment this one is carried by. */
async function carriesOnEarlierRun(deps: ApplyDeps, shipment: Shipment): Promise<boolean> {
  if (!shipment.fulfillmentGid) return false;
  const earlier = await deps.db.shipment.count({
    where: {
      shopId: shipment.shopId,
      fulfillmentGid: shipment.fulfillmentGid,
      generation: { lt: shipment.generation },
    },
  });
  return earlier > 0;
}

export async function lookUpShopifyView(deps: ApplyDeps, shipment: Shipment): Promise<ShopifyView> {
  const fo = await fetchFulfillmentOrderFulfillments(deps.admin, shipment.fulfillmentOrderGid);
  const ours = fo?.fulfillments.nodes.find(
    (f) =>
      f.id === shipment.fulfillmentGid ||
      (f.status === "SUCCESS" && f.trackingInfo.some((t) => t.number === shipment.trackingNumber)),
  );
  return ours
    ? {
        fulfillmentGid: ours.id,
        events: eventsOfThisRun(ours.events.nodes, await carriesOnEarlierRun(deps, shipment)),
        trackingNumbers: ours.trackingInfo.map((t) => t.number ?? ""),
      }
    : notLookedUp(shipment);
}

/** The order's attention tag: its own job (order-annotation-jobs.ts), not part of applying the event. */
export const isTagAction = (action: ShopifyAction) =>
  action.kind === "tag_for_attention" || action.kind === "clear_attention";

/**
 * Runs the fulfillment side of a transition so that running it twice changes nothing: the fulfillment
 * is looked up (once per run, `view`) before it is created, and a fulfillment event is added only when
 * it moves what Shopify shows forward (shopify-timeline.ts). Returns the fulfillment's id.
 */
export async function runActions(
  deps: ApplyDeps,
  shipment: Shipment,
  actions: ShopifyAction[],
  view: () => Promise<ShopifyView>,
): Promise<string | null> {
  const fulfillmentActions = actions.filter((a) => !isTagAction(a));
  const seen = fulfillmentActions.length > 0 ? await view() : notLookedUp(shipment);
  for (const action of fulfillmentActions) {
    if (action.kind === "create_fulfillment") {
      if (seen.fulfillmentGid) continue;
      const created = await createFulfillment(deps.admin, {
        fulfillmentOrderGid: shipment.fulfillmentOrderGid,
        tracking: await trackingOf(deps, shipment),
        notifyCustomer: deps.settings.notifyCustomer,
      });
      seen.fulfillmentGid = created.id;
      // Persisted at once: a crash before the events are marked applied must not lose it.
      await deps.db.shipment.update({ where: { id: shipment.id }, data: { fulfillmentGid: created.id } });
    } else if (action.kind === "fulfillment_event") {
      if (!seen.fulfillmentGid) continue;
      // Also what makes a repeated run add nothing: the step is already there.
      const allowed = nextTimelineEvent(seen.events, action);
      if (!allowed) continue;
      await createFulfillmentEvent(deps.admin, {
        fulfillmentGid: seen.fulfillmentGid,
        status: action.status,
        happenedAt: allowed.happenedAt.toISOString(),
        message: action.message,
        latitude: action.latitude,
        longitude: action.longitude,
        estimatedDeliveryAt: action.estimatedDeliveryAt?.toISOString(),
      });
      seen.events.push({ status: action.status, happenedAt: allowed.happenedAt.toISOString() });
    } else if (action.kind === "update_tracking") {
      const tracking = await trackingOf(deps, shipment);
      // Already the fulfillment's tracking (a repeated run): nothing to send, no second notification.
      if (!seen.fulfillmentGid || seen.trackingNumbers.includes(tracking.number)) continue;
      await updateFulfillmentTracking(deps.admin, {
        fulfillmentGid: seen.fulfillmentGid,
        tracking,
        notifyCustomer: deps.settings.notifyCustomer,
      });
      seen.trackingNumbers = [tracking.number];
    }
  }
  return seen.fulfillmentGid;
}

/** The fulfillment's tracking info, for its creation and after a repost changed the number. */
async function trackingOf(deps: ApplyDeps, shipment: Shipment) {
  const number = shipment.trackingNumber ?? shipment.courierShipmentId ?? shipment.id;
  const url = await shipmentTrackingUrl(deps, shipment, number);
  return { company: deps.settings.trackingCompany, number, url };
}

/**
 * A re-delivery's fulfillment (the returned delivery's: app/dispatch/redelivery.ts) tracks the new
 * courier shipment from its booking: its number, and its tracking page as the URL. Nothing is sent
 * when the fulfillment already shows that number (a retried job).
 */
export async function trackRedelivery(deps: ApplyDeps, shipmentId: string): Promise<void> {
  const shipment = await deps.db.shipment.findUnique({ where: { id: shipmentId } });
  if (!shipment?.fulfillmentGid || !shipment.courierShipmentId) return;
  await runActions(deps, shipment, [{ kind: "update_tracking" }], () => lookUpShopifyView(deps, shipment));
}
