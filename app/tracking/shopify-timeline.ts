/**
 * What the shopper sees on Shopify only moves forward, once per step (issue 20, item 4).
 *
 * Shopify shows a fulfillment's status from its events: the order status page follows the event with
 * the latest `happenedAt`, and each new event may notify the shopper. Courier events arrive late,
 * repeated and out of order, so before the app adds a fulfillment event it checks it against the
 * events the fulfillment already has:
 *
 * - statuses never go down: CARRIER_PICKED_UP < IN_TRANSIT < OUT_FOR_DELIVERY / DELAYED < ATTEMPTED_DELIVERY <
 *   DELIVERED / FAILURE, and nothing follows DELIVERED or FAILURE (DELAYED ranks with OUT_FOR_DELIVERY:
 *   a delivery running late may still go out for delivery, and one out for delivery may run late);
 * - each status at most once per fulfillment;
 * - the one exception: after ATTEMPTED_DELIVERY the driver may go out again (a redelivery), so one
 *   OUT_FOR_DELIVERY that happened after the attempt is shown once more;
 * - an event added after another never carries an earlier `happenedAt`: it is shown one second after the
 *   latest one (Shopify keeps seconds), so Shopify's order by time is the order the app added them.
 *
 * Position and ETA updates after a status is reached are not sent: the tracking page shows them.
 * Events already on a fulfillment are never rewritten; a fulfillment that already went backwards
 * (before this rule) simply gets nothing below its latest event.
 */
import type { FulfillmentEventStatus } from "./shopper-notices";

export const DISPLAY_RANK: Record<FulfillmentEventStatus, number> = {
  CARRIER_PICKED_UP: 0,
  IN_TRANSIT: 1,
  OUT_FOR_DELIVERY: 2,
  DELAYED: 2,
  ATTEMPTED_DELIVERY: 3,
  DELIVERED: 4,
  FAILURE: 4,
};

const FINAL_DISPLAY: ReadonlySet<string> = new Set(["DELIVERED", "FAILURE"]);

/** An event already on the fulfillment (as Shopify lists it) or one the app proposes to add. */
export type TimelineEvent = { status: string; happenedAt: string | Date };

const SECOND_MS = 1000;
const toSecond = (at: string | Date) => Math.floor(new Date(at).getTime() / SECOND_MS);

function rankOf(status: string): number {
  return status in DISPLAY_RANK ? DISPLAY_RANK[status as FulfillmentEventStatus] : -1;
}

/** The fulfillment's events in the order Shopify shows them: by `happenedAt`, then as listed. */
export function inShownOrder<T extends TimelineEvent>(events: readonly T[]): T[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => toSecond(a.event.happenedAt) - toSecond(b.event.happenedAt) || a.index - b.index)
    .map(({ event }) => event);
}

/**
 * Whether `next` may be added after `shown` (the fulfillment's events), and with which `happenedAt`:
 * null when it would move the shopper's view backwards or repeat a step.
 */
export function nextTimelineEvent(
  shown: readonly TimelineEvent[],
  next: { status: FulfillmentEventStatus; happenedAt: Date },
): { happenedAt: Date } | null {
  const ordered = inShownOrder(shown);
  const last = ordered.at(-1);
  if (!last) return { happenedAt: next.happenedAt };
  if (ordered.some((e) => FINAL_DISPLAY.has(e.status))) return null;

  const redelivery =
    last.status === "ATTEMPTED_DELIVERY" &&
    next.status === "OUT_FOR_DELIVERY" &&
    toSecond(next.happenedAt) > toSecond(last.happenedAt);
  if (!redelivery) {
    if (ordered.some((e) => e.status === next.status)) return null;
    if (DISPLAY_RANK[next.status] < rankOf(last.status)) return null;
  }
  const lastSecond = toSecond(last.happenedAt);
  return toSecond(next.happenedAt) > lastSecond
    ? { happenedAt: next.happenedAt }
    : { happenedAt: new Date((lastSecond + 1) * SECOND_MS) };
}

/**
 * The fulfillment's events that count for a shipment (in shown order). A re-delivery of returned
 * items (app/dispatch/redelivery.ts) carries on the fulfillment of the delivery that was returned,
 * whose run ended in a FAILURE: the re-delivery's run starts after the latest FAILURE, which stays
 * only as the time its events must follow (status `REDELIVERY_START`, which no rule ranks or ends
 * on). Any other shipment: all of the fulfillment's events.
 */
export const REDELIVERY_START = "REDELIVERY_START";
export function eventsOfThisRun(events: readonly TimelineEvent[], redelivery: boolean): TimelineEvent[] {
  const ordered = inShownOrder(events);
  const ended = redelivery ? ordered.findLastIndex((e) => e.status === "FAILURE") : -1;
  if (ended < 0) return ordered;
  return [{ status: REDELIVERY_START, happenedAt: ordered[ended]!.happenedAt }, ...ordered.slice(ended + 1)];
}
