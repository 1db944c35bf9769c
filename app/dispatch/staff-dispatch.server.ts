import type { CourierClient } from "~/courier/client.server";
import { COURIER_NOT_CONNECTED, CourierError, isAddressProblem } from "~/courier/errors";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { openWindows } from "~/schedule/windows";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderForDispatch } from "~/shopify-admin/orders.server";
import { enqueueOrderDispatch } from "./enqueue-dispatch.server";
import { DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "./jobs";
import { idempotencyKey } from "./plan.server";
import { dispatchUnderWay, nextDispatchGeneration } from "./generation.server";
import { outsideAreaNote } from "./dispatch-area";
import { planShipments, type PickupPoint } from "./order-to-shipments";
import { dispatchSettingsOf, pickupPointsOf } from "./shop-dispatch-settings";
import { dollarsToCents } from "~/quote/public";
import { orderForRedelivery } from "./redelivery";

/**
 * What staff do from the order page and the orders list: a fresh quote per open window, and
 * "dispatch now" — the same dispatch jobs as a paid order, as a new generation so the courier does
 * not take it for a duplicate of an earlier, canceled shipment.
 */

/** Shipments in these states are in progress or done: a new dispatch would deliver twice. */
export const ACTIVE_STATES = ["scheduled", "assigned", "en_route", "attempted", "delivered"];
/**
 * How long "dispatch now" waits for the worker before it answers that the dispatch is still running
 * (the page shows it on reload): under the 5 s every staff call is answered within (`npm run fuzz`;
 * 10 s, before, was past it whenever the worker was busy).
 */
export const DISPATCH_WAIT_MS = 4_000;

export type StaffDispatchDeps = {
  db: Db;
  queue: JobQueue;
  clock: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /**
   * The request's Admin API access: the order is looked up before anything is written, so an order
   * Shopify does not have is refused (404) without a job or a staff record left behind.
   */
  admin?: AdminGraphql;
};

export class DispatchRefused extends Error {
  constructor(
    message: string,
    readonly reason: "already_dispatched" | "not_eligible" | "no_courier" | "unknown_shop" | "unknown_order",
  ) {
    super(message);
    this.name = "DispatchRefused";
  }
}

/** The generation a new dispatch of the order gets, or why it may not be dispatched again. */
export async function nextGeneration(db: Db, shop: { id: string; domain: string }, orderGid: string): Promise<number> {
  const active = await db.shipment.findFirst({
    where: { shopId: shop.id, orderGid, courierShipmentId: { not: null }, state: { in: ACTIVE_STATES } },
    select: { state: true },
  });
  if (active) {
    throw new DispatchRefused(
      active.state === "delivered"
        ? "This order was already delivered."
        : "This order already has a delivery in progress.",
      "already_dispatched",
    );
  }
  if (await dispatchUnderWay(db, shop.domain, orderGid)) {
    throw new DispatchRefused(
      "A dispatch of this order is already under way. Reload in a moment to see it.",
      "already_dispatched",
    );
  }
  return nextDispatchGeneration(db, shop, orderGid);
}

export type QuotedWindow = {
  serviceCode: string;
  windowId: string;
  deliverStart: Date;
  deliverEnd: Date;
  priceCents: number;
};

/**
 * A fresh courier estimate for each window open now, summed over the order's pickup locations. An address
 * outside a location's delivery area is quoted all the same (staff dispatch by hand deliberately), with
 * `areaNote` saying which rule it breaks: the ZIP from the order, the radius from these estimates' distance.
 */
export async function quoteOrder(
  deps: { db: Db; admin: AdminGraphql; courier: CourierClient | null; clock: () => Date },
  input: {
    shopDomain: string;
    orderGid: string;
    /** Price a re-delivery of this returned fulfillment order's items instead (redelivery.ts). */
    redeliveryOf?: { fulfillmentOrderGid: string };
  },
): Promise<{
  windows: QuotedWindow[];
  unavailableReason: string | null;
  areaNote: string | null;
  currencyCode: string;
}> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: input.shopDomain },
    include: { pickupLocations: { where: { enabled: true } } },
  });
  if (!shop) throw new DispatchRefused("The shop has not installed the app.", "unknown_shop");
  if (!deps.courier) throw new DispatchRefused(COURIER_NOT_CONNECTED, "no_courier");
  const settings = parseShopSettings(shop.settingsJson);
  const read = await fetchOrderForDispatch(deps.admin, input.orderGid);
  const order = read && input.redeliveryOf ? orderForRedelivery(read, input.redeliveryOf.fulfillmentOrderGid) : read;
  if (!order)
    return {
      windows: [],
      unavailableReason: "Shopify has no such order.",
      areaNote: null,
      currencyCode: shop.currency,
    };
  const pickupPoints: ReadonlyMap<string, PickupPoint> = pickupPointsOf(shop.pickupLocations);
  const now = deps.clock();
  // The windows every location of the order can serve, as checkout offers them.
  const locationGids = order.fulfillmentOrders.nodes.flatMap((fo) => fo.assignedLocation.location?.id ?? []);
  const open = openWindows({
    now,
    timeZone: shop.timezone,
    leadTimeMinutes: settings.leadTimeMinutes,
    windows: settings.deliveryWindows,
    hours: hoursOfLocations(settings.openingHours, locationGids),
  });
  const windows: QuotedWindow[] = [];
  let areaNote: string | null = null;
  let reason: string | null = open.length ? null : "No delivery window is open now.";
  for (const window of open) {
    // Staff decide the area themselves: an address outside it is quoted, with a note saying so.
    const plan = planShipments({
      order,
      pickupPoints,
      settings: { ...dispatchSettingsOf(settings), deliveryAreas: [] },
      window: { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween },
      idempotencyKeyFor: (fo) => idempotencyKey(input.shopDomain, fo, 0),
    });
    reason =
      plan.orderSkipReason ??
      plan.needsAttention[0]?.reason ??
      (plan.shipments.length ? null : (plan.skipped[0]?.reason ?? "Nothing to deliver."));
    if (reason) break;
    try {
      let cents = 0;
      for (const planned of plan.shipments) {
        const { items, pickup_location, delivery_location, pickup_after, deliver_between } = planned.request;
        const estimate = await deps.courier.estimate(
          { items, pickup_location, delivery_location, pickup_after, deliver_between },
          { lane: "quote" },
        );
        cents += estimate.price === null ? 0 : dollarsToCents(estimate.price);
        areaNote ??= outsideAreaNote(settings.deliveryAreas, planned, estimate.estimated_distance ?? null);
      }
      windows.push({
        serviceCode: window.serviceCode,
        windowId: window.windowId,
        deliverStart: window.deliverBetween.start,
        deliverEnd: window.deliverBetween.end,
        priceCents: cents,
      });
    } catch (error) {
      if (error instanceof CourierError && isAddressProblem(error)) {
        reason = "The courier cannot deliver to this address (not found, or no route from the store).";
        break;
      }
      throw error;
    }
  }
  return {
    windows: reason ? [] : windows,
    unavailableReason: reason,
    areaNote: reason ? null : areaNote,
    currencyCode: shop.currency,
  };
}

