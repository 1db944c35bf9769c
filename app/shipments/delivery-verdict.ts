/**
 * A delivered shipment's verdict, fixed when the courier says it was delivered and kept on the row
 * (Shipment.deliveryVerdict, paidToDeliveredMinutes) so Insights counts it in the database. Pure.
 *
 * - On time: delivered (the courier's delivered time) inside the window the shopper chose; early
 *   before it; late after its end. No window or no delivered time: no verdict.
 * - A late delivery is blamed on the longer of: the driver assigned after the pickup time (no driver
 *   in time); the driver waiting at the store beyond STORE_WAIT_ALLOWANCE_MS (store not ready); when
 *   neither, the driver after pickup.
 * - Payment to delivery: from the shipment's creation (dispatch follows the order's payment within
 *   seconds) to the delivered time, in whole minutes.
 */

export const STORE_WAIT_ALLOWANCE_MS = 10 * 60_000;

export const DELIVERY_VERDICTS = [
  "on_time",
  "early",
  "late:store_not_ready",
  "late:no_driver",
  "late:driver_after_pickup",
] as const;
export type DeliveryVerdict = (typeof DELIVERY_VERDICTS)[number];
export type LateBlame = "store_not_ready" | "no_driver" | "driver_after_pickup";

export interface VerdictFacts {
  createdAt: Date;
  pickupAfter: Date | null;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  driverAssignedAt: Date | null;
  atPickupAt: Date | null;
  pickedUpAt: Date | null;
  deliveredAt: Date | null;
}

export function lateBlameOf(row: VerdictFacts): LateBlame {
  const noDriverMs =
    row.driverAssignedAt && row.pickupAfter ? row.driverAssignedAt.getTime() - row.pickupAfter.getTime() : 0;
  const storeMs =
    row.atPickupAt && row.pickedUpAt
      ? row.pickedUpAt.getTime() - row.atPickupAt.getTime() - STORE_WAIT_ALLOWANCE_MS
      : 0;
  if (noDriverMs <= 0 && storeMs <= 0) return "driver_after_pickup";
  return storeMs > noDriverMs ? "store_not_ready" : "no_driver";
}

export function deliveryVerdictOf(row: VerdictFacts): DeliveryVerdict | null {
  if (!row.deliveredAt || !row.deliverStart || !row.deliverEnd) return null;
  const at = row.deliveredAt.getTime();
  if (at > row.deliverEnd.getTime()) return `late:${lateBlameOf(row)}`;
  if (at < row.deliverStart.getTime()) return "early";
  return "on_time";
}

export function paidToDeliveredMinutesOf(row: Pick<VerdictFacts, "createdAt" | "deliveredAt">): number | null {
  return row.deliveredAt ? Math.round((row.deliveredAt.getTime() - row.createdAt.getTime()) / 60_000) : null;
}
