import { SHIPMENT_STATES, type ShipmentState } from "../../../extensions/shared/api-contract";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { actorLabel, FLOW_ACTOR } from "~/shops/staff-actor";
import { fulfillmentStatusOf, type FulfillmentEventStatus } from "~/tracking/state-machine";

/**
 * A shipment's timeline: the courier's events and what the app and staff did, newest first, in
 * words, in one list. Pure; the raw event payloads (which hold customer data) never reach the page.
 */

const EVENT_WORDS: Record<string, string> = {
  "shipment.created": "Shipment created at the courier",
  "shipment.driver_assigned": "Driver assigned",
  "shipment.driver_unassigned": "Driver unassigned; the courier is finding another",
  "shipment.en_route_to_pickup": "Driver heading to pickup",
  "shipment.driver_approaching_pickup": "Driver approaching pickup",
  "shipment.at_pickup": "Driver at pickup",
  "shipment.pickup_confirmed": "Picked up",
  "shipment.en_route_to_delivery": "Out for delivery",
  "shipment.driver_approaching_delivery": "Driver approaching the customer",
  "shipment.at_delivery": "Driver at the delivery address",
  "shipment.tracking_updated": "Position updated",
  "shipment.delivery_confirmed": "Delivered",
  "shipment.delivery_confirmed_with_details": "Delivered (with photos)",
  "shipment.delivery_details_added": "Delivery photo added",
  "shipment.delivery_attempted": "Delivery attempted",
  "shipment.returned": "Returned to the store",
  "shipment.canceled": "Canceled at the courier",
  "shipment.reposted": "Reposted by the courier as a new shipment",
  "grouping.pickup_grouping_identified": "Grouped with other orders for one driver",
};

/** Entries written before the wording changed named the courier batch: "round trip rt-1092-1 leg 2". */
function withoutTripReference(message: string): string {
  return message.replace(/round trip rt-[\w-]+ leg (\d+)/g, "leg $1 of the exchange's round trip");
}

const isState = (value: string): value is ShipmentState => (SHIPMENT_STATES as readonly string[]).includes(value);

/**
 * The tracking flow records "en_route → delivered" and "No state change from en_route": every state
 * name in it is shown in words ("Out for delivery → Delivered", "No change: still Out for delivery").
 */
export function outcomeInWords(outcome: string | null): string | null {
  if (!outcome) return null;
  const unchanged = /^No state change from ([a-z_]+)$/.exec(outcome);
  if (unchanged && isState(unchanged[1]!)) return `No change: still ${STATE_LABELS[unchanged[1]]}`;
  return outcome.replace(/\b[a-z]+(?:_[a-z]+)*\b/g, (word) => (isState(word) ? STATE_LABELS[word] : word));
}

export function eventInWords(name: string): string {
  return EVENT_WORDS[name] ?? `Courier event: ${name.replace(/^shipment\./, "").replace(/[._]+/g, " ")}`;
}

const ACTIVITY_SOURCES: Record<string, TimelineEntry["source"]> = {
  dispatched: "App",
  dispatch_failed: "App",
  staff_tip: "Staff",
  staff_rating: "Staff",
  staff_retry_job: "Staff",
  attention_resolved: "Staff",
  flow_action: "Flow",
};

/** What the order shows in Shopify for a courier event that moved the delivery (tracking/state-machine.ts). */
const SHOPIFY_WORDS: Record<FulfillmentEventStatus, string> = {
  CARRIER_PICKED_UP: "Picked up by carrier",
  IN_TRANSIT: "In transit",
  OUT_FOR_DELIVERY: "Out for delivery",
  DELAYED: "Delayed",
  ATTEMPTED_DELIVERY: "Delivery attempted",
  DELIVERED: "Delivered",
  FAILURE: "Delivery failed",
};

export type TimelineEntry = {
  id: string;
  at: string;
  source: "Courier" | "App" | "Staff" | "Flow";
  title: string;
  detail: string | null;
  /** Who on the staff (or Shopify Flow) did it, for what staff did. */
  by: string | null;
  /** Built by reconciliation from the courier's record (its webhook was missed). */
  synthesized: boolean;
};

type Activity = { id: string; kind: string; message: string; createdAt: Date };
/** A row of the staff actions log (app/shops/staff-actions.server.ts): who did it. */
export type StaffActionRow = { at: string; action: string; detail: string; by: string };
/** What the delivery cost: the courier's price, its quote, what the shopper paid (cents). */
export type BookingCost = {
  priceCents: number | null;
  quotedPriceCents: number | null;
  shopperPriceCents: number | null;
  /** Where checkout's price came from (Shipment.quotePriceSource); absent or null: not known. */
  quotePriceSource?: string | null;
};

/** How checkout priced it, beside the quote, for the sources that were not the courier's answer for this cart. */
const QUOTE_SOURCE_WORDS: Readonly<Record<string, string>> = {
  memory: " (the courier's recent price for this size and ZIP code)",
  model: " (estimated from the courier's recent prices by distance)",
};

