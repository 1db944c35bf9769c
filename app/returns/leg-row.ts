import { recipientColumns } from "~/shipments/recipient";
import type { Shipment as CourierShipment } from "~/courier/responses";
import type { ReturnForPickup } from "~/shopify-admin/returns.server";
import type { RoundTripLeg } from "./round-trip";
import { dollarsToCents } from "~/quote/public";

/** A leg as booked: the courier's shipment, or why the courier (or the plan) refused it. */
export type BookedLeg = { leg: RoundTripLeg | null; created: CourierShipment | null; attention: string | null };

/**
 * The Shipment row of a return's leg. A collection is keyed by the first reverse fulfillment order it
 * carries, an exchange delivery by its fulfillment order (so it is the same row dispatch would write);
 * a return that planned no leg at all gets one failed collection row keyed by the return, so staff see
 * why. Pure.
 */
export function legRow(input: {
  shopId: string;
  ret: ReturnForPickup;
  generation: number;
  batchReferenceId: string | null;
  result: BookedLeg;
  fallbackKey: string;
}) {
  const { ret, result } = input;
  const leg = result.leg;
  const request = leg?.planned.request ?? null;
  const created = result.created;
  return {
    shopId: input.shopId,
    orderGid: ret.order.id,
    orderName: ret.order.name,
    customerGid: null,
    fulfillmentOrderGid: !leg ? ret.id : leg.kind === "delivery" ? leg.planned.fulfillmentOrderGid : leg.planned.keyGid,
    locationGid: leg?.planned.locationGid ?? "",
    generation: input.generation,
    idempotencyKey: request?.idempotency_key ?? input.fallbackKey,
    serviceCode: null,
    requestJson: request ? JSON.stringify(request) : null,
    ...recipientColumns(request ? JSON.stringify(request) : null, leg?.kind ?? "return_pickup"),
    pickupAfter: request ? new Date(request.pickup_after) : null,
    deliverStart: request ? new Date(request.deliver_between.start) : null,
    deliverEnd: request ? new Date(request.deliver_between.end) : null,
    kind: leg?.kind ?? "return_pickup",
    returnGid: ret.id,
    batchReferenceId: leg?.sequence ? input.batchReferenceId : null,
    batchSequence: leg?.sequence ?? null,
    reverseDeliveriesJson: leg?.kind === "return_pickup" ? JSON.stringify(leg.planned.reverseDeliveries) : null,
    ...(created
      ? {
          courierShipmentId: created.id,
          trackingNumber: created.tracking_number,
          state: "scheduled",
          priceCents: created.price !== null && created.price !== undefined ? dollarsToCents(created.price) : null,
          estimatedDistance: created.estimated_distance,
          needsAttention: false,
          attentionReason: null,
          attentionCode: null,
        }
      : { state: "failed", needsAttention: true, attentionReason: result.attention, attentionCode: "dispatch_failed" }),
  };
}
