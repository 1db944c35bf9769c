import { COURIER_NOT_CONNECTED } from "~/courier/errors";
import { CANCELLATION_CODES } from "~/courier/limits";
import type { CancelShipmentRequest } from "~/courier/requests";
import type { Db } from "~/db/client.server";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import { cancelAtCourier, markShipmentCanceled } from "~/shipments/cancel.server";
import { recordOnShipment, type TimelineEntry } from "~/shipments/record.server";
import { ORDER_CHANGE_ACTIVITY, parseFlaggedKind, REDISPATCH_AFTER_CANCEL_KIND } from "~/shipments/activity-kinds";
import { phaseOf, type ChangeCause, type FlagCause } from "./decide";
import { enqueueOrderSync } from "./enqueue-order-sync.server";
import { cancellationFor, feeInWords } from "./wording";
import { enqueueFulfillmentOrderDispatch } from "~/dispatch/public.server";

/**
 * Dispatching a fulfillment order again after its shipment was canceled for an order change, as a
 * new dispatch generation: a new idempotency key, so the courier does not take the new shipment for
 * a repeat of the canceled one.
 */

/**
 * Enqueues the fulfillment order's dispatch in `generation`, in the window kind the shipment had
 * (its service code: the shopper's choice, or the one staff chose), and marks the canceled shipment
 * as dispatched again so it is never dispatched twice.
 */
export async function enqueueRedispatch(
  queue: JobQueue,
  tx: Tx,
  input: {
    shopDomain: string;
    orderGid: string;
    fulfillmentOrderGid: string;
    generation: number;
    serviceCode: string | null;
    replacesShipmentId?: string;
    at: Date;
  },
) {
  await enqueueFulfillmentOrderDispatch(
    queue,
    {
      shopDomain: input.shopDomain,
      orderGid: input.orderGid,
      fulfillmentOrderGid: input.fulfillmentOrderGid,
      generation: input.generation,
      manual: { serviceCode: input.serviceCode },
    },
    tx,
  );
  if (input.replacesShipmentId) {
    await recordOnShipment(tx, {
      shipmentId: input.replacesShipmentId,
      at: input.at,
      entry: {
        kind: ORDER_CHANGE_ACTIVITY.redispatched,
        message: `Dispatched again as a new shipment (dispatch ${input.generation}) with the order's current details.`,
      },
    });
  }
}

export type RedispatchDeps = { db: Db; queue: JobQueue; courierFor: CourierForShop; clock: () => Date };

export type RedispatchRefusal = "not_found" | "picked_up" | "ended" | "no_courier";

/** Why staff's "cancel and re-dispatch" was refused, in the merchant's words. */
export class RedispatchRefused extends Error {
  constructor(
    message: string,
    readonly reason: RedispatchRefusal,
  ) {
    super(message);
    this.name = "RedispatchRefused";
  }
}

export const REDISPATCH_REFUSED = {
  notFound: "This delivery was not found in your store.",
  pickedUp: "The driver has already picked up the items: this delivery can no longer be canceled or sent again.",
  delivered: "This delivery was already completed.",
  ended: "This delivery has already ended: use Dispatch now to send a new one.",
  noCourier: COURIER_NOT_CONNECTED,
} as const;

function endedRefusal(state: string): RedispatchRefused {
  return state === "delivered" || state === "returned"
    ? new RedispatchRefused(REDISPATCH_REFUSED.delivered, "ended")
    : new RedispatchRefused(REDISPATCH_REFUSED.ended, "ended");
}

/** The cancellation fitting the order change the shipment was flagged for (default: "other", explained). */
function cancellationForFlag(kinds: readonly string[]): CancelShipmentRequest {
  for (const kind of kinds) {
    const flagged = parseFlaggedKind(kind);
    if (!flagged) continue;
    const code = flagged.cancellationCode;
    if (code && code !== "other" && (CANCELLATION_CODES as readonly string[]).includes(code)) {
      return { cancellation_code: code as (typeof CANCELLATION_CODES)[number] };
    }
    return cancellationFor(flagged.cause as ChangeCause | FlagCause);
  }
  return {
    cancellation_code: "other",
    cancellation_comment: "The store canceled this shipment to send it again with the order's current details.",
  };
}

/**
 * Staff's "cancel and re-dispatch" (offered when a change could not reach the courier because a
 * driver was assigned): cancels at the courier with a code fitting the change, then the order's
 * sync dispatches the fulfillment order again as a new generation with the order's current details
 * (at once, or when a hold is released). Refused after pickup.
 */
