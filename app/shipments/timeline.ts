import { SHIPMENT_STATES, type ShipmentState } from "../../extensions/shared/api-contract";
import { STATE_LABELS } from "../../extensions/shared/presentation";

/**
 * A shipment's timeline: the courier's events and what the app and staff did, newest first, in
 * words. Pure; the raw event payloads (which hold customer data) never reach the page.
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

const isState = (value: string): value is ShipmentState => (SHIPMENT_STATES as readonly string[]).includes(value);

/** The tracking flow records "en_route → delivered": shown as "Out for delivery → Delivered". */
export function outcomeInWords(outcome: string | null): string | null {
  if (!outcome) return null;
  const match = /^([a-z_]+) → ([a-z_]+)$/.exec(outcome);
  if (match && isState(match[1]!) && isState(match[2]!)) return `${STATE_LABELS[match[1]]} → ${STATE_LABELS[match[2]]}`;
  return outcome;
}

export function eventInWords(name: string): string {
  return EVENT_WORDS[name] ?? `Courier event: ${name.replace(/^shipment\./, "").replace(/[._]+/g, " ")}`;
}

const ACTIVITY_SOURCES: Record<string, string> = {
  dispatched: "App",
  dispatch_failed: "App",
  staff_tip: "Staff",
  staff_rating: "Staff",
  staff_retry_job: "Staff",
  attention_resolved: "Staff",
};

export type TimelineEntry = {
  id: string;
  at: string;
  source: "Courier" | "App" | "Staff";
  title: string;
  detail: string | null;
  /** Built by reconciliation from the courier's record (its webhook was missed). */
  synthesized: boolean;
};

export function buildTimeline(
  events: { id: string; eventName: string; occurredAt: Date; outcome: string | null; synthesized: boolean }[],
  activities: { id: string; kind: string; message: string; createdAt: Date }[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({
      id: `event-${e.id}`,
      at: e.occurredAt.toISOString(),
      source: "Courier" as const,
      title: eventInWords(e.eventName),
      detail: outcomeInWords(e.outcome),
      synthesized: e.synthesized,
    })),
    ...activities.map((a) => ({
      id: `activity-${a.id}`,
      at: a.createdAt.toISOString(),
      source: (a.kind.startsWith("staff_") ? "Staff" : (ACTIVITY_SOURCES[a.kind] ?? "App")) as TimelineEntry["source"],
      title: a.message,
      detail: null,
      synthesized: false,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}
