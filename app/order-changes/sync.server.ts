import { RETURN_PICKUP } from "~/shipments/leg-kind";
import { retryLater } from "~/jobs/errors";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { parseShopSettings } from "~/settings/shop-settings";
import { fetchFulfillmentOrderFulfillments } from "~/shopify-admin/fulfillments.server";
import { addOrderTags } from "~/shopify-admin/order-annotations.server";
import { fetchOrderForDispatch } from "~/shopify-admin/orders.server";
import { dispatchInFlight, exchangeFulfillmentOrdersOwnedByReturns } from "./sync-reads.server";
import { ORDER_CHANGE_ACTIVITY, ORDER_CHANGE_KIND_PREFIX, awaitsRedispatch } from "~/shipments/activity-kinds";
import { decideShipment, fulfillmentOrderNow, phaseOf, type ShipmentPhase } from "./decide";
import type { OrderSyncPayload } from "./enqueue-order-sync.server";
import { impliedShipment, impliedWindow, type ImpliedShipment } from "./implied-shipment";
import { enqueueRedispatch } from "./redispatch.server";
import { parseRequest } from "~/shipments/stored-request";
import { orderDeliverySummaryJob } from "~/tracking/public";
import {
  cancel,
  flag,
  namesFor,
  raiseFlag,
  raisedByOrderChange,
  record,
  update,
  type FulfillmentOrder,
  type OrderSyncDeps,
  type ShipmentOutcome,
  type ShipmentRow,
  type SyncContext,
} from "./shipment-actions.server";
import { diffShipment } from "./shipment-diff";
import { IN_STEP_AGAIN, ORDER_CHANGE_ATTENTION } from "./wording";
import { ourShippingLine, type DeliveryWindowChoice, dispatchSettingsOf, pickupPointsOf } from "~/dispatch/public";
import { nextDispatchGeneration } from "~/dispatch/public.server";

export type { OrderSyncDeps } from "./shipment-actions.server";

/**
 * The order-change job: reads the order as it is now and brings each of its shipments in step (courier update,
 * cancel and dispatch again, or a flag for staff), then dispatches what waits (a fulfillment order released from
 * hold, moved, or new). Running it again changes nothing: a sent update is stored as the shipment's request, a flag
 * is raised once, a redispatch is marked on the shipment it replaces, and its dispatch job is unique per generation.
 */

/** While a dispatch of the order is creating shipments the sync waits, so it never compares against a half-made dispatch. */
export const DISPATCH_IN_FLIGHT_WAIT_MS = 10_000;
export const DISPATCH_IN_FLIGHT = "Waiting for this order's dispatch to finish before applying the order's changes.";

export type OrderSyncResult = {
  outcome: "not_ours" | "order_gone" | "synced";
  shipments: { shipmentId: string; outcome: ShipmentOutcome }[];
  /** Fulfillment orders whose dispatch was enqueued (again, or for the first time). */
  dispatched: string[];
};

/** The shipment of each fulfillment order's latest dispatch generation. */
function latestPerFulfillmentOrder(rows: readonly ShipmentRow[]): ShipmentRow[] {
  const latest = new Map<string, ShipmentRow>();
  for (const row of rows) {
    const current = latest.get(row.fulfillmentOrderGid);
    if (
      !current ||
      row.generation > current.generation ||
      (row.generation === current.generation && row.createdAt > current.createdAt)
    ) {
      latest.set(row.fulfillmentOrderGid, row);
    }
  }
  return [...latest.values()];
}

/** The order's window as dispatch would choose it now, picked up while `locationGid` is open. */
function freshWindow(ctx: SyncContext, locationGid: string): DeliveryWindowChoice | null {
  const window = windowForDispatch({
    now: ctx.deps.clock(),
    timeZone: ctx.shop.timezone,
    leadTimeMinutes: ctx.settings.leadTimeMinutes,
    windows: ctx.settings.deliveryWindows,
    hours: hoursOfLocations(ctx.settings.openingHours, [locationGid]),
    serviceCode: ctx.orderServiceCode,
    defaultWindowId: ctx.settings.defaultWindowId,
  });
  return window ? { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween } : null;
}

/** Whether a closed fulfillment order was fulfilled (rather than emptied by a move or a merge). */
async function closedByFulfillment(ctx: SyncContext, fulfillmentOrderGid: string): Promise<boolean> {
  const fo = await fetchFulfillmentOrderFulfillments(ctx.deps.admin, fulfillmentOrderGid);
  return Boolean(fo?.fulfillments.nodes.some((f) => f.status === "SUCCESS"));
}