export async function cancelAndRedispatch(
  deps: RedispatchDeps,
  shopDomain: string,
  shipmentId: string,
): Promise<{ cancellationFee: number | null; alreadyCanceled: boolean }> {
  const shipment = await deps.db.shipment.findFirst({
    where: { id: shipmentId, shop: { domain: shopDomain } },
    include: {
      activities: {
        where: { kind: { startsWith: ORDER_CHANGE_ACTIVITY.flaggedPrefix } },
        orderBy: { createdAt: "desc" },
        select: { kind: true },
      },
    },
  });
  if (!shipment) throw new RedispatchRefused(REDISPATCH_REFUSED.notFound, "not_found");
  const phase = phaseOf(shipment.state, Boolean(shipment.courierShipmentId));
  if (phase === "picked_up") throw new RedispatchRefused(REDISPATCH_REFUSED.pickedUp, "picked_up");
  if (phase === "ended") {
    const queued =
      shipment.state === "canceled" &&
      (await redispatchCanceled(deps, {
        shopDomain,
        shipmentId: shipment.id,
        entry: { kind: REDISPATCH_AFTER_CANCEL_KIND, message: REDISPATCH_AFTER_CANCEL_WORDS },
      }));
    if (!queued) throw endedRefusal(shipment.state);
    return { cancellationFee: null, alreadyCanceled: true };
  }
  const courier = await deps.courierFor(shopDomain);
  if (!courier) throw new RedispatchRefused(REDISPATCH_REFUSED.noCourier, "no_courier");

  const outcome = await cancelAtCourier(
    courier,
    shipment.courierShipmentId!,
    cancellationForFlag(shipment.activities.map((a) => a.kind)),
  );
  if (!outcome.canceled) throw new RedispatchRefused(REDISPATCH_REFUSED.pickedUp, "picked_up");

  const now = deps.clock();
  await deps.db.$transaction(async (tx) => {
    await markShipmentCanceled(tx, {
      shipmentId: shipment.id,
      at: now,
      entry: {
        kind: ORDER_CHANGE_ACTIVITY.staffCancelRedispatch,
        message: `Canceled by staff to dispatch again with the order's current details.${feeInWords(outcome.cancellationFee, phase === "assigned")}`,
      },
      followedBy: { kind: ORDER_CHANGE_ACTIVITY.redispatchPending, message: "Waiting to be dispatched again." },
    });
    await enqueueOrderSync(
      deps.queue,
      { shopDomain, orderGid: shipment.orderGid, dedupeKey: `redispatch:${shipment.id}` },
      tx,
    );
  });
  return { cancellationFee: outcome.cancellationFee, alreadyCanceled: false };
}

/** Staff's dispatch again of a delivery already canceled (by the courier: an expiry, a driver's cancel). */
export const REDISPATCH_AFTER_CANCEL_WORDS =
  "Dispatch again asked by staff: the delivery goes into the next window still open, with the order's current details.";

/**
 * Dispatching again a shipment that is canceled already (nothing to cancel at the courier): the same
 * way as after staff's cancel and re-dispatch (a "waiting to be dispatched again" marker, then the
 * order's sync, which dispatches a new generation with its own idempotency key unless the order was
 * canceled or the fulfillment order closed meanwhile). The shipment's attention is over: the new
 * shipment carries on. Only the latest shipment of its fulfillment order, and only once: false when
 * a later one exists or this one already waits or was dispatched again.
 */
export async function redispatchCanceled(
  deps: { db: Db; queue: JobQueue; clock: () => Date },
  input: { shopDomain: string; shipmentId: string; entry: TimelineEntry },
): Promise<boolean> {
  const at = deps.clock();
  return deps.db.$transaction(async (tx) => {
    const shipment = await tx.shipment.findFirst({
      where: { id: input.shipmentId, shop: { domain: input.shopDomain }, state: "canceled" },
      include: {
        activities: {
          where: { kind: { in: [ORDER_CHANGE_ACTIVITY.redispatchPending, ORDER_CHANGE_ACTIVITY.redispatched] } },
          orderBy: { createdAt: "desc" },
          select: { kind: true },
        },
      },
    });
    // A marker means it already waits, or was dispatched again: once only.
    if (!shipment || shipment.activities.length > 0) return false;
    const later = await tx.shipment.count({
      where: {
        shopId: shipment.shopId,
        fulfillmentOrderGid: shipment.fulfillmentOrderGid,
        generation: { gt: shipment.generation },
      },
    });
    if (later > 0) return false;
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at,
      data: { needsAttention: false, attentionReason: null, attentionCode: null },
      entry: input.entry,
    });
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at: new Date(at.getTime() + 1),
      entry: { kind: ORDER_CHANGE_ACTIVITY.redispatchPending, message: "Waiting to be dispatched again." },
    });
    await enqueueOrderSync(
      deps.queue,
      {
        shopDomain: input.shopDomain,
        orderGid: shipment.orderGid,
        dedupeKey: `redispatch-canceled:${shipment.id}:${shipment.courierShipmentId ?? "none"}`,
      },
      tx,
    );
    return true;
  });
}