/**
 * Dispatches the order now in the window staff chose: enqueues the dispatch jobs (the worker
 * creates the courier shipments exactly as for a paid order) and waits briefly for them.
 */
export async function dispatchNow(
  deps: StaffDispatchDeps,
  input: { shopDomain: string; orderGid: string; serviceCode: string | null; waitMs?: number },
) {
  const shop = await deps.db.shop.findUnique({
    where: { domain: input.shopDomain },
    select: { id: true, domain: true, courierTokenEncrypted: true },
  });
  if (!shop) throw new DispatchRefused("The shop has not installed the app.", "unknown_shop");
  if (!shop.courierTokenEncrypted) throw new DispatchRefused(COURIER_NOT_CONNECTED, "no_courier");
  if (deps.admin && !(await fetchOrderForDispatch(deps.admin, input.orderGid)))
    throw new DispatchRefused("Shopify has no such order.", "unknown_order");
  const generation = await nextGeneration(deps.db, shop, input.orderGid);
  await enqueueOrderDispatch(deps.queue, {
    shopDomain: input.shopDomain,
    orderGid: input.orderGid,
    generation,
    manual: { serviceCode: input.serviceCode },
  });
  await waitForDispatch(deps, input.shopDomain, input.orderGid, generation, input.waitMs ?? DISPATCH_WAIT_MS);
  const [shipments, decision] = await Promise.all([
    deps.db.shipment.findMany({
      where: { shopId: shop.id, orderGid: input.orderGid, generation },
      orderBy: { createdAt: "asc" },
    }),
    deps.db.orderDispatch.findUnique({
      where: { shopDomain_orderGid_generation: { shopDomain: input.shopDomain, orderGid: input.orderGid, generation } },
    }),
  ]);
  return { generation, shipments, decision };
}

/** True once the order job and every fulfillment-order job of that generation have finished. */
async function waitForDispatch(
  deps: StaffDispatchDeps,
  shopDomain: string,
  orderGid: string,
  generation: number,
  waitMs: number,
) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = deps.clock().getTime() + waitMs;
  const orderKey = `dispatch:${shopDomain}:${orderGid}:${generation}`;
  while (deps.clock().getTime() < deadline) {
    const orderJob = await deps.db.job.findUnique({ where: { uniqueKey: orderKey }, select: { state: true } });
    if (orderJob && (orderJob.state === "done" || orderJob.state === "dead")) {
      const pending = await deps.db.job.count({
        where: {
          shopDomain,
          kind: DISPATCH_FULFILLMENT_ORDER_JOB,
          state: { in: ["queued", "running"] },
          uniqueKey: { endsWith: `:${generation}` },
          payloadJson: { contains: orderGid },
        },
      });
      if (pending === 0) return true;
    }
    await sleep(100);
  }
  return false;
}

export { DISPATCH_ORDER_JOB };
