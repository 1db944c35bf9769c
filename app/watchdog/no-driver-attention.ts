/**
 * The "no driver yet" attention the watchdog raises, in the shape of the tracking attention
 * (state-machine.ts's AttentionReason, whose codes come from courier events) widened by the one code
 * only the watchdog gives. The shipment stores the words in `attentionReason`; the raises table
 * (NoDriverRaise) and the timeline hold the money.
 */
import { formatMoney } from "~/shipments/format";
import type { AttentionReason, Transition } from "~/tracking/state-machine";
import type { NoDriverCause } from "./no-driver-decision";

export const NO_DRIVER_YET = "no_driver_yet" as const;

export type NoDriverYetAttention = { code: typeof NO_DRIVER_YET; reason: string };
/** Every reason a shipment needs attention, from courier events or from the watchdog. */
export type ShipmentAttention = AttentionReason | NoDriverYetAttention;

/** The start every "no driver yet" reason shares (the words; the shipment's attentionCode tells the reason). */
export const NO_DRIVER_YET_PREFIX = "No driver has taken this delivery yet";

export function noDriverYetAttention(cause: NoDriverCause, raisedCents: number): NoDriverYetAttention {
  const raised =
    raisedCents > 0
      ? ` The driver's pay was raised by ${formatMoney(raisedCents)} in all.`
      : " Its pay was not raised.";
  const why = cause === "cap_reached" ? " and the raises reached their limit." : " and its pickup time has come.";
  return {
    code: NO_DRIVER_YET,
    reason: `${NO_DRIVER_YET_PREFIX}${why}${raised} Wait for the courier, dispatch again later or cancel.`,
  };
}

/** What staff can do about a delivery no driver has taken (the page's fix under the reason). */
export const NO_DRIVER_YET_FIX =
  "The courier is still looking for a driver. Raise the driver's pay now to make the delivery more attractive, or cancel it with a reason.";

/** Whether the shipment's current attention is the watchdog's (cleared once a driver takes it): by its code. */
export function needsAttentionForNoDriver(shipment: {
  needsAttention: boolean;
  attentionCode: string | null;
}): boolean {
  return shipment.needsAttention && shipment.attentionCode === NO_DRIVER_YET;
}

/** The timeline's words for one raise. */
export function raiseInWords(cents: number, totalCents: number): string {
  return `Driver's pay raised by ${formatMoney(cents)} to find a driver (extra compensation now ${formatMoney(totalCents)}).`;
}

/** The timeline's words when a driver takes a shipment the watchdog had marked. */
export const NO_DRIVER_YET_CLEARED = "A driver took the delivery: it no longer needs attention for having no driver.";

/**
 * A driver assigned after the watchdog marked "no driver yet" resolves it: the transition also
 * clears the attention (and the order's tag, unless another shipment of the order needs it).
 */
export function clearingNoDriverYet(
  transition: Transition,
  shipment: { needsAttention: boolean; attentionCode: string | null },
): Transition {
  const assigned = transition.stateChanged && transition.state === "assigned";
  if (!assigned || !needsAttentionForNoDriver(shipment)) return transition;
  return {
    ...transition,
    actions: [...transition.actions, { kind: "clear_attention" }],
    changes: { ...transition.changes, clearAttention: true },
  };
}
