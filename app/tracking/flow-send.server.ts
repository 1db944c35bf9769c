import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { parseFlowTrigger } from "~/shopify-admin/flow-trigger-payloads";
import { sendFlowTrigger } from "~/shopify-admin/flow-triggers.server";
import type { SendFlowTriggerPayload } from "./jobs";

/**
 * The trigger with its `Reason`: the shipment's attention reason as it is now (redacted with the
 * shipment), else the trigger's own codes in words.
 */
function withReason(trigger: unknown, attentionReason: string | null | undefined): unknown {
  const stored = trigger as { handle?: unknown; payload?: Record<string, unknown> } | null;
  if (!stored?.payload) return trigger;
  const { Outcome: outcome, "Reason code": code } = stored.payload;
  const fallback =
    typeof outcome === "string" ? `The delivery was ${outcome}.` : `The delivery needs attention (${String(code)}).`;
  return { ...stored, payload: { ...stored.payload, Reason: attentionReason ?? fallback } };
}

/**
 * Sends one Flow trigger occurrence. An expiry's triggers are dropped when the courier's repost took
 * over meanwhile (the shipment follows another courier shipment now): the delivery goes on.
 */
export async function sendFlowOccurrence(
  deps: { db: Db; admin: () => Promise<AdminGraphql> },
  job: SendFlowTriggerPayload,
): Promise<"sent" | "reposted"> {
  const shipment = await deps.db.shipment.findUnique({
    where: { id: job.shipmentId },
    select: { courierShipmentId: true, attentionReason: true },
  });
  const parsed = parseFlowTrigger(
    job.reasonFromShipment ? withReason(job.trigger, shipment?.attentionReason) : job.trigger,
  );
  if (!parsed.ok) throw permanentFailure(parsed.reason);
  if (job.waitsForRepost && shipment && shipment.courierShipmentId !== job.courierShipmentId) return "reposted";
  await sendFlowTrigger(await deps.admin(), parsed.trigger);
  return "sent";
}
