import type { Shipment } from "@prisma/client";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import { addOrderTags } from "~/shopify/order-annotations.server";
import { needsAttentionTrigger, noDriverYetTrigger } from "~/tracking/flow-triggers";
import { flowTriggerJob } from "~/tracking/jobs";
import { noDriverYetKind } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { NO_DRIVER_YET, noDriverYetAttention, type NoDriverCause } from "~/tracking/no-driver-attention";

/**
 * Marks the shipment "no driver yet": the order's attention tag, the timeline entry (whose kind names
 * the courier shipment, so it is marked once), the shipment's attention, and both Flow triggers
 * (needs attention with the no_driver_yet code, and No driver yet), keyed so each is sent once.
 */
export async function markNoDriverYet(
  deps: { db: Db; queue: JobQueue; admin: () => Promise<AdminGraphql> },
  input: {
    shopDomain: string;
    shipment: Shipment;
    courierShipmentId: string;
    attentionTag: string;
    cause: NoDriverCause;
    raisedCents: number;
    now: Date;
  },
): Promise<void> {
  const { shipment, now } = input;
  const attention = noDriverYetAttention(input.cause, input.raisedCents);
  // The tag first: adding it again is harmless, and a failure here retries the look before anything is marked.
  await addOrderTags(await deps.admin(), shipment.orderGid, [input.attentionTag]);
  await deps.db.$transaction(async (tx) => {
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at: now,
      entry: { kind: noDriverYetKind(input.courierShipmentId), message: attention.reason },
    });
    // Another reason already shown (a price flag, an order change) keeps its words; the timeline says this one.
    if (!shipment.needsAttention)
      await tx.shipment.update({
        where: { id: shipment.id },
        data: { needsAttention: true, attentionReason: attention.reason, attentionCode: attention.code },
      });
    for (const occurrence of [
      needsAttentionTrigger(shipment, NO_DRIVER_YET, attention.reason),
      noDriverYetTrigger(shipment),
    ])
      await deps.queue.enqueue(flowTriggerJob(input.shopDomain, shipment, occurrence, now), tx);
  });
}
