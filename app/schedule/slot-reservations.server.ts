/**
 * Places in delivery slots (the rules: capacity.ts), in the SlotReservation table, the same SQL for
 * SQLite and PostgreSQL.
 *
 * A booking takes a place in its dispatch transaction: it looks up the lowest free place number of
 * its slot and how many bookings the slot holds, then inserts its row with that number (within
 * capacity) or with none (over capacity), `ON CONFLICT DO NOTHING`. The unique (shop, slot, place)
 * is what makes it race-free across instances: two bookings that saw the same free number collide
 * on it, PostgreSQL makes the second wait for the first's commit (under READ COMMITTED), and the
 * loser inserts nothing and looks again, now seeing the winner's row. On SQLite the dispatch
 * transaction has already written (the shipment) when it takes a place, so it is the one writer
 * and nobody changes the slot under it. No count is read and then trusted: at most `capacity`
 * rows ever hold a number from 1 to `capacity`.
 *
 * One reservation per shipment (unique shipmentId): a retried dispatch finds its row and takes no
 * second place. Releasing (shipment canceled) clears the number, so the place is free again.
 *
 * A shopper's window move holds a second place while the courier is asked (unique movingShipmentId,
 * the window moved to in moveJson): the old place stays the shipment's until the courier has taken
 * the move, so a refused move gives back only the new place and never leaves the delivery over
 * capacity (app/dispatch/slot-booking.server.ts).
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows, sqlInteger } from "~/db/sql-row";
import { retryLater } from "~/jobs/errors";
import type { Tx } from "~/jobs/queue.server";
import { withinCapacity } from "./capacity";

type Store = Tx | Db;

/** Attempts to take a place before the job is retried later: each lost race means another booking won one. */
export const TAKE_PLACE_ATTEMPTS = 50;

export interface PlaceRequest {
  shopDomain: string;
  shipmentId: string;
  slotKey: string;
  /** How staff read the slot (capacity.ts slotWords). */
  slotWords: string;
  /** The location's capacity per slot now; null: no limit. */
  capacity: number | null;
  at: Date;
  /** A move's second place, held while the courier is asked: the window moved to (JSON). */
  moveJson?: string;
}

export interface SlotPlace {
  place: number | null;
  overCapacity: boolean;
  slotWords: string;
  /** False when this shipment already held its reservation (a retried dispatch; for a move: one under way). */
  taken: boolean;
}

const lookRow = z.object({ active: sqlInteger, freePlace: sqlInteger });
const insertedRow = z.object({ place: sqlInteger.nullable(), overCapacity: z.union([z.boolean(), sqlInteger]) });

function lookSql(shopDomain: string, slotKey: string): Prisma.Sql {
  const inSlot = (alias: string) =>
    Prisma.sql`${Prisma.raw(alias)}."shopDomain" = ${shopDomain} AND ${Prisma.raw(alias)}."slotKey" = ${slotKey}`;
  return Prisma.sql`
    SELECT
      (SELECT COUNT(*) FROM "SlotReservation" a WHERE ${inSlot("a")} AND a."releasedAt" IS NULL) AS "active",
      (SELECT MIN(free.place) FROM (
        SELECT 1 AS place WHERE NOT EXISTS (SELECT 1 FROM "SlotReservation" b WHERE ${inSlot("b")} AND b."place" = 1)
        UNION ALL
        SELECT c."place" + 1 AS place FROM "SlotReservation" c
        WHERE ${inSlot("c")} AND c."place" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "SlotReservation" d WHERE ${inSlot("d")} AND d."place" = c."place" + 1)
      ) free) AS "freePlace"`;
}

/**
 * Takes this shipment's place in its slot, in the caller's (dispatch) transaction. Over capacity it
 * still records the booking, marked so. Idempotent per shipment.
 */
export async function takeSlotPlace(tx: Tx, request: PlaceRequest): Promise<SlotPlace> {
  const moving = request.moveJson !== undefined;
  const holder = moving ? Prisma.sql`"movingShipmentId", "moveJson"` : Prisma.sql`"shipmentId"`;
  const holderValues = moving
    ? Prisma.sql`${request.shipmentId}, ${request.moveJson}`
    : Prisma.sql`${request.shipmentId}`;
  for (let attempt = 0; attempt < TAKE_PLACE_ATTEMPTS; attempt++) {
    const [look] = parseSqlRows(lookRow, await tx.$queryRaw(lookSql(request.shopDomain, request.slotKey)), "slot");
    const within = withinCapacity(request.capacity, look!.freePlace, look!.active);
    const place = within ? look!.freePlace : null;
    const inserted = parseSqlRows(
      insertedRow,
      await tx.$queryRaw(Prisma.sql`
        INSERT INTO "SlotReservation" ("id", "shopDomain", ${holder}, "slotKey", "slotWords", "capacity", "place", "overCapacity", "createdAt")
        VALUES (${randomUUID()}, ${request.shopDomain}, ${holderValues}, ${request.slotKey}, ${request.slotWords},
          ${request.capacity}, ${place}, ${!within}, ${request.at})
        ON CONFLICT DO NOTHING
        RETURNING "place", "overCapacity"`),
      "slot reservation",
    );
    if (inserted[0]) return { place, overCapacity: !within, slotWords: request.slotWords, taken: true };
    // Nothing inserted: this shipment (or its move) holds a reservation already (its unique key), or
    // another booking took the place number first. Read only then: a booking's first try is two
    // statements, not three (each a round trip inside the dispatch transaction, issue 37).
    const held = await tx.slotReservation.findUnique({
      where: moving ? { movingShipmentId: request.shipmentId } : { shipmentId: request.shipmentId },
    });
    if (held) return { place: held.place, overCapacity: held.overCapacity, slotWords: held.slotWords, taken: false };
  }
  throw retryLater("Many bookings are taking places in this delivery slot at once; trying again.", 1_000);
}

