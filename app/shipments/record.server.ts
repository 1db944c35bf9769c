import type { Prisma } from "@prisma/client";
import type { Tx } from "~/jobs/queue.server";
import { releaseSlotPlace } from "~/schedule/slot-reservations.server";

/**
 * The one way a shipment's timeline is written: the shipment's new fields and the timeline entry that
 * says why, in the caller's transaction, so neither is ever seen without the other. Kinds come from
 * the one catalogue, activity-kinds.ts.
 */

export type TimelineEntry = { kind: string; message: string };

export async function recordOnShipment(
  tx: Tx,
  input: { shipmentId: string; at: Date; data?: Prisma.ShipmentUpdateInput; entry: TimelineEntry },
): Promise<void> {
  const { shipmentId, at, data } = input;
  if (data && Object.keys(data).length > 0) await tx.shipment.update({ where: { id: shipmentId }, data });
  await tx.shipmentActivity.create({ data: { shipmentId, ...input.entry, createdAt: at } });
}

/** Several timeline entries at once, each at its own time (a batch of courier events applied together). */
export async function addTimelineEntries(
  tx: Tx,
  shipmentId: string,
  entries: readonly (TimelineEntry & { createdAt: Date })[],
): Promise<void> {
  if (entries.length > 0) await tx.shipmentActivity.createMany({ data: entries.map((e) => ({ shipmentId, ...e })) });
}

/**
 * Records a cancellation the courier accepted: the shipment's canceled state (final here and now: a
 * courier event that moved the state meanwhile, or the courier's own canceled event arriving later,
 * changes nothing) and its timeline entry, with an optional entry that follows it (such as "waiting to
 * be dispatched again"), one millisecond later so the timeline keeps their order. Staff cancel, staff
 * "cancel and re-dispatch" and the order-change job all write it this way. The shipment's place in
 * its delivery slot is released with it.
 */
export async function markShipmentCanceled(
  tx: Tx,
  input: { shipmentId: string; at: Date; entry: TimelineEntry; followedBy?: TimelineEntry },
): Promise<void> {
  const { shipmentId, at } = input;
  await recordOnShipment(tx, {
    shipmentId,
    at,
    data: {
      state: "canceled",
      lastEventAt: at,
      etaAt: null,
      needsAttention: false,
      attentionReason: null,
      attentionCode: null,
    },
    entry: input.entry,
  });
  // Its delivery slot's place is free for another order (app/schedule/slot-reservations.server.ts).
  await releaseSlotPlace(tx, shipmentId, at);
  if (input.followedBy) {
    await recordOnShipment(tx, { shipmentId, at: new Date(at.getTime() + 1), entry: input.followedBy });
  }
}