/** The timeline rows a staff action also wrote, by the log's action: merged into one entry. */
const ECHOES: Record<string, (kind: string) => boolean> = {
  cancel: (kind) => kind.startsWith("staff_cancel:"),
  tip: (kind) => kind === "staff_tip",
  rating: (kind) => kind === "staff_rating",
  retry_job: (kind) => kind === "staff_retry_job",
  resolve: (kind) => kind === "attention_resolved",
  raise_pay: (kind) => kind === "no_driver_raise",
  redispatch: (kind) => kind === "staff_cancel_redispatch" || kind === "staff_redispatch_after_cancel",
  deliver_again: (kind) => kind === "deliver_again",
};
/** An action and the row it wrote are recorded in one step: seconds apart at most. */
const ECHO_WINDOW_MS = 60_000;

/** For each staff action, the activity it wrote (the closest unclaimed one of its kind), if any. */
function pairStaffActions(staffActions: readonly StaffActionRow[], activities: readonly Activity[]) {
  const claimed = new Map<string, StaffActionRow>();
  const unpaired: StaffActionRow[] = [];
  for (const action of staffActions) {
    const echo = ECHOES[action.action];
    const at = new Date(action.at).getTime();
    const match = echo
      ? activities
          .filter((a) => echo(a.kind) && !claimed.has(a.id) && Math.abs(a.createdAt.getTime() - at) <= ECHO_WINDOW_MS)
          .sort((a, b) => Math.abs(a.createdAt.getTime() - at) - Math.abs(b.createdAt.getTime() - at))[0]
      : undefined;
    if (match) claimed.set(match.id, action);
    else unpaired.push(action);
  }
  return { claimed, unpaired };
}

function costInWords(cost: BookingCost, money: (cents: number) => string): string | null {
  const parts: string[] = [];
  if (cost.priceCents !== null) parts.push(`The courier's price: ${money(cost.priceCents)}`);
  if (cost.quotedPriceCents !== null && cost.quotedPriceCents !== cost.priceCents)
    parts.push(`quoted ${money(cost.quotedPriceCents)}${QUOTE_SOURCE_WORDS[cost.quotePriceSource ?? ""] ?? ""}`);
  if (cost.shopperPriceCents !== null)
    parts.push(
      `the shopper paid ${money(cost.shopperPriceCents)}${cost.quotePriceSource === "fallback" ? " (the window's fallback price: the courier could not answer in time)" : ""}`,
    );
  return parts.length > 0 ? `${parts.join("; ")}.` : null;
}

function shopifyDetail(eventName: string, outcome: string | null): string | null {
  const status = fulfillmentStatusOf(eventName);
  // Only a step that moved the delivery reaches the order (a repeat or a late event does not).
  return status && outcome && / → /.test(outcome) ? `Shopify shows “${SHOPIFY_WORDS[status]}” on the order` : null;
}

/**
 * One list of what happened, newest first: what was booked and what it cost, what the courier said
 * and what Shopify shows for it, what the app did, and every staff action with who did it (an action
 * and the timeline row it wrote are one entry; an action without one, such as an order's dispatch,
 * is an entry of its own).
 */
export function buildTimeline(
  events: { id: string; eventName: string; occurredAt: Date; outcome: string | null; synthesized: boolean }[],
  activities: Activity[],
  staffActions: readonly StaffActionRow[] = [],
  booking: { cost: BookingCost; money: (cents: number) => string } | null = null,
): TimelineEntry[] {
  const { claimed, unpaired } = pairStaffActions(staffActions, activities);
  const firstDispatch = activities
    .filter((a) => a.kind === "dispatched")
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({
      id: `event-${e.id}`,
      at: e.occurredAt.toISOString(),
      source: "Courier" as const,
      title: eventInWords(e.eventName),
      detail: [outcomeInWords(e.outcome), shopifyDetail(e.eventName, e.outcome)].filter(Boolean).join(". ") || null,
      by: null,
      synthesized: e.synthesized,
    })),
    ...activities.map((a) => {
      const staff = claimed.get(a.id);
      return {
        id: `activity-${a.id}`,
        at: a.createdAt.toISOString(),
        source: staff
          ? staff.by === actorLabel(FLOW_ACTOR)
            ? ("Flow" as const)
            : ("Staff" as const)
          : a.kind.startsWith("staff_")
            ? ("Staff" as const)
            : (ACTIVITY_SOURCES[a.kind] ?? ("App" as const)),
        title: withoutTripReference(a.message),
        detail: a === firstDispatch && booking ? costInWords(booking.cost, booking.money) : null,
        by: staff?.by ?? null,
        synthesized: false,
      };
    }),
    ...unpaired.map((action, index) => ({
      id: `staff-${index}-${action.at}`,
      at: action.at,
      source: action.by === actorLabel(FLOW_ACTOR) ? ("Flow" as const) : ("Staff" as const),
      title: action.detail,
      detail: null,
      by: action.by,
      synthesized: false,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}
