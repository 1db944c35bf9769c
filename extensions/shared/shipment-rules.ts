/**
 * What may be done to a shipment, by state and time. The app computes a shipment's permission
 * flags with `shipmentPermissions` when it builds a `ShipmentView`; the extensions decide what to
 * offer with `offeredActions`, which also re-checks the state and the clock (a modal may stay open
 * across the end of the tip window).
 */
import { TIP_WINDOW_AFTER_DELIVERY_MS, type ShipmentState, type ShipmentView } from "./api-contract";

/** The courier accepts a cancel until the driver confirms pickup. */
export const CANCELLABLE_STATES: ReadonlySet<ShipmentState> = new Set(["scheduled", "assigned"]);

/** A driver has accepted the shipment (tips are allowed "after acceptance"). */
const ACCEPTED_STATES: ReadonlySet<ShipmentState> = new Set(["assigned", "en_route", "attempted", "delivered"]);

/** A driver handled the shipment to its end, so there is something to rate. */
export const RATEABLE_STATES: ReadonlySet<ShipmentState> = new Set(["delivered", "attempted", "returned"]);

/** The shipment exists at the courier and is still going somewhere: a label is useful. */
export const LABEL_STATES: ReadonlySet<ShipmentState> = new Set(["scheduled", "assigned", "en_route"]);

export type TipWindow = { open: true } | { open: false; reason: string };

/**
 * Tips are accepted from the driver's acceptance until 3 days after delivery (inclusive).
 * A delivered shipment whose delivery time is unknown is refused: the window cannot be checked.
 */
export function tipWindow(state: ShipmentState, deliveredAt: Date | null, now: Date): TipWindow {
  if (!ACCEPTED_STATES.has(state)) {
    return { open: false, reason: "A tip can be left once a driver has accepted the delivery." };
  }
  if (state !== "delivered") return { open: true };
  if (!deliveredAt) {
    return { open: false, reason: "The delivery time is not known yet, so a tip cannot be left." };
  }
  if (now.getTime() - deliveredAt.getTime() > TIP_WINDOW_AFTER_DELIVERY_MS) {
    return { open: false, reason: "Tips can only be left up to 3 days after delivery." };
  }
  return { open: true };
}

/** What the app knows of a shipment, reduced to what the permissions depend on. */
export interface ShipmentFacts {
  state: ShipmentState;
  /** The courier's id; null until the shipment is created at the courier. */
  courierShipmentId: string | null;
  /** An en_route_to_pickup, driver_approaching_pickup or at_pickup event was received. */
  driverHeadingToPickup: boolean;
  deliveredAt: Date | null;
  tipped: boolean;
  rated: boolean;
  /** The courier account has barcode scanning enabled (labels exist only then). */
  labelsEnabled: boolean;
  /**
   * The order changed in a way the shipment could not follow (a driver was already assigned), the
   * shipment was flagged for staff, and the order has not come back in step since.
   */
  orderChangeFlagged: boolean;
}

export interface ShipmentPermissions {
  canCancel: boolean;
  cancelFeeApplies: boolean;
  canTip: boolean;
  canRate: boolean;
  labelAvailable: boolean;
  canRedispatch: boolean;
}

export function shipmentPermissions(facts: ShipmentFacts, now: Date): ShipmentPermissions {
  const atCourier = facts.courierShipmentId !== null;
  const canCancel = atCourier && CANCELLABLE_STATES.has(facts.state);
  return {
    canCancel,
    // The courier charges a cancellation fee once the assigned driver is en route to pickup.
    cancelFeeApplies: canCancel && facts.state === "assigned" && facts.driverHeadingToPickup,
    canTip: atCourier && !facts.tipped && tipWindow(facts.state, facts.deliveredAt, now).open,
    canRate: atCourier && !facts.rated && RATEABLE_STATES.has(facts.state),
    labelAvailable: atCourier && facts.labelsEnabled && LABEL_STATES.has(facts.state),
    // Re-dispatching starts with a cancel at the courier, so it is possible exactly when a cancel is.
    canRedispatch: canCancel && facts.orderChangeFlagged,
  };
}

export type ShipmentAction = "redispatch" | "cancel" | "tip" | "rate" | "label" | "photos";

/** The order in which the action buttons appear: the ones that end the delivery last. */
export const ACTION_ORDER: readonly ShipmentAction[] = ["label", "photos", "tip", "rate", "redispatch", "cancel"];

function parseIso(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The actions to offer for one shipment now: the app's flag AND the state rule (a stale or wrong
 * flag never offers an action the courier would refuse).
 */
export function offeredActions(shipment: ShipmentView, now: Date): ShipmentAction[] {
  const offered = new Set<ShipmentAction>();
  if (shipment.canCancel && CANCELLABLE_STATES.has(shipment.state)) offered.add("cancel");
  if (shipment.canRedispatch && CANCELLABLE_STATES.has(shipment.state)) offered.add("redispatch");
  if (shipment.canTip && !shipment.tipped && tipWindow(shipment.state, parseIso(shipment.deliveredAtIso), now).open) {
    offered.add("tip");
  }
  if (shipment.canRate && !shipment.rated && RATEABLE_STATES.has(shipment.state)) offered.add("rate");
  if (shipment.labelAvailable && LABEL_STATES.has(shipment.state)) offered.add("label");
  if (shipment.photos.length > 0) offered.add("photos");
  return ACTION_ORDER.filter((action) => offered.has(action));
}

/** Why an action is refused now, in the merchant's words; null when it is allowed. */
export function actionRefusal(shipment: ShipmentView, action: ShipmentAction, now: Date): string | null {
  if (offeredActions(shipment, now).includes(action)) return null;
  switch (action) {
    case "cancel":
      return "This delivery can no longer be canceled: the driver has picked it up or it has ended.";
    case "redispatch":
      if (!CANCELLABLE_STATES.has(shipment.state)) {
        return "This delivery can no longer be canceled and sent again: the driver has picked it up or it has ended.";
      }
      return "Cancel and re-dispatch is only offered when the order changed after a driver was assigned.";
    case "tip": {
      if (shipment.tipped) return "The driver has already been tipped for this delivery.";
      const window = tipWindow(shipment.state, parseIso(shipment.deliveredAtIso), now);
      return window.open ? "A tip cannot be left for this delivery." : window.reason;
    }
    case "rate":
      if (shipment.rated) return "The driver has already been rated for this delivery.";
      return "A driver can be rated once the delivery has ended.";
    case "label":
      return "No label is available for this delivery.";
    case "photos":
      return "No photos were taken for this delivery.";
  }
}
