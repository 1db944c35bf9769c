/**
 * Which Shopify Flow triggers a shipment's step fires, and with what payload (pure). Each occurrence
 * has a key: its job's unique key, so the trigger is sent once however often the courier repeats the
 * event that caused it, or a run applies it again. An occurrence belongs to one courier shipment: a
 * repost that expires in turn is a new occurrence.
 */
import { asOneLine, type AttentionCode, type FlowTrigger } from "~/shopify-admin/flow-trigger-payloads";
import type { ShipmentState } from "~/shipments/states";
import type { Transition } from "./state-machine";

export type ShipmentForFlow = {
  id: string;
  orderGid: string;
  courierShipmentId: string | null;
  trackingNumber: string | null;
  pickupAfter: Date | null;
};

/**
 * `waitsForRepost`: an expiry, which the courier may answer with a repost (an account option); the
 * trigger waits for that and is dropped when a repost took over, as the delivery goes on.
 */
export type FlowOccurrence = { key: string; trigger: FlowTrigger; waitsForRepost?: true };

const oneLine = (text: string | null) => asOneLine(text ?? "");

/**
 * Flow's order reference: the order's numeric id (the last part of its global id), as text, digits
 * exactly (ids go above 2^53). Never throws: this runs while courier events are applied, and a
 * trigger must not stop them; a malformed id is refused by the trigger's own job (parseFlowTrigger),
 * which then dies where staff see it.
 */
export function orderIdOf(orderGid: string): string {
  return orderGid.slice(orderGid.lastIndexOf("/") + 1);
}

function common(shipment: ShipmentForFlow) {
  return {
    order_id: orderIdOf(shipment.orderGid),
    "Shipment ID": oneLine(shipment.courierShipmentId),
    "Tracking number": oneLine(shipment.trackingNumber),
  };
}

const keyOf = (handle: string, shipment: ShipmentForFlow, detail?: string) =>
  [handle, shipment.id, shipment.courierShipmentId ?? "none", ...(detail ? [detail] : [])].join(":");

export function needsAttentionTrigger(shipment: ShipmentForFlow, code: AttentionCode, reason: string): FlowOccurrence {
  return {
    key: keyOf("delivery-needs-attention", shipment, code),
    ...(code === "expired" ? { waitsForRepost: true as const } : {}),
    trigger: {
      handle: "delivery-needs-attention",
      payload: { ...common(shipment), "Reason code": code, Reason: oneLine(reason) },
    },
  };
}

/** For the no-driver watchdog: the shipment is still without a driver near or after its pickup time. */
export function noDriverYetTrigger(shipment: ShipmentForFlow): FlowOccurrence {
  return {
    key: keyOf("delivery-no-driver-yet", shipment),
    trigger: {
      handle: "delivery-no-driver-yet",
      payload: { ...common(shipment), "Pickup after": shipment.pickupAfter?.toISOString() ?? "" },
    },
  };
}

const FAILED_STATES: ReadonlySet<ShipmentState> = new Set(["returned", "canceled"]);

/** The triggers a transition fires; `shipment` is the shipment after it. */
export function flowOccurrences(shipment: ShipmentForFlow, transition: Transition): FlowOccurrence[] {
  const occurrences: FlowOccurrence[] = [];
  const attention = transition.changes.needsAttention;
  if (attention) occurrences.push(needsAttentionTrigger(shipment, attention.code, attention.reason));
  if (!transition.stateChanged) return occurrences;
  if (transition.state === "delivered")
    occurrences.push({
      key: keyOf("delivery-delivered", shipment),
      trigger: { handle: "delivery-delivered", payload: common(shipment) },
    });
  if (FAILED_STATES.has(transition.state)) {
    const outcome =
      attention?.code === "expired" ? "expired" : transition.state === "returned" ? "returned" : "canceled";
    occurrences.push({
      key: keyOf("delivery-failed", shipment),
      ...(outcome === "expired" ? { waitsForRepost: true as const } : {}),
      trigger: {
        handle: "delivery-failed",
        payload: {
          ...common(shipment),
          Outcome: outcome,
          Reason: oneLine(attention?.reason ?? `The delivery was ${outcome}.`),
        },
      },
    });
  }
  return occurrences;
}
