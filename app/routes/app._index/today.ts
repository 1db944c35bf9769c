/**
 * Home's board for the shop's day (pure): per pickup location, what is due for pickup by its
 * ready-by time, what waits for a driver (and how long until its pickup), what is out for delivery,
 * what was delivered and what needs attention. A row a later dispatch of its fulfillment order
 * replaced is left out (the later one is what counts).
 */
import { firstName } from "~/shipments/order-summary";
import { LEG_ROLE_WORDS, legRole } from "~/shipments/leg-kind";
import { groupRoundTrips, roundTripWords } from "~/shipments/order-groups";
import { formatTimeOfDay, formatWindow } from "~/text/staff-format";

export type TodayRow = {
  id: string;
  orderName: string;
  locationGid: string;
  fulfillmentOrderGid: string;
  generation: number;
  state: string;
  pickupAfter: Date | null;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  driverName: string | null;
  needsAttention: boolean;
  /** A return's collection or an exchange's leg (app/shipments/leg-kind.ts); absent: a delivery. */
  kind?: string;
  batchReferenceId?: string | null;
  batchSequence?: number | null;
};

export type TodayItem = {
  shipmentId: string;
  orderName: string;
  state: string;
  /** "2:30 pm": when the order must be ready for the driver. */
  readyBy: string;
  /** Minutes from the page's load to the pickup (negative: late). */
  minutesToPickup: number | null;
  window: string;
  driverFirstName: string | null;
  needsAttention: boolean;
  /** "Return collection", "Exchange: one round trip, 2 legs"; null for a delivery. */
  legWords: string | null;
  /** A round trip's legs in order (the trip is one item, placed by the leg under way); else empty. */
  legs: { shipmentId: string; words: string; state: string }[];
};

export type LocationDay = {
  locationGid: string;
  name: string;
  /** Not yet picked up (booked, with or without a driver), by ready-by time. */
  due: TodayItem[];
  waitingForDriver: TodayItem[];
  outForDelivery: TodayItem[];
  delivered: TodayItem[];
  needsAttention: TodayItem[];
};

const DUE_STATES = new Set(["pending", "scheduled", "assigned"]);
const OUT_STATES = new Set(["en_route"]);

function item(row: TodayRow, now: Date, timeZone: string): TodayItem {
  return {
    shipmentId: row.id,
    orderName: row.orderName,
    state: row.state,
    readyBy: formatTimeOfDay(row.pickupAfter, { timeZone }),
    minutesToPickup: row.pickupAfter ? Math.round((row.pickupAfter.getTime() - now.getTime()) / 60_000) : null,
    window: formatWindow(row.deliverStart, row.deliverEnd, { timeZone, now }),
    driverFirstName: firstName(row.driverName),
    needsAttention: row.needsAttention,
    legWords: legRole(row) === "delivery" ? null : LEG_ROLE_WORDS[legRole(row)],
    legs: [],
  };
}

/** A leg past these states is done; a trip is shown by its first leg not done (else its last). */
const DONE_STATES = new Set(["delivered", "canceled", "returned", "failed", "expired"]);

/** A round trip as one item: where its leg under way stands, with every leg listed. */
function tripItem(legs: TodayRow[], now: Date, timeZone: string): { row: TodayRow; entry: TodayItem } {
  const row = legs.find((leg) => !DONE_STATES.has(leg.state)) ?? legs[legs.length - 1]!;
  const entry = item(row, now, timeZone);
  return {
    row,
    entry: {
      ...entry,
      needsAttention: legs.some((leg) => leg.needsAttention),
      legWords: roundTripWords(legs.length),
      legs: legs.map((leg) => ({ shipmentId: leg.id, words: LEG_ROLE_WORDS[legRole(leg)], state: leg.state })),
    },
  };
}

/** "in 25 min", "in 2 h 5 min", "12 min late", "now". */
export function minutesToPickupLabel(minutes: number | null): string {
  if (minutes === null) return "";
  if (minutes === 0) return "pickup now";
  const size = Math.abs(minutes);
  const span = size < 60 ? `${size} min` : `${Math.floor(size / 60)} h${size % 60 ? ` ${size % 60} min` : ""}`;
  return minutes > 0 ? `pickup in ${span}` : `pickup ${span} ago`;
}

export function todayBoard(
  rows: readonly TodayRow[],
  locations: readonly { locationGid: string; name: string }[],
  now: Date,
  timeZone: string,
): LocationDay[] {
  const latest = new Map<string, number>();
  for (const row of rows)
    latest.set(row.fulfillmentOrderGid, Math.max(latest.get(row.fulfillmentOrderGid) ?? 0, row.generation));
  const current = rows
    .filter((row) => row.generation >= (latest.get(row.fulfillmentOrderGid) ?? 0))
    .sort((a, b) => (a.pickupAfter?.getTime() ?? 0) - (b.pickupAfter?.getTime() ?? 0) || a.id.localeCompare(b.id));
  const names = new Map(locations.map((l) => [l.locationGid, l.name]));
  const days = new Map<string, LocationDay>();
  // Every enabled location shows, busy or not; then any other location today's deliveries came from.
  for (const l of locations) days.set(l.locationGid, emptyDay(l.locationGid, l.name));
  for (const group of groupRoundTrips(current)) {
    const { row, entry } =
      group.legs.length > 1
        ? tripItem(group.legs, now, timeZone)
        : { row: group.lead, entry: item(group.lead, now, timeZone) };
    let day = days.get(row.locationGid);
    if (!day) {
      day = emptyDay(row.locationGid, names.get(row.locationGid) ?? "Another location");
      days.set(row.locationGid, day);
    }
    if (entry.needsAttention) day.needsAttention.push(entry);
    if (DUE_STATES.has(row.state)) day.due.push(entry);
    if (row.state === "scheduled") day.waitingForDriver.push(entry);
    if (OUT_STATES.has(row.state)) day.outForDelivery.push(entry);
    if (row.state === "delivered") day.delivered.push(entry);
  }
  return [...days.values()];
}

function emptyDay(locationGid: string, name: string): LocationDay {
  return { locationGid, name, due: [], waitingForDriver: [], outForDelivery: [], delivered: [], needsAttention: [] };
}
