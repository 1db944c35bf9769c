/**
 * The courier-event intake's raw SQL (intake.server.ts says why it is raw: on this path a model
 * query's compilation cost more than the database's work), written once for both databases, with
 * every returned row parsed.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { parseSqlRows, sqlInteger } from "~/db/sql-row";
import type { Tx } from "~/jobs/queue.server";

const matchableShipmentRow = z.object({
  id: z.string(),
  shopId: z.string(),
  courierShipmentId: z.string().nullable(),
  replacedByCourierId: z.string().nullable(),
  generation: sqlInteger,
});
export type MatchableShipment = z.output<typeof matchableShipmentRow>;

/** The shipments of each shop whose courier id, or the id they replaced, is one of the shop's ids. */
export async function shipmentsByCourierIds(
  tx: Tx,
  idsByShop: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<MatchableShipment[]> {
  // Pairs of (shop, ids), so each side of the OR is one index search.
  const where = [...idsByShop]
    .filter(([, ids]) => ids.size > 0)
    .flatMap(([shopId, ids]) => {
      const list = Prisma.join([...ids]);
      return [
        Prisma.sql`("shopId" = ${shopId} AND "courierShipmentId" IN (${list}))`,
        Prisma.sql`("shopId" = ${shopId} AND "replacedByCourierId" IN (${list}))`,
      ];
    });
  if (where.length === 0) return [];
  const rows = await tx.$queryRaw(Prisma.sql`
    SELECT "id", "shopId", "courierShipmentId", "replacedByCourierId", "generation" FROM "Shipment"
    WHERE ${Prisma.join(where, " OR ")}`);
  return parseSqlRows(matchableShipmentRow, rows, "Shipment");
}

export type CourierEventInsert = {
  shopId: string;
  shipmentId: string | null;
  courierShipmentId: string | null;
  eventName: string;
  occurredAt: Date;
  dedupeKey: string;
  payloadJson: string;
  receivedAt: Date;
};

const insertedEventRow = z.object({ shopId: z.string(), dedupeKey: z.string() });

/**
 * Inserts the events no row holds yet (same shop and dedupe key) and returns the (shop, key) pairs
 * it inserted: one statement, which leaves a repeat, even one another instance is inserting right
 * now, out.
 */
export async function insertCourierEventsUnlessStored(
  tx: Tx,
  events: readonly CourierEventInsert[],
): Promise<{ shopId: string; dedupeKey: string }[]> {
  if (events.length === 0) return [];
  const values = events.map(
    (event) => Prisma.sql`(
    ${randomUUID()}, ${event.shopId}, ${event.shipmentId}, ${event.courierShipmentId}, ${event.eventName},
    ${event.occurredAt}, ${event.dedupeKey}, ${event.payloadJson}, ${event.receivedAt})`,
  );
  const rows = await tx.$queryRaw(Prisma.sql`
    INSERT INTO "CourierEvent"
      ("id", "shopId", "shipmentId", "courierShipmentId", "eventName", "occurredAt", "dedupeKey", "payloadJson", "receivedAt")
    VALUES ${Prisma.join(values)}
    ON CONFLICT ("shopId", "dedupeKey") DO NOTHING
    RETURNING "shopId", "dedupeKey"`);
  return parseSqlRows(insertedEventRow, rows, "CourierEvent");
}

/** Records when the shop's last courier event arrived (shown in settings). */
export async function writeLastCourierEventAt(tx: Tx, shopId: string, at: Date): Promise<void> {
  await tx.$executeRaw`UPDATE "Shop" SET "lastCourierEventAt" = ${at} WHERE "id" = ${shopId}`;
}

const storedBodyRow = z.object({ shopId: z.string(), dedupeKey: z.string(), payloadJson: z.string() });

/** The stored bodies of events already held (repeats, rare), for the given (shop, dedupe key) pairs. */
export async function storedEventBodies(
  tx: Tx,
  keys: readonly { shopId: string; dedupeKey: string }[],
): Promise<z.output<typeof storedBodyRow>[]> {
  if (keys.length === 0) return [];
  const where = keys.map((k) => Prisma.sql`("shopId" = ${k.shopId} AND "dedupeKey" = ${k.dedupeKey})`);
  const rows = await tx.$queryRaw(Prisma.sql`
    SELECT "shopId", "dedupeKey", "payloadJson" FROM "CourierEvent" WHERE ${Prisma.join(where, " OR ")}`);
  return parseSqlRows(storedBodyRow, rows, "CourierEvent");
}
