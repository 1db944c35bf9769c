import type { Db } from "~/db/client.server";
import { permanentFailure } from "~/jobs/errors";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { parseFlowTrigger } from "~/shopify-admin/flow-trigger-payloads";
import { sendFlowTrigger } from "~/shopify-admin/flow-triggers.server";
import type { SendFlowTriggerPayload } from "./jobs";

/**
 * Sends one Flow trigger occurrence. An expiry's triggers are dropped when the courier's repost took
 * over meanwhile (the shipment follows another courier shipment now): the delivery goes on.
 */
export async function sendFlowOccurrence(
  deps: { db: Db; admin: () => Promise<AdminGraphql> },
  job: SendFlowTriggerPayload,
): Promise<"sent" | "reposted"> {
  const parsed = parseFlowTrigger(job.trigger);
  if (!parsed.ok) throw permanentFailure(parsed.reason);
  if (job.waitsForRepost) {
    const shipment = await deps.db.shipment.findUnique({
      where: { id: job.shipmentId },
      select: { courierShipmentId: true },
    });
    if (shipment && shipment.courierShipmentId !== job.courierShipmentId) return "reposted";
  }
  await sendFlowTrigger(await deps.admin(), parsed.trigger);
  return "sent";
}
