/**
 * After an expiry (the courier canceled with `delivery_deadline_passed`): once the courier had time to
 * repost it (EXPIRY_REPOST_GRACE_MS, as the expiry's Flow triggers wait), the app either offers staff
 * to dispatch the delivery again (Home's attention list) or, when the merchant chose so, does it
 * itself, once per expiry. Never when a repost took over, staff acted meanwhile, or the order was
 * canceled or fulfilled meanwhile. Pure: the job (app/order-changes/after-expiry.server.ts) gathers the facts.
 */
import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";
import type { ExpiryRedispatchMode } from "~/settings/expiry-schema";
import { EXPIRY_REPOST_GRACE_MS } from "./jobs";

export const AFTER_EXPIRY_JOB = "tracking.after-expiry";

export const AfterExpiryPayload = z.object({
  shipmentId: z.string().min(1),
  /** The courier shipment that expired: a repost gives the shipment another one, and then nothing is done. */
  courierShipmentId: z.string().min(1),
});
export type AfterExpiryPayload = z.infer<typeof AfterExpiryPayload>;

/** One job per expiry (its unique key): a repeated canceled event, or a run applied again, adds none. */
export function afterExpiryJob(
  shopDomain: string,
  shipment: { id: string; courierShipmentId: string | null },
  now: Date,
): EnqueueInput {
  const courierShipmentId = shipment.courierShipmentId ?? "none";
  return {
    shopDomain,
    kind: AFTER_EXPIRY_JOB,
    payload: { shipmentId: shipment.id, courierShipmentId } satisfies AfterExpiryPayload,
    uniqueKey: `after-expiry:${shipment.id}:${courierShipmentId}`,
    runAt: new Date(now.getTime() + EXPIRY_REPOST_GRACE_MS),
  };
}

export type AfterExpiryFacts = {
  /** The shipment now. */
  shipment: { state: string; courierShipmentId: string | null; needsAttention: boolean; attentionCode: string | null };
  /** The courier shipment that expired (the job's payload). */
  expiredCourierShipmentId: string;
  mode: ExpiryRedispatchMode;
  /** The order as Shopify has it now: gone (deleted), canceled, its fulfillment order no longer open, or open. */
  order: "gone" | "canceled" | "fulfilled" | "open";
};

export type AfterExpiryDecision =
  | { action: "nothing"; why: "reposted" | "resolved" }
  | { action: "close"; why: "order_gone" | "order_canceled" | "order_fulfilled" }
  | { action: "offer" }
  | { action: "redispatch" };

export function afterExpiryDecision(facts: AfterExpiryFacts): AfterExpiryDecision {
  const { shipment } = facts;
  if (shipment.courierShipmentId !== facts.expiredCourierShipmentId) return { action: "nothing", why: "reposted" };
  // Staff dispatched it again, or something else cleared the expiry's attention, meanwhile.
  if (shipment.state !== "canceled" || !shipment.needsAttention || shipment.attentionCode !== "expired")
    return { action: "nothing", why: "resolved" };
  if (facts.order === "gone") return { action: "close", why: "order_gone" };
  if (facts.order === "canceled") return { action: "close", why: "order_canceled" };
  if (facts.order === "fulfilled") return { action: "close", why: "order_fulfilled" };
  return facts.mode === "automatic" ? { action: "redispatch" } : { action: "offer" };
}

export const AFTER_EXPIRY_WORDS = {
  offered:
    "The courier did not repost the expired delivery. Dispatch it again from Home's attention list: it goes into the next window still open.",
  automatic:
    "The courier did not repost the expired delivery: dispatching it again automatically (the shop's setting), once, into the next window still open.",
  order_gone: "Not dispatched again after the expiry: Shopify no longer has the order.",
  order_canceled: "Not dispatched again after the expiry: the order was canceled meanwhile.",
  order_fulfilled: "Not dispatched again after the expiry: the order was fulfilled meanwhile.",
} as const;
