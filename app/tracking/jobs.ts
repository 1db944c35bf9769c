import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";
import type { FlowOccurrence } from "./flow-triggers";

/** Applies a shipment's stored, not yet applied courier events (one job per shipment at a time). */
export const APPLY_EVENTS_JOB = "tracking.apply-events";
/**
 * An event for a courier shipment the app has no row for yet. The courier can report on a shipment
 * before the transaction that stores it commits (its driver_assigned may arrive while the dispatch job
 * is still writing), and neither side then sees the other's uncommitted row: this job looks again once
 * that transaction has had time to finish.
 */
export const MATCH_EARLY_EVENTS_JOB = "tracking.match-early-events";
/** When the first look happens, and how many looks before the event is left to reconciliation. */
export const MATCH_EARLY_EVENTS_DELAY_MS = 2_000;
export const MATCH_EARLY_EVENTS_ATTEMPTS = 4;

/** Sends one Shopify Flow trigger occurrence (flow-triggers.ts); retried like any job, sent once per key. */
export const SEND_FLOW_TRIGGER_JOB = "tracking.flow-trigger";

/**
 * A re-delivery of returned items was booked (app/dispatch/redelivery.ts): the returned delivery's
 * fulfillment, which carries it, gets the new shipment's tracking number and page.
 */
export const REDELIVERY_TRACKING_JOB = "tracking.redelivery-tracking";

export const ApplyEventsPayload = z.object({ shipmentId: z.string().min(1) });
export type ApplyEventsPayload = z.infer<typeof ApplyEventsPayload>;
export const MatchEarlyEventsPayload = z.object({ courierShipmentId: z.string().min(1) });
export type MatchEarlyEventsPayload = z.infer<typeof MatchEarlyEventsPayload>;

/**
 * The job that applies a shipment's events. It reads them when it runs, so one queued job stands
 * for every event stored before it is claimed (enqueue with `enqueueUnlessQueued`).
 */
export function applyEventsJob(shopDomain: string, shipmentId: string): EnqueueInput {
  return {
    shopDomain,
    kind: APPLY_EVENTS_JOB,
    payload: { shipmentId } satisfies ApplyEventsPayload,
    orderingKey: `shipment:${shipmentId}`,
  };
}

/** Enqueued with the re-delivery's shipment row; one at a time with its events (same ordering key). */
export function redeliveryTrackingJob(shopDomain: string, shipmentId: string): EnqueueInput {
  return {
    shopDomain,
    kind: REDELIVERY_TRACKING_JOB,
    payload: { shipmentId } satisfies ApplyEventsPayload,
    uniqueKey: `redelivery-tracking:${shipmentId}`,
    orderingKey: `shipment:${shipmentId}`,
  };
}

export function matchEarlyEventsJob(shopDomain: string, courierShipmentId: string, now: Date): EnqueueInput {
  return {
    shopDomain,
    kind: MATCH_EARLY_EVENTS_JOB,
    payload: { courierShipmentId } satisfies MatchEarlyEventsPayload,
    runAt: new Date(now.getTime() + MATCH_EARLY_EVENTS_DELAY_MS),
    maxAttempts: MATCH_EARLY_EVENTS_ATTEMPTS,
  };
}

/**
 * How long an expiry's triggers wait for the courier's automatic repost (the document gives no delay;
 * the sandbox reposts at once): a repost within it means the delivery goes on, and nothing is sent.
 */
export const EXPIRY_REPOST_GRACE_MS = 2 * 60 * 1000;

export const SendFlowTriggerPayload = z.object({
  trigger: z.unknown(),
  /**
   * The trigger's `Reason` is read from the shipment when it is sent, not stored: it may quote the
   * courier's free text (notes naming the shopper), which customers/redact clears on the shipment.
   */
  reasonFromShipment: z.boolean().optional(),
  shipmentId: z.string().min(1),
  /** The courier shipment the occurrence is about; a repost gives the shipment another one. */
  courierShipmentId: z.string().nullable(),
  waitsForRepost: z.boolean(),
});
export type SendFlowTriggerPayload = z.infer<typeof SendFlowTriggerPayload>;

function withoutReason(payload: Record<string, unknown>): Record<string, unknown> {
  const { Reason: _reason, ...rest } = payload;
  return rest;
}

/** The job that sends a Flow trigger: its unique key is the occurrence's, so a repeat adds nothing. */
export function flowTriggerJob(
  shopDomain: string,
  shipment: { id: string; courierShipmentId: string | null },
  occurrence: FlowOccurrence,
  now: Date,
): EnqueueInput {
  const { trigger } = occurrence;
  const reasonFromShipment = "Reason" in trigger.payload;
  const stored = reasonFromShipment ? { ...trigger, payload: withoutReason(trigger.payload) } : trigger;
  return {
    shopDomain,
    kind: SEND_FLOW_TRIGGER_JOB,
    payload: {
      trigger: stored,
      reasonFromShipment,
      shipmentId: shipment.id,
      courierShipmentId: shipment.courierShipmentId,
      waitsForRepost: occurrence.waitsForRepost ?? false,
    } satisfies SendFlowTriggerPayload,
    uniqueKey: `flow:${occurrence.key}`,
    ...(occurrence.waitsForRepost ? { runAt: new Date(now.getTime() + EXPIRY_REPOST_GRACE_MS) } : {}),
  };
}
