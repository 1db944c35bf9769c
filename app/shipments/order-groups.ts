/**
 * How staff see an order's shipments together (pure): an exchange's round trip as one trip with its
 * legs in order (never by the courier's batch name), and beside any of the order's shipments the
 * others of the same order (a return collection with the delivery it takes back).
 */
import { LEG_ROLE_WORDS, legRole, type LegFacts } from "./leg-kind";

export type TripFacts = LegFacts & { id: string };

/** One entry per shipment, or per round trip (its legs by sequence), in the order they first appear. */
export function groupRoundTrips<T extends TripFacts>(rows: readonly T[]): { lead: T; legs: T[] }[] {
  const trips = new Map<string, T[]>();
  const entries: { lead: T; legs: T[] }[] = [];
  for (const row of rows) {
    const trip = row.batchReferenceId ? trips.get(row.batchReferenceId) : undefined;
    if (trip) {
      trip.push(row);
      continue;
    }
    const legs = [row];
    if (row.batchReferenceId) trips.set(row.batchReferenceId, legs);
    entries.push({ lead: row, legs });
  }
  for (const entry of entries) {
    entry.legs.sort((a, b) => (a.batchSequence ?? 0) - (b.batchSequence ?? 0));
    entry.lead = entry.legs[0]!;
  }
  return entries;
}

/** "Exchange: one round trip, 2 legs". */
export function roundTripWords(legCount: number): string {
  return `Exchange: one round trip, ${legCount} ${legCount === 1 ? "leg" : "legs"}`;
}

/** At most this many of an order's other shipments are named beside one of them. */
export const SAME_ORDER_SHOWN = 5;

export type OrderSibling = TripFacts & { orderGid: string; state: string };

/** One of an order's shipments (a round trip once) as named beside the order's others. */
export type SameOrderLine = { id: string; words: string; state: string };

/**
 * Beside a shipment (or a round trip: `own`, its ids), the order's other shipments: "Return
 * collection" beside the delivery it takes back, "Delivery" beside the return collection.
 */
export function sameOrderLines(siblings: readonly OrderSibling[], own: readonly string[]): SameOrderLine[] {
  const mine = new Set(own);
  return groupRoundTrips(siblings.filter((s) => !mine.has(s.id)))
    .slice(0, SAME_ORDER_SHOWN)
    .map(({ lead, legs }) => ({
      id: lead.id,
      words: legs.length > 1 ? roundTripWords(legs.length) : LEG_ROLE_WORDS[legRole(lead)],
      state: lead.state,
    }));
}
