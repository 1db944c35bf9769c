import type { Tx } from "~/jobs/queue.server";

export type TimelineEntry = { kind: string; message: string };

/**
 * Records a cancellation the courier accepted: the shipment's canceled state (final here and now: a
 * courier event that moved the state meanwhile, or the courier's own canceled event arriving later,
 * changes nothing) and its timeline entry, with an optional entry that follows it (such as "waiting to
 * be dispatched again"), one millisecond later so the timeline keeps their order. Staff cancel, staff
 * "cancel and re-dispatch" and the order-change job all write it this way, inside their transaction.
 */
export async function markShipmentCanceled(
  tx: Tx,
  input: { shipmentId: string; at: Date; entry: TimelineEntry; followedBy?: TimelineEntry },
): Promise<void> {
  const { shipmentId, at } = input;
  await tx.shipment.update({
    where: { id: shipmentId },
    data: { state: "canceled", lastEventAt: at, etaAt: null, needsAttention: false, attentionReason: null },
  });
  await tx.shipmentActivity.create({ data: { shipmentId, ...input.entry, createdAt: at } });
  if (input.followedBy) {
    await tx.shipmentActivity.create({
      data: { shipmentId, ...input.followedBy, createdAt: new Date(at.getTime() + 1) },
    });
  }
}
