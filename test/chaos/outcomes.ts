/**
 * What a scenario left behind, compared with what it asked for: courier shipments per fulfillment
 * order (at the courier and in the app), the orders' tags, each shipment's final state against the
 * truth from its events, and each Shopify order against what its shipment's events call for.
 */
import { DEFAULT_SHOP_SETTINGS } from "~/settings/defaults";
import type { Planned } from "../bench/event-posting";
import type { SeededShop } from "../bench/harness";
import type { ChaosContext } from "./context";
import { finalStateFromEvents } from "./truth";

const DISPATCHED_TAG = DEFAULT_SHOP_SETTINGS.tags.dispatched;
const ATTENTION_TAG = DEFAULT_SHOP_SETTINGS.tags.attention;

export type DispatchOutcome = {
  orders: number;
  /** Fulfillment orders with a courier shipment known to the app. */
  shipments: number;
  /** Courier shipments beyond one per fulfillment order (at the courier or in the app). */
  duplicates: number;
  /** Fulfillment orders without a courier shipment at the courier or in the app. */
  missing: number;
  untaggedOrders: number;
};

const legacyIdOf = (gid: string) => gid.split("/").pop()!;

export async function dispatchOutcome(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<DispatchOutcome> {
  const gids = shops.flatMap((shop) => shop.orders.map((order) => order.fulfillmentOrderGid));
  const byLegacyId = new Map(gids.map((gid) => [legacyIdOf(gid), gid]));
  const atCourier = new Map<string, number>();
  for (const shipment of await ctx.courier.shipments()) {
    const gid = byLegacyId.get(shipment.fulfillmentOrderLegacyId ?? "");
    if (gid) atCourier.set(gid, (atCourier.get(gid) ?? 0) + 1);
  }
  const wanted = new Set(gids);
  // By shop, not by a list of ids: SQLite takes at most 999 parameters in one query.
  const rows = await ctx.db.shipment.findMany({
    where: { shop: { domain: { in: shops.map((shop) => shop.domain) } }, courierShipmentId: { not: null } },
    select: { fulfillmentOrderGid: true },
  });
  const inApp = new Map<string, number>();
  for (const row of rows)
    if (wanted.has(row.fulfillmentOrderGid))
      inApp.set(row.fulfillmentOrderGid, (inApp.get(row.fulfillmentOrderGid) ?? 0) + 1);
  const extra = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const report = (await ctx.shopify.report()).filter((row) => wanted.has(row.fulfillmentOrderGid));
  return {
    orders: gids.length,
    shipments: inApp.size,
    duplicates: Math.max(extra(atCourier), extra(inApp)),
    missing: gids.filter((gid) => !atCourier.has(gid) || !inApp.has(gid)).length,
    untaggedOrders: report.filter((row) => !row.tags.includes(DISPATCHED_TAG)).length,
  };
}

export type TrackingOutcome = {
  shipments: number;
  /** Shipments whose state in the app differs from the truth computed from their events. */
  finalStateMismatches: number;
  /** The truth from the events and the sandbox's own end state disagree (a fault of the run, not the app). */
  truthDisagreements: number;
  /** Fulfillments beyond one per fulfillment order, and fulfillment event statuses repeated on one. */
  duplicateFulfillments: number;
  /** Orders whose fulfillment, DELIVERED event or attention tag differs from what the events call for. */
  shopifyMismatches: number;
  unappliedEvents: number;
  problems: Record<string, number>;
};

/** The app's state a courier end state leads to (an expiry is a cancel in the app). */
const APP_STATE_OF: Record<string, string> = {
  delivered: "delivered",
  returned: "returned",
  canceled: "canceled",
  expired: "canceled",
};

export async function trackingOutcome(ctx: ChaosContext, planned: readonly Planned[]): Promise<TrackingOutcome> {
  const problems: Record<string, number> = {};
  const problem = (what: string) => (problems[what] = (problems[what] ?? 0) + 1);
  const domains = [...new Set(planned.map((p) => p.shop.domain))];
  const rows = await ctx.db.shipment.findMany({
    where: { shop: { domain: { in: domains } }, courierShipmentId: { not: null } },
    select: { id: true, courierShipmentId: true, state: true },
  });
  const stateOf = new Map(rows.map((r) => [r.courierShipmentId!, r.state]));
  const report = new Map((await ctx.shopify.report()).map((r) => [r.fulfillmentOrderGid, r]));
  let finalStateMismatches = 0;
  let truthDisagreements = 0;
  let duplicateFulfillments = 0;
  let shopifyMismatches = 0;
  for (const { shipment, fulfillmentOrderGid } of planned) {
    const truth = finalStateFromEvents(shipment.events);
    if (truth !== APP_STATE_OF[shipment.finalState]) truthDisagreements += 1;
    const actual = stateOf.get(shipment.courierId) ?? "(no row)";
    if (actual !== truth) {
      finalStateMismatches += 1;
      problem(`state ${truth ?? "(no end)"} → ${actual}`);
    }
    const order = report.get(fulfillmentOrderGid);
    if (!order) {
      shopifyMismatches += 1;
      problem("fulfillment order missing in Shopify");
      continue;
    }
    const statuses = order.eventStatuses;
    duplicateFulfillments += Math.max(0, order.fulfillments - 1) + (statuses.length - new Set(statuses).size);
    const mismatch = (what: string) => {
      shopifyMismatches += 1;
      problem(what);
    };
    if (shipment.pickedUp && order.fulfillments === 0) mismatch("picked up but not fulfilled");
    if (!shipment.pickedUp && order.fulfillments > 0) mismatch("fulfilled without a pickup");
    if (truth === "delivered" && !statuses.includes("DELIVERED")) mismatch("delivered without a DELIVERED event");
    const canceled = truth === "canceled";
    if (canceled && !order.tags.includes(ATTENTION_TAG)) mismatch("canceled without the attention tag");
    if (!canceled && order.tags.includes(ATTENTION_TAG)) mismatch("attention tag without a cancellation");
  }
  const unappliedEvents = await ctx.db.courierEvent.count({
    where: { appliedAt: null, shipment: { shop: { domain: { in: domains } } } },
  });
  return {
    shipments: planned.length,
    finalStateMismatches,
    truthDisagreements,
    duplicateFulfillments,
    shopifyMismatches,
    unappliedEvents,
    problems,
  };
}
