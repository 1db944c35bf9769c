import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import type { Tx } from "~/db/client.server";

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
  // Plain SQL: an entry is written by every booking and event, and a model create cost more to compile than to run.
  await tx.$executeRaw`INSERT INTO "ShipmentActivity" ("id", "shipmentId", "kind", "message", "createdAt")
    VALUES (${randomUUID()}, ${shipmentId}, ${input.entry.kind}, ${input.entry.message}, ${at})`;
}

/** Several timeline entries at once, each at its own time (a batch of courier events applied together). */
export async function addTimelineEntries(
  tx: Tx,
  shipmentId: string,
  entries: readonly (TimelineEntry & { createdAt: Date })[],
): Promise<void> {
  if (entries.length > 0) await tx.shipmentActivity.createMany({ data: entries.map((e) => ({ shipmentId, ...e })) });
}
