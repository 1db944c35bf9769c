import { z } from "zod";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import type { Shipment as CourierShipment } from "~/courier/responses";
import type { Db } from "~/db/client.server";
import { sqlRows } from "~/db/direct-sql.server";
import { parseSqlRows } from "~/db/sql-row";
import { Prisma } from "@prisma/client";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { Tx } from "~/jobs/queue.server";
import { dollarsToCents, exceedsPriceTolerance, areaOf } from "~/quote/public";
import { DISPATCH_ACTIVITY } from "~/shipments/activity-kinds";
import { recipientColumns } from "~/shipments/recipient";
import { recordOnShipment } from "~/shipments/record.server";
import { legacyId } from "~/shopify-admin/global-ids";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { attachEarlyEvents } from "~/tracking/public.server";
import { redeliveryTrackingJob } from "~/tracking/public";
import { upsertShipmentByKey } from "./shipment-row.server";
import { startNoDriverWatch } from "~/watchdog/public.server";
import { customerOfOrder } from "~/webhooks/public.server";
import { radiusCheckAtDispatch } from "./dispatch-area";
import { outsideRadius } from "./dispatch-area.server";
import { enqueueOrderAnnotation } from "./enqueue-dispatch.server";
import type { FulfillmentOrderDispatchPayload } from "./jobs";
import type { PlannedShipment } from "./order-to-shipments";
import { idempotencyKey, type DispatchDeps, type DispatchPlanning } from "./plan.server";
import { priceDifferenceReason } from "./price-comparison";
import { quotedPrice } from "./quoted-price.server";
import { bookSlotPlace } from "./slot-booking.server";
import { windowMoveEntry } from "./window-move";

/**
 * Booking one planned fulfillment order with the courier and writing its shipment: the
 * fulfillment-order job's work, and the order job's own for an order with one fulfillment order
 * (no second job, no second read of the order: issue 37).
 */

const bookedRow = z.object({ id: z.string(), courierShipmentId: z.string().nullable() });

/** The shipment already booked under this idempotency key (a retry after the row was written), if any. */
export async function bookedShipment(db: Db, key: string): Promise<{ id: string } | null> {
  // Only what the check needs, in plain SQL: a third of Prisma's reading of the whole row (`npm run bench:statements`).
  const [existing] = parseSqlRows(
    bookedRow,
    await sqlRows(db, Prisma.sql`SELECT "id", "courierShipmentId" FROM "Shipment" WHERE "idempotencyKey" = ${key}`),
    "Shipment",
  );
  return existing?.courierShipmentId ? { id: existing.id } : null;
}

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
 * Creates the courier shipment of `planned` (a retry reuses the idempotency key; a 409 adopts the
 * existing one) and writes the shipment row in the transaction that completes the job, so a crash in
 * between leads to a retry that adopts, never a second shipment.
 */
export async function bookPlannedShipment(
  deps: DispatchDeps & { courier: CourierClient },
  shopDomain: string,
  payload: FulfillmentOrderDispatchPayload,
  planning: DispatchPlanning,
  planned: PlannedShipment,
  returned: { fulfillmentGid: string | null } | null,
  completeJob: (tx: Tx) => Promise<void>,
) {
  const { shop, settings, order, serviceCode, window } = planning;
  const key = idempotencyKey(shopDomain, payload.fulfillmentOrderGid, payload.generation);
  // Both reads at once: on PostgreSQL each is a round trip on the booking's path.
  const [quoted, customerGid] = await Promise.all([
    quotedPrice(
      deps.db,
      shopDomain,
      order,
      payload.fulfillmentOrderGid,
      planned.locationGid,
      serviceCode,
      deps.clock(),
    ),
    customerOfOrder(deps.db, shopDomain, order.id),
  ]);
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
    customerGid,
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
    // The shopper's tracking page, from booking on (kept by a retried dispatch); none when the
    // merchant's own tracking URL is the one shoppers get.
    const pageToken = created && settings.tracking.urlTemplate === null ? deps.pageToken : undefined;
    const saved = await upsertShipmentByKey(tx, {
      idempotencyKey: key,
      columns: row,
      newRowExtras: pageToken,
      now: deps.clock(),
    });
    if (pageToken && !saved.trackingTokenHash) {
      // A row an earlier attempt wrote without a page (not booked then): its page now.
      const page = pageToken(saved.id);
      await tx.$executeRaw`UPDATE "Shipment"
        SET "trackingTokenHash" = ${page.trackingTokenHash}, "trackingTokenSealed" = ${page.trackingTokenSealed},
          "updatedAt" = ${deps.clock()}
        WHERE "id" = ${saved.id}`;
    }
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
