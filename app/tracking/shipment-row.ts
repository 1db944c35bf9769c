import type { Shipment } from "@prisma/client";
import type { ShipmentState } from "~/shipments/states";
import { deliveryVerdictOf, paidToDeliveredMinutesOf, type VerdictFacts } from "~/shipments/delivery-verdict";
import type { ShipmentFacts, Transition } from "./state-machine";

/**
 * Between the stored Shipment row and the state machine, both ways: the facts a courier event is judged
 * against, and the row update a transition asks for. Pure; used by the apply run (apply.server.ts).
 */

export function factsOf(shipment: Shipment): ShipmentFacts {
  return {
    state: shipment.state as ShipmentState,
    hasFulfillment: Boolean(shipment.fulfillmentGid),
    stateChangedAt: shipment.lastEventAt,
    lastTrackingEventAt: shipment.lastTrackingEventAt,
    deliveredEventSent: shipment.state === "delivered",
    deliverEnd: shipment.deliverEnd,
    delayedEventSent: shipment.delayedEventAt !== null,
    needsAttention: shipment.needsAttention,
  };
}

export function shipmentUpdate(shipment: Shipment, transition: Transition, occurredAt: Date) {
  const c = transition.changes;
  return {
    ...(transition.stateChanged ? { state: transition.state, lastEventAt: occurredAt } : {}),
    ...(c.driverName !== undefined ? { driverName: c.driverName } : {}),
    ...(c.driverPhone !== undefined ? { driverPhone: c.driverPhone } : {}),
    ...(c.vehicle !== undefined ? { vehicleJson: c.vehicle ? JSON.stringify(c.vehicle) : null } : {}),
    ...(c.signatoryName ? { signatoryName: c.signatoryName } : {}),
    ...(c.photoUrls
      ? {
          photosJson: JSON.stringify([
            ...new Set([...(JSON.parse(shipment.photosJson ?? "[]") as string[]), ...c.photoUrls]),
          ]),
        }
      : {}),
    ...(c.latitude !== undefined ? { lastLatitude: c.latitude, lastLongitude: c.longitude } : {}),
    ...(c.eta ? { etaAt: c.eta } : {}),
    ...(c.groupId ? { groupId: c.groupId } : {}),
    ...(c.lastTrackingEventAt ? { lastTrackingEventAt: c.lastTrackingEventAt } : {}),
    ...(c.delayedEventSent ? { delayedEventAt: occurredAt } : {}),
    ...(c.replacedByCourierId
      ? { courierShipmentId: c.replacedByCourierId, replacedByCourierId: shipment.courierShipmentId }
      : {}),
    ...(c.trackingNumber ? { trackingNumber: c.trackingNumber } : {}),
    ...(c.clearAttention ? { needsAttention: false, attentionReason: null, attentionCode: null } : {}),
    ...(c.needsAttention
      ? { needsAttention: true, attentionReason: c.needsAttention.reason, attentionCode: c.needsAttention.code }
      : {}),
  };
}

/**
 * The delivery's milestone times an event sets (Insights: on time, and why late): the first driver
 * assignment, the latest arrival at pickup before the pickup, the pickup, the delivery. Each is the
 * courier's occurred_at; a time already set stays (a repeated event changes nothing). The delivery
 * also fixes its verdict and the minutes from payment (app/shipments/delivery-verdict.ts).
 */
export function milestoneUpdate(shipment: VerdictFacts, event: { name: string; occurredAt: Date }) {
  const at = event.occurredAt;
  switch (event.name) {
    case "shipment.driver_assigned":
      return shipment.driverAssignedAt ? {} : { driverAssignedAt: at };
    case "shipment.at_pickup":
      return shipment.pickedUpAt ? {} : { atPickupAt: at };
    case "shipment.pickup_confirmed":
      return shipment.pickedUpAt ? {} : { pickedUpAt: at };
    case "shipment.delivery_confirmed":
    case "shipment.delivery_confirmed_with_details": {
      if (shipment.deliveredAt) return {};
      const delivered = { ...shipment, deliveredAt: at };
      return {
        deliveredAt: at,
        deliveryVerdict: deliveryVerdictOf(delivered),
        paidToDeliveredMinutes: paidToDeliveredMinutesOf(delivered),
      };
    }
    default:
      return {};
  }
}
