import type { DispatchWindow } from "~/schedule/dispatch-window";
import { instantLabel, spanLabel } from "~/schedule/labels";
import { WINDOW_MOVED_ACTIVITY } from "~/shipments/activity-kinds";

/**
 * The timeline entry for staff when a shipment could not be booked in the window the shopper chose
 * (it had passed by dispatch) and was moved to the next time the location can serve. Pure; dates are
 * written in full, since the entry is read on later days.
 */
export function windowMoveEntry(
  window: Pick<DispatchWindow, "movedForward" | "movedFrom" | "deliverBetween" | "pickupAfter">,
  timeZone: string,
): { kind: string; message: string } | null {
  if (!window.movedForward) return null;
  const booked = spanLabel(window.deliverBetween.start, window.deliverBetween.end, null, timeZone);
  const pickup = instantLabel(window.pickupAfter, timeZone);
  const chosen = window.movedFrom
    ? `The delivery window the shopper chose (${spanLabel(window.movedFrom.start, window.movedFrom.end, null, timeZone)}) had passed`
    : "The delivery window the shopper chose had passed";
  return {
    kind: WINDOW_MOVED_ACTIVITY,
    message: `${chosen}; booked for delivery ${booked} instead, pickup after ${pickup}.`,
  };
}
