import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { Tx } from "~/jobs/queue.server";
import { componentLogger } from "~/logging/logger.server";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { hoursOfLocations } from "~/schedule/opening-hours";
import { fetchFulfillmentOrderForDispatch, type OrderForDispatch } from "~/shopify-admin/orders.server";
import { fetchReturnForPickup, type ReturnForPickup } from "~/shopify-admin/returns.server";
import { enqueueReverseDeliveryAttach } from "./enqueue.server";
import type { ReturnPickupPayload } from "./jobs";
import { legRow, type BookedLeg } from "./leg-row";
import { planReturnPickups } from "./return-to-pickups";
import { roundTripLegs, type RoundTripLeg } from "./round-trip";
import { DISPATCH_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { planShipments, type PlannedShipment, dispatchSettingsOf } from "~/dispatch/public";
import { enqueueOrderAnnotation, idempotencyKey, loadShop, type DispatchDeps } from "~/dispatch/public.server";
import { attachEarlyEvents } from "~/tracking/public.server";
import { startNoDriverWatch } from "~/watchdog/public.server";

export type BookingOutcome =
  { outcome: "exists" | "booked" | "needs_attention"; shipmentIds: string[] } | { outcome: "skipped"; reason: string };

/**
 * On 409 the first create succeeded: find that shipment by reference_id (and the leg's own key or id).
 * `formerReferences`: what legs booked before courier-reference.ts were sent as (the return's name,
 * the order's name), so a retry across that change still finds its first create.
 */
async function adoptExisting(
  courier: CourierClient,
  request: RoundTripLeg["planned"]["request"],
  formerReferences: readonly string[],
) {
  const referenceIds = [...new Set([request.reference_id, ...formerReferences])];
  const candidates = await courier.listShipments({ referenceIds }, { lane: "background" });
  const match =
    candidates.find((s) => (s as Record<string, unknown>).idempotency_key === request.idempotency_key) ??
    candidates.filter((s) => s.alternate_id_2 === request.alternate_id_2 && s.state !== "canceled").at(-1);
  if (!match) throw retryLater("The courier reports this leg exists but does not list it yet.", 5_000);
  return match;
}

/** The courier's shipment for a leg, or why it was refused (a retryable failure is thrown for the job to retry). */
async function book(courier: CourierClient, leg: RoundTripLeg, formerReferences: string[]): Promise<BookedLeg> {
  try {
    return { leg, created: await courier.createShipment(leg.planned.request, { lane: "background" }), attention: null };
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "duplicate")
      return { leg, created: await adoptExisting(courier, leg.planned.request, formerReferences), attention: null };
    if (error.kind === "validation" || error.kind === "invalid_request")
      return { leg, created: null, attention: error.merchantMessage };
    if (error.retryable) throw retryLater(error.merchantMessage, error.retryAfterMs ?? 5_000, error);
    throw permanentFailure(error.merchantMessage, error);
  }
}

/** A booked leg for the shipment's timeline; a collection says what the shop charges the customer for it. */
function bookedInWords(result: BookedLeg, batchReferenceId: string | null, chargeCents: number): string {
  const what = !batchReferenceId
    ? "Return collection"
    : result.leg?.kind === "delivery"
      ? "Exchange: new items to the customer"
      : "Exchange: returned items from the customer";
  // The batch's reference is the courier's and the app's, not a word for staff: the leg's place says it.
  const trip = batchReferenceId ? `, leg ${result.leg?.sequence} of the exchange's round trip` : "";
  const charge =
    result.leg?.kind === "return_pickup" && chargeCents > 0
      ? ` The shop charges the customer $${(chargeCents / 100).toFixed(2)} for it: deduct it when refunding the return.`
      : "";
  return `${what}: courier shipment ${result.created!.id} created (tracking ${result.created!.tracking_number ?? "pending"})${trip}.${charge}`;
}

/**
 * The fulfillment orders the order's own dispatch already delivers (a live delivery that is no leg of
 * this return): without courier returns the order's sync dispatches an exchange's items, and a later
 * booking of the return must not book them a second time.
 */