/**
 * Frees the shipment's place (canceled shipment), and the place a move of it holds; nothing when it
 * holds none or was released already.
 */
export async function releaseSlotPlace(store: Store, shipmentId: string, at: Date): Promise<void> {
  await store.slotReservation.updateMany({
    where: { shipmentId, releasedAt: null },
    data: { releasedAt: at, place: null },
  });
  await dropSlotMove(store, shipmentId);
}

/** Gives back the place a move of the shipment holds (the courier refused the move, or never got it). */
export async function dropSlotMove(store: Store, shipmentId: string): Promise<void> {
  await store.slotReservation.deleteMany({ where: { movingShipmentId: shipmentId } });
}

/**
 * The courier took the move: the place it held becomes the shipment's and its old place goes, in
 * the caller's transaction. False (nothing changed) when the move holds no place any more.
 */
export async function completeSlotMove(tx: Tx, shipmentId: string): Promise<boolean> {
  const moving = await tx.slotReservation.findUnique({ where: { movingShipmentId: shipmentId }, select: { id: true } });
  if (!moving) return false;
  await tx.slotReservation.deleteMany({ where: { shipmentId } });
  await tx.slotReservation.update({
    where: { id: moving.id },
    data: { shipmentId, movingShipmentId: null, moveJson: null },
  });
  return true;
}

/** A move's held place, with the window it moves to (JSON), or null when no move of the shipment holds one. */
export async function heldSlotMove(db: Db, shipmentId: string): Promise<{ moveJson: string | null } | null> {
  return db.slotReservation.findUnique({ where: { movingShipmentId: shipmentId }, select: { moveJson: true } });
}

const countRow = z.object({ slotKey: z.string(), taken: sqlInteger });

/** The bookings held (not released) per slot key, in one query; a key without any is left out. */
export async function takenPlaces(
  db: Db,
  shopDomain: string,
  slotKeys: readonly string[],
): Promise<Map<string, number>> {
  if (slotKeys.length === 0) return new Map();
  const rows = parseSqlRows(
    countRow,
    await db.$queryRaw(Prisma.sql`
      SELECT "slotKey", COUNT(*) AS "taken" FROM "SlotReservation"
      WHERE "shopDomain" = ${shopDomain} AND "slotKey" IN (${Prisma.join([...new Set(slotKeys)])}) AND "releasedAt" IS NULL
      GROUP BY "slotKey"`),
    "slot count",
  );
  return new Map(rows.map((row) => [row.slotKey, row.taken]));
}

/** A shipment's reservation as staff see it, or null when it has none. */
export async function shipmentSlotPlace(
  db: Db,
  shipmentId: string,
): Promise<{ slotWords: string; overCapacity: boolean; released: boolean } | null> {
  const row = await db.slotReservation.findUnique({
    where: { shipmentId },
    select: { slotWords: true, overCapacity: true, releasedAt: true },
  });
  return row ? { slotWords: row.slotWords, overCapacity: row.overCapacity, released: row.releasedAt !== null } : null;
}

/** Most over-capacity bookings overCapacityBookings lists at once. */
export const OVER_CAPACITY_LIST_MAX = 50;

/**
 * The shop's bookings that hold a slot past its capacity (not released), newest first, for staff
 * (e.g. a list on Home): the shipment, its order and the slot's words.
 */
export async function overCapacityBookings(
  db: Db,
  shopDomain: string,
  take = OVER_CAPACITY_LIST_MAX,
): Promise<{ shipmentId: string; orderName: string; slotWords: string; bookedAt: Date }[]> {
  const rows = await db.slotReservation.findMany({
    // A move's held place is never over capacity (a full slot refuses the move); shipmentId is the booking's.
    where: { shopDomain, overCapacity: true, releasedAt: null, shipmentId: { not: null } },
    orderBy: { createdAt: "desc" },
    take: Math.min(Math.max(take, 0), OVER_CAPACITY_LIST_MAX),
    select: { shipmentId: true, slotWords: true, createdAt: true, shipment: { select: { orderName: true } } },
  });
  return rows.flatMap((row) =>
    row.shipmentId && row.shipment
      ? [
          {
            shipmentId: row.shipmentId,
            orderName: row.shipment.orderName,
            slotWords: row.slotWords,
            bookedAt: row.createdAt,
          },
        ]
      : [],
  );
}
