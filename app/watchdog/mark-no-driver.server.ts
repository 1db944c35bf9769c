import type { Shipment } from "@prisma/client";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { noDriverYetKind } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import {
  needsAttentionTrigger,
  noDriverYetTrigger,
  flowTriggerJob,
  NO_DRIVER_YET,
  noDriverYetAttention,
  type NoDriverCause,
  orderAttentionTagJob,
} from "~/tracking/public";

/**
 * Marks the shipment "no driver yet": the timeline entry (whose kind names the courier shipment, so it
 * is marked once) and the shipment's attention; the order's attention tag and both Flow triggers
 * (needs attention with the no_driver_yet code, and No driver yet) are jobs of their own enqueued with
 * it, keyed so each is done once, none holding the mark back.
 */
export async function markNoDriverYet(
  deps: { db: Db; queue: JobQueue },
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
    await deps.queue.enqueue(
      orderAttentionTagJob(input.shopDomain, {
        occurrence: `${noDriverYetKind(input.courierShipmentId)}:${shipment.id}`,
        change: "add",
        orderGid: shipment.orderGid,
        shipmentId: shipment.id,
        tag: input.attentionTag,
      }),
      tx,
    );
  });
}