async function syncShipment(ctx: SyncContext, shipment: ShipmentRow): Promise<ShipmentOutcome> {
  const phase = phaseOf(shipment.state, Boolean(shipment.courierShipmentId));
  if (phase === "ended") return "none";
  const { order } = ctx;
  const orderCancelled = Boolean(order.cancelledAt);
  const fo = order.fulfillmentOrders.nodes.find((node) => node.id === shipment.fulfillmentOrderGid);
  const needsFulfillmentCheck = fo?.status === "CLOSED" && !orderCancelled && phase !== "picked_up";
  const foNow = fulfillmentOrderNow(fo, needsFulfillmentCheck ? await closedByFulfillment(ctx, fo.id) : false);
  const requested = parseRequest(shipment.requestJson);

  let implied = null;
  let diff = null;
  if (
    requested &&
    !orderCancelled &&
    phase !== "picked_up" &&
    foNow.kind === "open" &&
    foNow.locationGid === shipment.locationGid
  ) {
    const window = impliedWindow({
      requested,
      dispatchedServiceCode: shipment.serviceCode,
      orderServiceCode: ctx.orderServiceCode,
      freshWindow: () => freshWindow(ctx, shipment.locationGid),
    });
    implied = impliedShipment({
      order,
      fulfillmentOrderGid: shipment.fulfillmentOrderGid,
      pickupPoints: ctx.pickupPoints,
      settings: dispatchSettingsOf(ctx.settings),
      window,
    });
    if (implied.kind === "request") diff = diffShipment(requested, implied.request, { timeZone: ctx.shop.timezone });
  }
  const decide = (asPhase: ShipmentPhase) =>
    decideShipment({
      phase: asPhase,
      orderCancelled,
      fulfillmentOrder: foNow,
      locationGid: shipment.locationGid,
      implied,
      diff,
    });
  const decision = decide(phase);
  const names = namesFor(ctx, shipment, fo, requested);

  switch (decision.action) {
    case "none":
      return "none";
    case "in_step":
      if (!raisedByOrderChange(shipment)) return "none";
      await record(ctx, shipment.id, ORDER_CHANGE_ACTIVITY.inStep, IN_STEP_AGAIN, {
        needsAttention: false,
        attentionReason: null,
        attentionCode: null,
      });
      return "in_step";
    case "update":
      return update(ctx, shipment, decision.diff, requested!, names);
    case "cancel":
      return cancel(ctx, shipment, decision, { phase, names, redecide: decide });
    case "flag":
      return flag(ctx, shipment, decision, names);
  }
}

/** What the order implies now for a fulfillment order: a request means it can be dispatched. */
function impliedNow(ctx: SyncContext, fulfillmentOrderGid: string) {
  const now = ctx.deps.clock();
  // Only whether a shipment can be planned matters here; the dispatch job picks the real window.
  const probe = { pickupAfter: now, deliverBetween: { start: now, end: new Date(now.getTime() + 3_600_000) } };
  return impliedShipment({
    order: ctx.order,
    fulfillmentOrderGid,
    pickupPoints: ctx.pickupPoints,
    settings: dispatchSettingsOf(ctx.settings),
    window: probe,
  });
}

function whyNotDispatchable(implied: Exclude<ImpliedShipment, { kind: "request" }>): string {
  return implied.kind === "nothing_to_ship" ? "nothing is left to deliver in this fulfillment order." : implied.reason;
}

const isOpen = (fo: FulfillmentOrder | undefined) => fo?.status === "OPEN" || fo?.status === "IN_PROGRESS";

/**
 * Dispatches what waits: a fulfillment order whose shipment was canceled to be sent again (moved,
 * released from hold, staff's cancel and re-dispatch), and a fulfillment order of a dispatched order
 * that has no shipment yet (items moved into a new one, added by an edit). Nothing while a shipment
 * of the order is still active at the courier for items that are no longer where it picks up: that
 * one is flagged, and dispatching beside it could deliver twice.
 */