async function deliveredByTheOrder(deps: DispatchDeps, shopId: string, ret: ReturnForPickup, gids: string[]) {
  if (gids.length === 0) return new Set<string>();
  const rows = await deps.db.shipment.findMany({
    where: {
      shopId,
      fulfillmentOrderGid: { in: gids },
      kind: "delivery",
      state: { not: "canceled" },
      OR: [{ returnGid: null }, { returnGid: { not: ret.id } }],
    },
    select: { fulfillmentOrderGid: true },
  });
  return new Set(rows.map((row) => row.fulfillmentOrderGid));
}

/** The exchange's new items as dispatch reads them: each fulfillment order of the order holding them. */
async function exchangeOrders(deps: DispatchDeps, shopId: string, ret: ReturnForPickup) {
  const newLines = new Set(ret.exchangeLineItems.nodes.flatMap((item) => (item.lineItems ?? []).map((l) => l.id)));
  const holding = ret.order.fulfillmentOrders.nodes.filter((fo) =>
    fo.lineItems.nodes.some((line) => newLines.has(line.lineItem.id)),
  );
  const delivered = await deliveredByTheOrder(
    deps,
    shopId,
    ret,
    holding.map((fo) => fo.id),
  );
  const fulfillmentOrders = holding.filter((fo) => !delivered.has(fo.id));
  const blocked: string[] = [];
  if (newLines.size > 0 && holding.length === 0)
    blocked.push("Shopify has no fulfillment order for the exchange's new items yet.");
  const orders: OrderForDispatch[] = [];
  for (const fo of fulfillmentOrders) {
    const order = await fetchFulfillmentOrderForDispatch(deps.admin, fo.id);
    if (order) orders.push(order);
    else blocked.push("Shopify has no such fulfillment order for the exchange.");
  }
  return { orders, blocked };
}

/**
 * The booking job of one return and generation: plans the collections (and an exchange's deliveries,
 * as one round trip), creates each leg at the courier with its own idempotency key (a 409 adopts the
 * leg already created, by reference_id), and writes every leg's row in the transaction that completes
 * the job: a crash in between leads to a retry that adopts, never a second leg.
 */
