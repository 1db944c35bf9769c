import type { Db } from "~/db/client.server";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { DISPATCH_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { enqueueFulfillmentOrderDispatch } from "./enqueue-dispatch.server";
import { dispatchUnderWay, nextDispatchGeneration } from "./generation.server";
import { DispatchRefused } from "./staff-dispatch.server";

/**
 * Staff's "Deliver again" on a delivery the courier returned to the store (redelivery.ts): the
 * fulfillment order's dispatch job books a new courier shipment of the returned items, as a new
 * generation (its own idempotency key), in the window kind staff confirmed with its price.
 */

export const REDELIVERY_REFUSED = {
  notReturned: "Only a delivery the courier returned to the store can be delivered again.",
  already: "This delivery is already being delivered again.",
} as const;

/**
 * Enqueues the re-delivery and ends the returned delivery's attention, in one transaction; refused
 * (DispatchRefused, nothing written) unless the shipment is a returned delivery, the latest of its
 * fulfillment order, with no dispatch of the order under way. Returns the new dispatch's generation.
 * Should the job find nothing to book after all (the order canceled meanwhile), it flags the returned
 * delivery again with why (`redeliveryNotBooked`).
 */
export async function deliverAgain(
  deps: { db: Db; queue: JobQueue; clock: () => Date },
  input: { shopDomain: string; shipmentId: string; serviceCode: string | null },
): Promise<{ generation: number; orderGid: string; orderName: string }> {
  const at = deps.clock();
  return deps.db.$transaction(async (tx) => {
    const returned = await tx.shipment.findFirst({
      where: { id: input.shipmentId, shop: { domain: input.shopDomain } },
      include: { shop: { select: { id: true, domain: true } } },
    });
    if (!returned) throw new DispatchRefused("This delivery was not found in your store.", "unknown_order");
    if (returned.state !== "returned" || returned.kind !== "delivery")
      throw new DispatchRefused(REDELIVERY_REFUSED.notReturned, "not_eligible");
    const later = await tx.shipment.count({
      where: {
        shopId: returned.shopId,
        fulfillmentOrderGid: returned.fulfillmentOrderGid,
        generation: { gt: returned.generation },
      },
    });
    if (later > 0 || (await dispatchUnderWay(tx, input.shopDomain, returned.orderGid)))
      throw new DispatchRefused(REDELIVERY_REFUSED.already, "already_dispatched");
    const generation = await nextDispatchGeneration(tx, returned.shop, returned.orderGid);
    await enqueueFulfillmentOrderDispatch(
      deps.queue,
      {
        shopDomain: input.shopDomain,
        orderGid: returned.orderGid,
        fulfillmentOrderGid: returned.fulfillmentOrderGid,
        generation,
        manual: { serviceCode: input.serviceCode ?? returned.serviceCode },
        redeliveryOf: returned.id,
      },
      tx,
    );
    await recordOnShipment(tx, {
      shipmentId: returned.id,
      at,
      data: { needsAttention: false, attentionReason: null, attentionCode: null },
      entry: {
        kind: DISPATCH_ACTIVITY.deliverAgain,
        message: `Delivering the returned items again as a new shipment (dispatch ${generation}), with the order's current address.`,
      },
    });
    return { generation, orderGid: returned.orderGid, orderName: returned.orderName };
  });
}

/** The re-delivery's job found nothing to book: the returned delivery needs attention again, with why. */
export async function redeliveryNotBooked(
  tx: Tx,
  input: { returnedShipmentId: string; reason: string; at: Date },
): Promise<void> {
  const reason = `The returned items could not be delivered again: ${input.reason}`;
  await recordOnShipment(tx, {
    shipmentId: input.returnedShipmentId,
    at: input.at,
    data: { needsAttention: true, attentionCode: "returned", attentionReason: reason },
    entry: { kind: DISPATCH_ACTIVITY.failed, message: reason },
  });
}
