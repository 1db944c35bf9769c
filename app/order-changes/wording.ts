import type { CancelShipmentRequest } from "~/courier/requests";
import type { ChangeCause, FlagCause } from "./decide";
import { changeInWords, changeKindsInWords, type ShipmentChange } from "./shipment-diff";

/**
 * The words of order changes: the courier's cancellation code and comment per cause, the timeline
 * entries (which may name the recipient's address: the timeline is redacted with the customer's
 * data) and the attention reasons (never customer data: they are shown in lists and kept after a
 * redaction).
 */

/** Every attention reason raised by an order change starts so, to be lowered when the order is in step again. */
export const ORDER_CHANGE_ATTENTION = "Order changed in Shopify: ";

export type LocationNames = { from: string; to: string };

/** Comments go to the courier (not to drivers' public description): no customer data. */
export function cancellationFor(
  cause: ChangeCause | FlagCause,
  changes: readonly ShipmentChange[] = [],
): CancelShipmentRequest {
  switch (cause) {
    case "order_cancelled":
    case "cancelled_after_pickup":
    case "fulfillment_order_cancelled":
    case "items_removed":
      return { cancellation_code: "order_canceled" };
    case "moved":
      return {
        cancellation_code: "other",
        cancellation_comment:
          "The store moved this order to another pickup location; a new shipment replaces this one.",
      };
    case "on_hold":
      return {
        cancellation_code: "other",
        cancellation_comment: "The store put this order on hold; it will be sent again once released.",
      };
    case "replaced":
      return {
        cancellation_code: "other",
        cancellation_comment: "The store reorganised this order's items; a new shipment replaces this one.",
      };
    default:
      if (changes.some((c) => c.kind === "delivery_address")) return { cancellation_code: "address_incorrect" };
      return {
        cancellation_code: "other",
        cancellation_comment: "The order changed after the driver was assigned; a new shipment replaces this one.",
      };
  }
}

export function feeInWords(fee: number | null, driverWasAssigned: boolean): string {
  if (fee !== null && fee > 0) return ` The courier charged a cancellation fee of $${fee.toFixed(2)}.`;
  if (fee === null && driverWasAssigned)
    return " A driver was already assigned: the courier may charge a cancellation fee.";
  return "";
}

/** The timeline entry for a cancel the app made because of the order. */
export function canceledInWords(
  cause: ChangeCause,
  names: LocationNames,
  then: "redispatch" | "await_release" | "nothing",
): string {
  const follow =
    then === "redispatch"
      ? " A new shipment is dispatched."
      : then === "await_release"
        ? " It will be dispatched again when the hold is released."
        : "";
  const what: Record<ChangeCause, string> = {
    order_cancelled: "The order was cancelled in Shopify: the courier shipment was canceled.",
    moved: `The order was moved in Shopify from ${names.from} to ${names.to}: the courier shipment from ${names.from} was canceled.`,
    on_hold: "The order was put on hold in Shopify: the courier shipment was canceled.",
    items_removed:
      "Every item of this delivery was removed from the order in Shopify: the courier shipment was canceled.",
    fulfillment_order_cancelled:
      "The items of this delivery were cancelled in Shopify: the courier shipment was canceled.",
    replaced:
      "The items of this delivery were moved or merged into another fulfillment order in Shopify: the courier shipment was canceled.",
  };
  return `${what[cause]}${follow}`;
}

const AFTER_ASSIGNMENT = "the driver is already assigned, so the courier no longer accepts changes";
const FEE_WARNING = "(the courier may charge a cancellation fee)";

