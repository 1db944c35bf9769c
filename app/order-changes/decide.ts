import type { ImpliedShipment } from "./implied-shipment";
import type { ShipmentDiff } from "./shipment-diff";

/**
 * What to do with one shipment when its order changed in Shopify. Pure: the shell gathers the facts
 * (the shipment's phase, the order and its fulfillment order now, the diff) and carries out the
 * decision.
 *
 * The courier's rules: an update only before a driver is assigned; a cancel only before pickup,
 * with a fee once the driver is heading to pickup. So:
 * - before assignment, the app follows the order by itself (update, or cancel and dispatch again);
 * - after assignment, only a cancelled order is cancelled by itself (the order is gone; a fee is
 *   unavoidable); every other change is flagged for staff, who may cancel and re-dispatch;
 * - after pickup nothing can change at the courier: a cancelled order is flagged for staff.
 */

export type ShipmentPhase = "unassigned" | "assigned" | "picked_up" | "ended";

/** Where the shipment stands at the courier, from its state (a shipment never created has ended). */
export function phaseOf(state: string, hasCourierShipment: boolean): ShipmentPhase {
  if (!hasCourierShipment) return "ended";
  switch (state) {
    case "pending":
    case "scheduled":
      return "unassigned";
    case "assigned":
      return "assigned";
    case "en_route":
    case "attempted":
      return "picked_up";
    default:
      return "ended";
  }
}

/** The shipment's fulfillment order as Shopify has it now. */
export type FulfillmentOrderNow =
  | { kind: "open"; locationGid: string | null }
  | { kind: "on_hold" }
  | { kind: "cancelled" }
  /** Closed: fulfilled (by someone else than this shipment), or emptied by a move or merge. */
  | { kind: "closed"; fulfilled: boolean }
  /** No longer listed on the order. */
  | { kind: "gone" }
  /** Scheduled or incomplete: nothing for the courier to do differently. */
  | { kind: "other" };

export function fulfillmentOrderNow(
  fo: { status: string; assignedLocation: { location?: { id: string } | null } } | undefined,
  fulfilled = false,
): FulfillmentOrderNow {
  if (!fo) return { kind: "gone" };
  switch (fo.status) {
    case "OPEN":
    case "IN_PROGRESS":
      return { kind: "open", locationGid: fo.assignedLocation.location?.id ?? null };
    case "ON_HOLD":
      return { kind: "on_hold" };
    case "CANCELLED":
      return { kind: "cancelled" };
    case "CLOSED":
      return { kind: "closed", fulfilled };
    default:
      return { kind: "other" };
  }
}

/** Why a shipment no longer matches its order (each becomes a cancellation code and words). */
export type ChangeCause =
  "order_cancelled" | "moved" | "on_hold" | "items_removed" | "fulfillment_order_cancelled" | "replaced";

export type FlagCause =
  | ChangeCause
  /** The order's details changed after assignment (the diff says which). */
  | "changed"
  | "cancelled_after_pickup"
  | "cannot_deliver"
  | "fulfilled_elsewhere"
  | "gone";

export type Decision =
  | { action: "none" }
  /** In step again: a flag an earlier order change raised can be lowered. */
  | { action: "in_step" }
  | { action: "update"; diff: ShipmentDiff }
  /** Cancel at the courier; then dispatch again now, once the hold is released, or not at all. */
  | { action: "cancel"; cause: ChangeCause; then: "redispatch" | "await_release" | "nothing" }
  | { action: "flag"; cause: FlagCause; diff?: ShipmentDiff; reason?: string };

export type ShipmentFactsNow = {
  phase: ShipmentPhase;
  orderCancelled: boolean;
  fulfillmentOrder: FulfillmentOrderNow;
  /** The pickup location the shipment was dispatched from. */
  locationGid: string;
  /** What the order implies now (only when the fulfillment order is open at that location), and the diff. */
  implied: ImpliedShipment | null;
  diff: ShipmentDiff | null;
};

/** Cancel while no driver is assigned; flag once one is. */
function cancelOrFlag(
  phase: ShipmentPhase,
  cause: ChangeCause,
  then: "redispatch" | "await_release" | "nothing",
): Decision {
  return phase === "unassigned" ? { action: "cancel", cause, then } : { action: "flag", cause };
}

export function decideShipment(facts: ShipmentFactsNow): Decision {
  const { phase, fulfillmentOrder: fo } = facts;
  if (phase === "ended") return { action: "none" };
  if (facts.orderCancelled) {
    return phase === "picked_up"
      ? { action: "flag", cause: "cancelled_after_pickup" }
      : { action: "cancel", cause: "order_cancelled", then: "nothing" };
  }
  // After pickup the items have left the store and the fulfillment order is fulfilled: nothing to follow.
  if (phase === "picked_up") return { action: "none" };

  switch (fo.kind) {
    case "gone":
      return { action: "flag", cause: "gone" };
    case "other":
      return { action: "none" };
    case "cancelled":
      return cancelOrFlag(phase, "fulfillment_order_cancelled", "nothing");
    case "closed":
      return fo.fulfilled
        ? { action: "flag", cause: "fulfilled_elsewhere" }
        : cancelOrFlag(phase, "replaced", "nothing");
    case "on_hold":
      return cancelOrFlag(phase, "on_hold", "await_release");
    case "open":
      break;
  }
  if (fo.locationGid !== facts.locationGid) return cancelOrFlag(phase, "moved", "redispatch");

  const implied = facts.implied;
  if (!implied) return { action: "none" };
  switch (implied.kind) {
    case "nothing_to_ship":
      return cancelOrFlag(phase, "items_removed", "nothing");
    case "attention":
    case "order_not_deliverable":
      return { action: "flag", cause: "cannot_deliver", reason: implied.reason };
    case "not_ours":
      // The location stopped being a pickup point in the app's settings: not an order change.
      return { action: "none" };
    case "request":
      if (!facts.diff) return { action: "in_step" };
      return phase === "unassigned"
        ? { action: "update", diff: facts.diff }
        : { action: "flag", cause: "changed", diff: facts.diff };
  }
}