export async function runReturnPickupBooking(
  deps: DispatchDeps,
  shopDomain: string,
  payload: ReturnPickupPayload,
  completeJob: (tx: Tx) => Promise<void>,
): Promise<BookingOutcome> {
  const { shop, settings, pickupPoints } = await loadShop(deps.db, shopDomain);
  const booked = await deps.db.shipment.findMany({
    where: { shopId: shop.id, returnGid: payload.returnGid, generation: payload.generation },
    select: { id: true },
  });
  if (booked.length > 0) return { outcome: "exists", shipmentIds: booked.map((s) => s.id) };
  const skip = async (reason: string): Promise<BookingOutcome> => {
    await deps.db.$transaction((tx) => completeJob(tx));
    componentLogger("returns").info("Return not collected by the courier", {
      shopDomain,
      returnGid: payload.returnGid,
      reason,
    });
    return { outcome: "skipped", reason };
  };
  if (!settings.courierReturns.enabled && !payload.byStaff) return skip("The shop does not offer courier returns.");
  if (!deps.courier) throw permanentFailure("Connect a courier account in the app's settings, then book the pickup.");
  const ret = await fetchReturnForPickup(deps.admin, payload.returnGid);
  if (!ret) throw permanentFailure("Shopify has no such return.");
  if (ret.order.id !== payload.orderGid) throw permanentFailure("The return belongs to another order.");
  if (ret.status !== "OPEN") return skip(`The return is ${ret.status.toLowerCase()}.`);

  const dispatchSettings = dispatchSettingsOf(settings);
  const receiving = settings.courierReturns.receivingLocationGids;
  const exchange = await exchangeOrders(deps, shop.id, ret);
  const exchangeLocations = exchange.orders.flatMap((order) =>
    order.fulfillmentOrders.nodes.flatMap((fo) => fo.assignedLocation.location?.id ?? []),
  );
  const window = windowForDispatch({
    now: deps.clock(),
    timeZone: shop.timezone,
    leadTimeMinutes: settings.leadTimeMinutes,
    windows: settings.deliveryWindows,
    hours: hoursOfLocations(settings.openingHours, [...receiving, ...exchangeLocations]),
    serviceCode: null,
    defaultWindowId: settings.defaultWindowId,
  });
  if (!window) return skip("The receiving locations do not open soon enough for a collection.");
  const key = (gid: string) => idempotencyKey(shopDomain, gid, payload.generation);

  const deliveries: PlannedShipment[] = [];
  const collection = planReturnPickups({
    ret,
    receivingLocationGids: receiving,
    pickupPoints,
    settings: dispatchSettings,
    window: window.deliverBetween,
    idempotencyKeyFor: key,
  });
  for (const order of exchange.orders) {
    const plan = planShipments({
      order,
      pickupPoints,
      settings: dispatchSettings,
      window: { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween },
      idempotencyKeyFor: key,
    });
    const reasons = [plan.orderSkipReason, ...[...plan.skipped, ...plan.needsAttention].map((s) => s.reason)];
    const problem = reasons.filter(Boolean).join(" ");
    if (problem) exchange.blocked.push(`The exchange's new items cannot go with the collection: ${problem}`);
    deliveries.push(...plan.shipments);
  }
  const trip = roundTripLegs({
    returnGid: ret.id,
    returnName: ret.name,
    orderName: ret.order.name,
    generation: payload.generation,
    deliveries: exchange.blocked.length > 0 ? [] : deliveries,
    collections: collection.collections,
  });

  // An exchange is one visit: while its new items cannot travel, nothing is booked and staff are told why.
  const results: BookedLeg[] = [];
  for (const leg of trip.legs) {
    if (exchange.blocked.length > 0) results.push({ leg, created: null, attention: exchange.blocked.join(" ") });
    else results.push(await book(deps.courier, leg, [ret.name, ret.order.name]));
  }
  const planProblem = collection.attention.join(" ");

  const charge = settings.courierReturns.customerChargeCents;
  const rows = await deps.db.$transaction(async (tx) => {
    const at = deps.clock();
    const saved = [];
    const legs =
      results.length > 0
        ? results
        : [{ leg: null, created: null, attention: planProblem || "Nothing in the return can be collected." }];
    for (const [index, result] of legs.entries()) {
      const row = legRow({
        shopId: shop.id,
        ret,
        generation: payload.generation,
        batchReferenceId: trip.batchReferenceId,
        result,
        fallbackKey: key(ret.id),
      });
      const shipment = await tx.shipment.upsert({
        where: { idempotencyKey: row.idempotencyKey },
        create: row,
        update: row,
      });
      saved.push(shipment.id);
      await recordOnShipment(tx, {
        shipmentId: shipment.id,
        at: new Date(at.getTime() + index),
        entry: {
          kind: result.created ? DISPATCH_ACTIVITY.dispatched : DISPATCH_ACTIVITY.failed,
          message: result.created
            ? bookedInWords(result, trip.batchReferenceId, charge)
            : `Not booked: ${result.attention}`,
        },
      });
      if (!result.created) continue;
      await attachEarlyEvents(tx, deps.queue, { id: shop.id, domain: shopDomain }, shipment.id, result.created.id);
      await startNoDriverWatch(deps.queue, tx, {
        shopDomain,
        shipment: { id: shipment.id, courierShipmentId: result.created.id, pickupAfter: row.pickupAfter! },
        settings: settings.noDriverWatch,
        now: at,
      });
      if (result.leg?.kind === "return_pickup")
        await enqueueReverseDeliveryAttach(deps.queue, { shopDomain, shipmentId: shipment.id }, tx);
      else await enqueueOrderAnnotation(deps.queue, { shopDomain, orderGid: ret.order.id }, tx);
    }
    await completeJob(tx);
    return saved;
  });
  const anyFailed = results.length === 0 || results.some((r) => !r.created);
  return { outcome: anyFailed ? "needs_attention" : "booked", shipmentIds: rows };
}