/** Timeline entry and attention reason for a shipment flagged for staff. */
export function flagInWords(
  cause: FlagCause,
  context: { changes?: readonly ShipmentChange[]; reason?: string; names: LocationNames },
): { timeline: string; attention: string } {
  const { names } = context;
  const changes = context.changes ?? [];
  const attention = (text: string) => `${ORDER_CHANGE_ATTENTION}${text}`;
  switch (cause) {
    case "changed": {
      const sentences = changes.map(changeInWords).join(" ");
      return {
        timeline: `${sentences} The driver is already assigned: cancel and re-dispatch to send the new details ${FEE_WARNING}, or keep the delivery as it is.`,
        attention: attention(
          `the ${changeKindsInWords(changes)} changed after the driver was assigned; ${AFTER_ASSIGNMENT}. Cancel and re-dispatch to apply the change ${FEE_WARNING}, or keep the delivery as it is. Details are on the timeline.`,
        ),
      };
    }
    case "moved": {
      const text = `the order was moved from ${names.from} to ${names.to}, but a driver is already assigned to pick it up at ${names.from}. Cancel and re-dispatch to send it from ${names.to} ${FEE_WARNING}.`;
      return { timeline: `The order was moved in Shopify: ${text}`, attention: attention(text) };
    }
    case "on_hold": {
      const text = `the order was put on hold, but a driver is already assigned. Cancel the delivery if the items must not leave the store ${FEE_WARNING}; cancel and re-dispatch sends it again once the hold is released.`;
      return { timeline: `The order was put on hold in Shopify: ${text}`, attention: attention(text) };
    }
    case "items_removed":
    case "fulfillment_order_cancelled": {
      const text = `the items of this delivery were removed or cancelled, but a driver is already assigned. Cancel the delivery ${FEE_WARNING}.`;
      return { timeline: `The order changed in Shopify: ${text}`, attention: attention(text) };
    }
    case "replaced": {
      const text = `the items of this delivery were moved or merged into another fulfillment order after the driver was assigned. Cancel and re-dispatch to send them from where they are now ${FEE_WARNING}.`;
      return { timeline: `The order changed in Shopify: ${text}`, attention: attention(text) };
    }
    case "order_cancelled":
    case "cancelled_after_pickup": {
      const text =
        "the order was cancelled after the driver picked up the items, and the courier no longer accepts a cancellation. Contact the courier to stop the delivery and have the items returned (the courier may charge a fee for it).";
      return { timeline: `The order was cancelled in Shopify: ${text}`, attention: attention(text) };
    }
    case "cannot_deliver": {
      const text = `the order can no longer be delivered as it stands: ${context.reason ?? "check the order."} The courier still has the details sent before.`;
      return { timeline: `The order changed in Shopify: ${text}`, attention: attention(text) };
    }
    case "fulfilled_elsewhere": {
      const text =
        "the items of this delivery were fulfilled in Shopify outside the app while the courier shipment is still active. Cancel it if the courier should not deliver them.";
      return { timeline: `The order changed in Shopify: ${text}`, attention: attention(text) };
    }
    case "gone": {
      const text =
        "this delivery's fulfillment order is no longer on the order. Check the order, and cancel the delivery if it is no longer needed.";
      return { timeline: `The order changed in Shopify: ${text}`, attention: attention(text) };
    }
  }
}

/** The courier refused the update (its validation): the shipment keeps the details sent before. */
export function updateRefusedInWords(
  changes: readonly ShipmentChange[],
  courierMessage: string,
): { timeline: string; attention: string } {
  return {
    timeline: `${changes.map(changeInWords).join(" ")} The courier refused the update: ${courierMessage} The driver still has the details sent before.`,
    attention: `${ORDER_CHANGE_ATTENTION}the courier refused the new ${changeKindsInWords(changes)}: ${courierMessage} The driver still has the details sent before; correct the order, or cancel and re-dispatch.`,
  };
}

export function updatedInWords(changes: readonly ShipmentChange[]): string {
  return `Updated at the courier after the order changed in Shopify. ${changes.map(changeInWords).join(" ")}`;
}

export const IN_STEP_AGAIN =
  "The order and the courier shipment agree again: nothing left to do for the earlier order change.";
export const COURIER_LOST = `${ORDER_CHANGE_ATTENTION}the courier no longer knows this shipment, so the change could not be sent. Contact the courier's support with the tracking number.`;