async function dispatchWhatWaits(
  ctx: SyncContext,
  rows: readonly ShipmentRow[],
  latest: readonly ShipmentRow[],
): Promise<string[]> {
  const { order } = ctx;
  if (order.cancelledAt) return [];
  const dispatchedBefore = rows.filter((row) => row.courierShipmentId);
  if (dispatchedBefore.length === 0) return [];
  const byId = new Map(order.fulfillmentOrders.nodes.map((fo) => [fo.id, fo]));
  const astray = latest.some((row) => {
    const phase = phaseOf(row.state, Boolean(row.courierShipmentId));
    if (phase !== "unassigned" && phase !== "assigned") return false;
    const fo = byId.get(row.fulfillmentOrderGid);
    return !isOpen(fo) || fo?.assignedLocation.location?.id !== row.locationGid;
  });

  const waiting: { fulfillmentOrderGid: string; serviceCode: string | null; replaces?: string }[] = [];
  for (const row of latest) {
    const fo = byId.get(row.fulfillmentOrderGid);
    if (row.state !== "canceled" || !awaitsRedispatch(row.activities) || !isOpen(fo)) continue;
    const implied = impliedNow(ctx, row.fulfillmentOrderGid);
    if (implied.kind === "request") {
      waiting.push({ fulfillmentOrderGid: row.fulfillmentOrderGid, serviceCode: row.serviceCode, replaces: row.id });
    } else {
      const text = `${ORDER_CHANGE_ATTENTION}the delivery was canceled to be sent again, but it cannot be dispatched as the order stands: ${whyNotDispatchable(implied)} Fix it, then use Dispatch now.`;
      await raiseFlag(ctx, row, ORDER_CHANGE_ACTIVITY.notRedispatched, { timeline: text, attention: text });
    }
  }
  if (!astray) {
    const known = new Set(rows.map((row) => row.fulfillmentOrderGid));
    const serviceCode = [...dispatchedBefore].sort((a, b) => b.generation - a.generation)[0]!.serviceCode;
    const unknown = order.fulfillmentOrders.nodes.filter(
      (fo) => !known.has(fo.id) && isOpen(fo) && impliedNow(ctx, fo.id).kind === "request",
    );
    const returnsOwn = await exchangeFulfillmentOrdersOwnedByReturns(ctx, unknown.length > 0);
    for (const fo of unknown) if (!returnsOwn.has(fo.id)) waiting.push({ fulfillmentOrderGid: fo.id, serviceCode });
  }
  if (waiting.length === 0) return [];

  const now = ctx.deps.clock();
  await ctx.deps.db.$transaction(async (tx) => {
    const generation = await nextDispatchGeneration(tx, ctx.shop, order.id);
    for (const item of waiting) {
      await enqueueRedispatch(ctx.deps.queue, tx, {
        shopDomain: ctx.shop.domain,
        orderGid: order.id,
        fulfillmentOrderGid: item.fulfillmentOrderGid,
        generation,
        serviceCode: item.serviceCode,
        replacesShipmentId: item.replaces,
        at: now,
      });
    }
  });
  ctx.changed = true;
  return waiting.map((item) => item.fulfillmentOrderGid);
}

/** The order page's delivery summary (its job, under the order's metafield key); the attention tag when newly flagged. */
async function annotateOrder(ctx: SyncContext) {
  await ctx.deps.queue.enqueue(orderDeliverySummaryJob(ctx.shop.domain, ctx.order.id));
  if (ctx.flagged) await addOrderTags(ctx.deps.admin, ctx.order.id, [ctx.settings.tags.attention]);
}

export async function runOrderSync(
  deps: OrderSyncDeps,
  shopDomain: string,
  payload: OrderSyncPayload,
): Promise<OrderSyncResult> {
  const nothing = (outcome: OrderSyncResult["outcome"]): OrderSyncResult => ({
    outcome,
    shipments: [],
    dispatched: [],
  });
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    include: { pickupLocations: { where: { enabled: true } } },
  });
  if (!shop || shop.uninstalledAt) return nothing("not_ours");
  if (await dispatchInFlight(deps.db, shopDomain, payload.orderGid))
    throw retryLater(DISPATCH_IN_FLIGHT, DISPATCH_IN_FLIGHT_WAIT_MS);

  const rows: ShipmentRow[] = await deps.db.shipment.findMany({
    // A return's collection follows its return, not the order's fulfillment orders (app/returns).
    where: { shopId: shop.id, orderGid: payload.orderGid, kind: { not: RETURN_PICKUP } },
    orderBy: [{ generation: "asc" }, { createdAt: "asc" }],
    include: {
      activities: {
        where: { kind: { startsWith: ORDER_CHANGE_KIND_PREFIX } },
        orderBy: { createdAt: "desc" },
        select: { kind: true, message: true },
      },
    },
  });
  if (rows.length === 0) return nothing("not_ours");
  const order = await fetchOrderForDispatch(deps.admin, payload.orderGid);
  if (!order) return nothing("order_gone");

  const settings = parseShopSettings(shop.settingsJson);
  const lines = order.shippingLines.nodes.map((l) => ({
    title: l.title,
    code: l.code ?? null,
    source: l.source ?? null,
    carrierIdentifier: l.carrierIdentifier ?? null,
  }));
  const ctx: SyncContext = {
    deps,
    shop,
    settings,
    order,
    pickupPoints: pickupPointsOf(shop.pickupLocations),
    orderServiceCode:
      ourShippingLine(
        lines,
        settings.carrierServiceName,
        settings.deliveryWindows.map((w) => w.id),
      )?.serviceCode ?? null,
    changed: false,
    flagged: false,
  };

  const latest = latestPerFulfillmentOrder(rows);
  const shipments: OrderSyncResult["shipments"] = [];
  let dispatched: string[] = [];
  let failure: unknown = null;
  try {
    for (const shipment of latest)
      shipments.push({ shipmentId: shipment.id, outcome: await syncShipment(ctx, shipment) });
    dispatched = await dispatchWhatWaits(ctx, rows, latest);
  } catch (error) {
    failure = error;
  }
  // What was done before a failure is in step already and will not be redone by the retry: annotate it now.
  if (ctx.changed) {
    try {
      await annotateOrder(ctx);
    } catch (error) {
      if (failure === null) throw error;
    }
  }
  if (failure !== null) throw failure;
  return { outcome: "synced", shipments, dispatched };
}
