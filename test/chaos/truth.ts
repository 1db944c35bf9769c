/**
 * The chaos run's truth, computed from what was sent rather than from the app: a shipment's final
 * state from the courier events posted for it, and backwards moves between two samples of the app's
 * shipment states. Independent of the app's state machine on purpose (only the promise is shared:
 * states move forward, a final state never changes).
 */
import type { WebhookEvent } from "../courier-sandbox/model";

export type FinalState = "delivered" | "returned" | "canceled";

/** The courier events that end a shipment, and the app state each must lead to (an expiry is a cancel). */
const TERMINAL_EVENTS: Record<string, FinalState> = {
  "shipment.delivery_confirmed": "delivered",
  "shipment.delivery_confirmed_with_details": "delivered",
  "shipment.returned": "returned",
  "shipment.canceled": "canceled",
};

/** The final state the shipment's events say (the terminal event that happened last), or null when none ended it. */
export function finalStateFromEvents(events: readonly WebhookEvent[]): FinalState | null {
  let latest: { at: number; state: FinalState } | null = null;
  for (const event of events) {
    const state = TERMINAL_EVENTS[event.event];
    if (!state) continue;
    const at = Date.parse(String(event.data.occurred_at));
    if (!latest || at >= latest.at) latest = { at, state };
  }
  return latest?.state ?? null;
}

/**
 * Progress of the app's shipment states; the final ones share the top. Written out here rather than
 * imported from app/tracking/state-machine.ts: the run judges the app against a statement of its own.
 */
const PROGRESS: Record<string, number> = {
  pending: 0,
  scheduled: 1,
  expired: 1,
  assigned: 2,
  en_route: 3,
  attempted: 4,
  delivered: 5,
  returned: 5,
  canceled: 5,
  failed: 5,
};

/** Whether `from` → `to` moves backwards: to an earlier state, or away from a final one. */
export function movesBackwards(from: string, to: string): boolean {
  if (from === to) return false;
  const before = PROGRESS[from] ?? -1;
  const after = PROGRESS[to] ?? -1;
  return after < before || before === 5;
}

export type Regression = { id: string; from: string; to: string };

/** Rows of `next` whose state moved backwards since `previous` (both: shipment id → state). */
export function regressionsBetween(
  previous: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
): Regression[] {
  const found: Regression[] = [];
  for (const [id, to] of next) {
    const from = previous.get(id);
    if (from !== undefined && movesBackwards(from, to)) found.push({ id, from, to });
  }
  return found;
}
