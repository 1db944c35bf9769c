/**
 * The no-driver watchdog's decision (pure): for a shipment still waiting for a driver, what to do
 * now (raise the driver's extra compensation, mark it "no driver yet", nothing) and when to look
 * again. The looks happen at the merchant's times before pickup_after (settings/no-driver-schema.ts);
 * the job that runs them (no-driver-job.server.ts) re-reads everything before each look, so a
 * shipment assigned, canceled or moved meanwhile is judged as it is now.
 */
import type { NoDriverWatchSettings } from "~/settings/no-driver-schema";
import type { ShipmentState } from "~/shipments/states";
import type { NoDriverCause } from "~/tracking/public";

export type PayoutRaise = { amountCents: number; raisedAt: Date };

export type WatchedShipment = {
  state: ShipmentState;
  hasDriver: boolean;
  pickupAfter: Date | null;
  /** The raises already made for the courier shipment it follows now. */
  raises: readonly PayoutRaise[];
  /** "No driver yet" was already marked for that courier shipment. */
  attentionMarked: boolean;
};

export type WatchInput = {
  shipment: WatchedShipment;
  settings: NoDriverWatchSettings;
  /** What the shop's raises added up to so far today (its time zone), all shipments. */
  shopRaisedTodayCents: number;
  now: Date;
};

export type WatchDecision = {
  /** Raise the extra compensation by `cents` to `totalCents` (everything raised for the shipment). */
  raise: { cents: number; totalCents: number } | null;
  attention: NoDriverCause | null;
  /** The next look, or null: the watch is over. */
  nextCheckAt: Date | null;
  /** Why, in a few words (logs and tests). */
  note: string;
};

const MINUTE_MS = 60_000;

/** The instants of the looks, earliest first. */
export function checkTimes(pickupAfter: Date, minutesBefore: readonly number[]): Date[] {
  return [...new Set(minutesBefore)]
    .map((minutes) => new Date(pickupAfter.getTime() - minutes * MINUTE_MS))
    .sort((a, b) => a.getTime() - b.getTime());
}

const stop = (note: string): WatchDecision => ({ raise: null, attention: null, nextCheckAt: null, note });

export function decideNoDriverWatch({ shipment, settings, shopRaisedTodayCents, now }: WatchInput): WatchDecision {
  if (shipment.state !== "scheduled") return stop(`The shipment is ${shipment.state}`);
  if (shipment.hasDriver) return stop("A driver is assigned");
  if (!shipment.pickupAfter) return stop("No pickup time");

  const times = checkTimes(shipment.pickupAfter, settings.raiseMinutesBeforePickup);
  const due = times.filter((t) => t.getTime() <= now.getTime());
  const next = times[due.length] ?? null;
  const latestDue = due.at(-1);
  if (!latestDue) return { raise: null, attention: null, nextCheckAt: next, note: "Not time yet" };

  const raisedCents = shipment.raises.reduce((sum, r) => sum + r.amountCents, 0);
  // A look that already raised (a job run twice, or two looks missed and caught up at once) raises no more.
  const alreadyRaised = shipment.raises.some((r) => r.raisedAt.getTime() >= latestDue.getTime());
  const isLast = next === null;

  let raise: WatchDecision["raise"] = null;
  let capReached = false;
  if (settings.raisesEnabled && !alreadyRaised) {
    const cents = Math.min(
      settings.stepCents,
      settings.maxPerShipmentCents - raisedCents,
      settings.maxPerShopPerDayCents - shopRaisedTodayCents,
    );
    if (cents > 0) raise = { cents, totalCents: raisedCents + cents };
    else capReached = true;
  }
  const cause: NoDriverCause | null = shipment.attentionMarked
    ? null
    : isLast
      ? "pickup_time"
      : capReached
        ? "cap_reached"
        : null;
  const note = raise
    ? `Raise by ${raise.cents} cents`
    : capReached
      ? "No money left under the caps"
      : alreadyRaised
        ? "Already raised at this look"
        : "Raises are off";
  return { raise, attention: cause, nextCheckAt: next, note };
}
