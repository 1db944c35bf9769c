import { z } from "zod";
import { parseSqlRows } from "~/db/sql-row";
import { recipientColumns } from "~/shipments/recipient";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import type { Shipment as CourierShipment } from "~/courier/responses";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { Tx } from "~/jobs/queue.server";
import { legacyId } from "~/shopify-admin/global-ids";
import { priceDifferenceReason } from "./price-comparison";
import { quotedPrice } from "./quoted-price.server";
import { fetchFulfillmentOrderForDispatch, type OrderForDispatch } from "~/shopify-admin/orders.server";
import { DISPATCH_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { enqueueOrderAnnotation } from "./enqueue-dispatch.server";
import type { FulfillmentOrderDispatchPayload } from "./jobs";
import { bookSlotPlace } from "./slot-booking.server";
import { idempotencyKey, planFor, readOrder, type DispatchDeps } from "./plan.server";
import { windowMoveEntry } from "./window-move";
import { orderForRedelivery } from "./redelivery";
import { redeliveryNotBooked } from "./redelivery.server";
import { radiusCheckAtDispatch } from "./dispatch-area";
import { outsideRadius } from "./dispatch-area.server";
import { dollarsToCents, exceedsPriceTolerance, areaOf } from "~/quote/public";
import { attachEarlyEvents } from "~/tracking/public.server";
import { redeliveryTrackingJob } from "~/tracking/public";
import { startNoDriverWatch } from "~/watchdog/public.server";
import { customerOfOrder } from "~/webhooks/public.server";

const bookedRow = z.object({ id: z.string(), courierShipmentId: z.string().nullable() });

/** On 409 the first create succeeded: find that shipment by reference_id and this fulfillment order's id. */
async function adoptExisting(
  courier: CourierClient,
  order: OrderForDispatch,
  fulfillmentOrderGid: string,
  key: string,
): Promise<CourierShipment> {
  const candidates = await courier.listShipments({ referenceIds: [order.name] }, { lane: "background" });
  const foId = legacyId(fulfillmentOrderGid);
  const match =
    candidates.find((s) => (s as Record<string, unknown>).idempotency_key === key) ??
    candidates.filter((s) => s.alternate_id_2 === foId && s.state !== "canceled").at(-1);
  if (!match) throw retryLater("The courier reports this shipment exists but does not list it yet.", 5_000);
  return match;
}

function attentionFromCourier(error: CourierError): string {
  if (error.apiErrors?.some((e) => e.code === 1004))
    return `The courier cannot find the address: ${error.merchantMessage}`;
  if (error.apiErrors?.some((e) => e.code === 1005))
    return `The courier has no route between the store and the address: ${error.merchantMessage}`;
  return error.merchantMessage;
}

/**
 * The fulfillment-order job: creates the courier shipment (retries reuse the idempotency key; a 409
 * adopts the existing one) and writes the shipment row in the transaction that completes the job,
 * so a crash in between leads to a retry that adopts, never a second shipment.
 */
export async function runFulfillmentOrderDispatch(
  deps: DispatchDeps,
  shopDomain: string,
  payload: FulfillmentOrderDispatchPayload,
  completeJob: (tx: Tx) => Promise<void>,
) {
  const key = idempotencyKey(shopDomain, payload.fulfillmentOrderGid, payload.generation);
  // Only what the check needs, in plain SQL: a third of Prisma's reading of the whole row (`npm run bench:statements`).
  const [existing] = parseSqlRows(
    bookedRow,
    await deps.db.$queryRaw`SELECT "id", "courierShipmentId" FROM "Shipment" WHERE "idempotencyKey" = ${key}`,
    "Shipment",
  );
  if (existing?.courierShipmentId) return { outcome: "exists" as const, shipmentId: existing.id };
  if (!deps.courier)
    throw permanentFailure("Connect a courier account in the app's settings, then retry this dispatch.");

  // Read fresh (staff or Shopify may have changed it since the order job), and only this fulfillment order.
  const current = await fetchFulfillmentOrderForDispatch(deps.admin, payload.fulfillmentOrderGid);
  if (current && current.id !== payload.orderGid)
    throw permanentFailure("The fulfillment order belongs to another order than the one this dispatch is for.");
  const read = current ?? (await readOrder(deps, payload));
  const returned = payload.redeliveryOf ? await returnedDelivery(deps, shopDomain, payload) : null;
  const { shop, settings, order, plan, serviceCode, window } = await planFor(
    deps,
    shopDomain,
    payload,
    returned ? orderForRedelivery(read, payload.fulfillmentOrderGid) : read,
  );
  const planned = plan?.shipments.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid);
  if (!planned) {
    const reason =
      plan?.skipped.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid)?.reason ??
      plan?.needsAttention.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid)?.reason ??
      plan?.orderSkipReason ??
      "The fulfillment order no longer needs delivery.";
    await deps.db.$transaction(async (tx) => {
      await recordSkip(tx, shopDomain, payload, reason);
      if (payload.redeliveryOf)
        await redeliveryNotBooked(tx, { returnedShipmentId: payload.redeliveryOf, reason, at: deps.clock() });
      await completeJob(tx);
    });
    return { outcome: "skipped" as const, reason };
  }

  const quoted = await quotedPrice(
    deps.db,
    shopDomain,
    order,
    payload.fulfillmentOrderGid,
    planned.locationGid,
    serviceCode,
    deps.clock(),
  );
  // The area's radius, for orders whose rate did not already keep to it (app/dispatch/dispatch-area.ts).
  const area = areaOf(settings.deliveryAreas, planned.locationGid);
  const radiusCheck = radiusCheckAtDispatch({
    area,
    byStaff: Boolean(payload.manual),
    quotedAt: quoted?.quotedAt ?? null,
    settingsChangedAt: shop.updatedAt,
  });
  let created: CourierShipment | null = null;
  let attention: string | null = null;
  let outsideArea: string | null = null;
  try {
    outsideArea = await outsideRadius(deps.courier, radiusCheck, area, planned);
    if (!outsideArea) created = await deps.courier.createShipment(planned.request, { lane: "background" });
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "duplicate")
      created = await adoptExisting(deps.courier, order, payload.fulfillmentOrderGid, key);
    else if (error.kind === "validation" || error.kind === "invalid_request") attention = attentionFromCourier(error);
    else if (error.retryable) throw retryLater(error.merchantMessage, error.retryAfterMs ?? 5_000, error);
    else throw permanentFailure(error.merchantMessage, error);
  }

  const priceCents = created?.price !== null && created?.price !== undefined ? dollarsToCents(created.price) : null;
  // The tolerance compares the courier with itself (checkout's estimate, now); staff read what the shopper paid too.
  const priceFlag =
    priceCents !== null &&
    quoted !== null &&
    quoted.courierCents !== null &&
    exceedsPriceTolerance(quoted.courierCents, priceCents, settings.priceTolerance)
      ? priceDifferenceReason({
          shopperPaidCents: quoted.priceCents,
          quotedCourierCents: quoted.courierCents,
          chargedCents: priceCents,
          priceSource: quoted.priceSource,
        })
      : null;
  const row = {
    shopId: shop.id,
    orderGid: order.id,
    orderName: order.name,
    customerGid: await customerOfOrder(deps.db, shopDomain, order.id),
    fulfillmentOrderGid: payload.fulfillmentOrderGid,
    locationGid: planned.locationGid,
    generation: payload.generation,
    serviceCode,
    requestJson: JSON.stringify(planned.request),
    ...recipientColumns(JSON.stringify(planned.request)),
    pickupAfter: new Date(planned.request.pickup_after),
    deliverStart: new Date(planned.request.deliver_between.start),
    deliverEnd: new Date(planned.request.deliver_between.end),
    quotedPriceCents: quoted?.courierCents ?? null,
    quotePriceSource: quoted?.priceSource ?? null,
    shopperPriceCents: quoted?.priceCents ?? null,
    // A re-delivery goes on the returned delivery's fulfillment (redelivery.ts): no second one is made.
    ...(returned ? { fulfillmentGid: returned.fulfillmentGid } : {}),
    ...(created
      ? {
          courierShipmentId: created.id,
          trackingNumber: created.tracking_number,
          state: "scheduled",
          priceCents,
          estimatedDistance: created.estimated_distance,
          needsAttention: Boolean(priceFlag),
          attentionReason: priceFlag,
          attentionCode: priceFlag ? "price_differs" : null,
        }
      : outsideArea
        ? { state: "failed", needsAttention: true, attentionReason: outsideArea, attentionCode: "outside_area" }
        : { state: "failed", needsAttention: true, attentionReason: attention, attentionCode: "dispatch_failed" }),
  };
  const shipment = await deps.db.$transaction(async (tx) => {
    const saved = await tx.shipment.upsert({
      where: { idempotencyKey: key },
      create: { ...row, idempotencyKey: key },
      update: row,
    });
    // The shopper's tracking page, from booking on (kept by a retried dispatch); none when the
    // merchant's own tracking URL is the one shoppers get.
    if (created && deps.pageToken && !saved.trackingTokenHash && settings.tracking.urlTemplate === null)
      await tx.shipment.update({ where: { id: saved.id }, data: deps.pageToken(saved.id) });
    const at = deps.clock();
    await recordOnShipment(tx, {
      shipmentId: saved.id,
      at,
      entry: {
        kind: created ? DISPATCH_ACTIVITY.dispatched : DISPATCH_ACTIVITY.failed,
        message: created
          ? `Courier shipment ${created.id} created (tracking ${created.tracking_number ?? "pending"}).`
          : `Not dispatched: ${outsideArea ?? attention}`,
      },
    });
    const moved = created && window ? windowMoveEntry(window, shop.timezone) : null;
    // One millisecond later, so the timeline shows it after the dispatch it explains.
    if (moved) await recordOnShipment(tx, { shipmentId: saved.id, at: new Date(at.getTime() + 1), entry: moved });
    const overCapacity =
      created && window
        ? await bookSlotPlace(tx, {
            shopDomain,
            shipmentId: saved.id,
            locationGid: planned.locationGid,
            window,
            settings,
            timeZone: shop.timezone,
            at,
          })
        : null;
    if (overCapacity)
      await recordOnShipment(tx, { shipmentId: saved.id, at: new Date(at.getTime() + 2), entry: overCapacity });
    // A re-delivery: the fulfillment it goes on tracks the new shipment from now on (its own job).
    if (created && returned) await deps.queue.enqueue(redeliveryTrackingJob(shopDomain, saved.id), tx);
    // Events that arrived before this row existed (shipment.created) are attached now.
    if (created?.id) await attachEarlyEvents(tx, deps.queue, { id: shop.id, domain: shopDomain }, saved.id, created.id);
    // Its own job: a Shopify failure there is retried on its own, never lost with a completed dispatch.
    if (created) await enqueueOrderAnnotation(deps.queue, { shopDomain, orderGid: order.id }, tx);
    // Raises the driver's pay while nobody takes the shipment (app/watchdog), from its first look on.
    if (created?.id)
      await startNoDriverWatch(deps.queue, tx, {
        shopDomain,
        shipment: { id: saved.id, courierShipmentId: created.id, pickupAfter: row.pickupAfter },
        settings: settings.noDriverWatch,
        now: at,
      });
    await completeJob(tx);
    return saved;
  });

  return { outcome: created ? ("created" as const) : ("needs_attention" as const), shipmentId: shipment.id };
}

/** The returned delivery a re-delivery carries on from (same fulfillment order, same shop). */
async function returnedDelivery(deps: DispatchDeps, shopDomain: string, payload: FulfillmentOrderDispatchPayload) {
  const returned = await deps.db.shipment.findFirst({
    where: {
      id: payload.redeliveryOf,
      shop: { domain: shopDomain },
      fulfillmentOrderGid: payload.fulfillmentOrderGid,
      state: "returned",
    },
    select: { fulfillmentGid: true },
  });
  if (!returned) throw permanentFailure("The returned delivery this re-delivery is for is not in the app.");
  return returned;
}

async function recordSkip(tx: Tx, shopDomain: string, payload: FulfillmentOrderDispatchPayload, reason: string) {
  await tx.orderDispatch.upsert({
    where: {
      shopDomain_orderGid_generation: { shopDomain, orderGid: payload.orderGid, generation: payload.generation },
    },
    create: { shopDomain, orderGid: payload.orderGid, generation: payload.generation, outcome: "skipped", reason },
    update: { reason },
  });
}
