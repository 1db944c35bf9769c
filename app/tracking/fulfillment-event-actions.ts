import { returnCodeInWords } from "./reason-words";
import type { FulfillmentEventStatus } from "./shopper-notices";
import type { ShipmentChanges, ShipmentFacts, ShopifyAction, TrackingEvent } from "./state-machine-types";

/** At most one IN_TRANSIT fulfillment event per shipment in this period. */
export const TRACKING_EVENT_MIN_INTERVAL_MS = 5 * 60 * 1000;

function eventAction(status: FulfillmentEventStatus, event: TrackingEvent, message?: string): ShopifyAction {
  return {
    kind: "fulfillment_event",
    status,
    happenedAt: event.occurredAt,
    ...(message ? { message } : {}),
    ...(event.latitude !== undefined && event.longitude !== undefined
      ? { latitude: event.latitude, longitude: event.longitude }
      : {}),
    ...(event.eta ? { estimatedDeliveryAt: event.eta } : {}),
  };
}

/**
 * The fulfillment events one courier event proposes on a shipment that has its fulfillment (part of
 * the state machine, state-machine.ts): the event's own status (shopper-notices.ts) once where it must
 * be once, and DELAYED once when the courier's ETA, after pickup, passes the end of the shopper's
 * window. Adds what it records to `changes`. Shopify adds only what moves its view forward
 * (shopify-timeline.ts).
 */
export function fulfillmentEventActions(
  facts: ShipmentFacts,
  event: TrackingEvent,
  step: { status: FulfillmentEventStatus | null; forward: boolean; stateAfter: string },
  changes: ShipmentChanges,
): ShopifyAction[] {
  const actions: ShopifyAction[] = [];
  switch (step.status) {
    case null:
      break;
    case "DELIVERED":
      if (!facts.deliveredEventSent) {
        const message = event.signatoryName ? `Signed by ${event.signatoryName}` : undefined;
        actions.push(eventAction("DELIVERED", event, message));
        changes.deliveredEventSent = true;
      }
      break;
    case "IN_TRANSIT": {
      const last = facts.lastTrackingEventAt?.getTime();
      if (last === undefined || event.occurredAt.getTime() - last >= TRACKING_EVENT_MIN_INTERVAL_MS) {
        actions.push(eventAction("IN_TRANSIT", event));
        changes.lastTrackingEventAt = event.occurredAt;
      }
      break;
    }
    case "ATTEMPTED_DELIVERY":
      actions.push(
        eventAction(
          "ATTEMPTED_DELIVERY",
          event,
          `Delivery attempted: ${returnCodeInWords(event.returnCode, event.returnNotes)}`,
        ),
      );
      break;
    case "FAILURE":
      if (step.forward)
        actions.push(
          eventAction(
            "FAILURE",
            event,
            event.name === "shipment.canceled"
              ? "The delivery was canceled"
              : "The delivery failed; the items are going back to the store",
          ),
        );
      break;
    default:
      actions.push(eventAction(step.status, event));
  }
  if (
    step.stateAfter === "en_route" &&
    !facts.delayedEventSent &&
    event.eta &&
    facts.deliverEnd &&
    event.eta.getTime() > facts.deliverEnd.getTime()
  ) {
    // No message: the new ETA says it, and Shopify words the status in the shopper's language.
    actions.push({
      kind: "fulfillment_event",
      status: "DELAYED",
      happenedAt: event.occurredAt,
      estimatedDeliveryAt: event.eta,
    });
    changes.delayedEventSent = true;
  }
  return actions;
}
