import { firstOpenAtOrAfter, lastOpenSpanBefore, type LocationHours, openSpanAt, type TimeSpan } from "./opening-hours";

/**
 * When the courier may pick up: never while the location is closed, never before the order is
 * prepared, never sooner than the shop's lead time. Pure.
 */

const MINUTE_MS = 60_000;
/** Pickup times are rounded up to this step so that carts quoted minutes apart share a quote. */
export const PICKUP_ROUNDING_MINUTES = 5;
/** The courier needs pickup_after in the future; "immediate" is now plus one minute. */
export const MIN_PICKUP_DELAY_MINUTES = 1;
/**
 * A delivery slot that starts after closing is picked up this long before closing (or at opening,
 * when the span is shorter), so the order does not wait in the van for hours.
 */
export const PICKUP_BEFORE_CLOSING_MINUTES = 60;
/** Rounding can only land in a closed time at a span's edge, so a few passes settle it. */
const SETTLE_PASSES = 3;

export function roundUpToPickupStep(instant: Date): Date {
  const step = PICKUP_ROUNDING_MINUTES * MINUTE_MS;
  return new Date(Math.ceil(instant.getTime() / step) * step);
}

/** Rounded down to the pickup step: a promised end moves earlier, never later, so carts minutes apart share it. */
export function roundDownToPickupStep(instant: Date): Date {
  const step = PICKUP_ROUNDING_MINUTES * MINUTE_MS;
  return new Date(Math.floor(instant.getTime() / step) * step);
}

/** Now + lead time (at least one minute), rounded up to 5 minutes: the earliest pickup when always open. */
export function pickupAfterFor(now: Date, leadTimeMinutes: number): Date {
  const lead = Math.max(leadTimeMinutes, MIN_PICKUP_DELAY_MINUTES) * MINUTE_MS;
  return roundUpToPickupStep(new Date(now.getTime() + lead));
}

export interface PickupInput {
  now: Date;
  timeZone: string;
  hours: LocationHours;
  leadTimeMinutes: number;
}

/**
 * The earliest pickup for an order placed at `now` (or, with `notBefore`, for a day that starts
 * later): preparation runs from now while open, else from the next opening; the pickup is the first
 * open 5-minute step at or after both the order being ready and now + lead time. Null when the location
 * does not open within the search horizon.
 */
export function earliestPickup({ now, timeZone, hours, leadTimeMinutes }: PickupInput, notBefore?: Date): Date | null {
  const from = notBefore && notBefore.getTime() > now.getTime() ? notBefore : now;
  const opensAt = openSpanAt(hours, from, timeZone) ? from : firstOpenAtOrAfter(hours, from, timeZone);
  if (!opensAt) return null;
  const ready = opensAt.getTime() + hours.preparationMinutes * MINUTE_MS;
  let candidate = new Date(Math.max(ready, pickupAfterFor(now, leadTimeMinutes).getTime()));
  for (let pass = 0; pass < SETTLE_PASSES; pass++) {
    const open = firstOpenAtOrAfter(hours, roundUpToPickupStep(candidate), timeZone);
    if (!open) return null;
    if (open.getTime() === roundUpToPickupStep(candidate).getTime()) return open;
    candidate = open;
  }
  return firstOpenAtOrAfter(hours, candidate, timeZone);
}

export interface PlannedDelivery {
  pickupAfter: Date;
  deliverBetween: TimeSpan;
}

/**
 * The pickup for a delivery between `span.start` and `span.end`, given the earliest possible pickup:
 * - open at some time from max(earliest, start) before the end: pickup then, delivery from then on
 *   (the delivery never starts before its pickup);
 * - closed through the whole span (an evening slot after closing): pickup in the last open span before
 *   it, PICKUP_BEFORE_CLOSING_MINUTES before that span closes (not before it opens nor before
 *   `earliest`), delivery in the span as chosen;
 * - null when neither is possible (the span has passed, or the location is closed before and during it).
 */
export function deliveryInSpan(
  input: Pick<PickupInput, "hours" | "timeZone">,
  earliest: Date,
  span: TimeSpan,
): PlannedDelivery | null {
  const { hours, timeZone } = input;
  const from = new Date(Math.max(earliest.getTime(), span.start.getTime()));
  const open = firstOpenAtOrAfter(hours, from, timeZone);
  if (open && open.getTime() < span.end.getTime()) {
    const pickupAfter = roundUpToPickupStep(open).getTime() < span.end.getTime() ? roundUpToPickupStep(open) : open;
    return { pickupAfter, deliverBetween: { start: pickupAfter, end: span.end } };
  }
  // Past its start (and not open before its end), the span can no longer be served.
  if (earliest.getTime() >= span.start.getTime()) return null;
  const before = lastOpenSpanBefore(hours, span.start, timeZone);
  if (!before) return null;
  const late = roundUpToPickupStep(new Date(before.end.getTime() - PICKUP_BEFORE_CLOSING_MINUTES * MINUTE_MS));
  const pickupAfter = new Date(Math.max(late.getTime(), before.start.getTime(), earliest.getTime()));
  if (pickupAfter.getTime() >= before.end.getTime()) return null;
  return { pickupAfter, deliverBetween: { start: span.start, end: span.end } };
}
