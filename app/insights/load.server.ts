import { Prisma } from "@prisma/client";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows, sqlDate, sqlInteger } from "~/db/sql-row";
import { ANSWER_MS_COLUMNS, NO_RATE_COLUMNS, NO_RATE_REASONS, PRICE_SOURCES, RATED_COLUMNS } from "~/quote/public";
import type { DeliveryRow } from "./delivery-figures";
import type { FunnelHourRow } from "./funnel-figures";

/**
 * What Insights reads: the period's shipments as plain rows (one query, the raises summed in it) and
 * the funnel's hour rows summed over the locations asked for (one query). A row's day is its window's
 * start, else its creation (delivery-figures.ts): both ranges are read, each by its index.
 */

/** A raise is made while no driver takes the delivery: at most this long before the window's start. */
const RAISE_LEAD_MS = 2 * 24 * 60 * 60_000;

const nullableDate = sqlDate.nullable();
const nullableInteger = sqlInteger.nullable();
const deliveryRow = z.object({
  id: z.string(),
  orderName: z.string(),
  locationGid: z.string(),
  kind: z.string(),
  state: z.string(),
  createdAt: sqlDate,
  pickupAfter: nullableDate,
  deliverStart: nullableDate,
  deliverEnd: nullableDate,
  driverAssignedAt: nullableDate,
  atPickupAt: nullableDate,
  pickedUpAt: nullableDate,
  deliveredAt: nullableDate,
  priceCents: nullableInteger,
  shopperPriceCents: nullableInteger,
  tipCents: nullableInteger,
  raiseCents: nullableInteger.transform((value) => value ?? 0),
  batchReferenceId: z.string().nullable(),
});

export interface RowsQuery {
  shopId: string;
  start: Date;
  end: Date;
  /** One pickup location, or every one. */
  locationGid: string | null;
}

export async function loadDeliveryRows(db: Db, query: RowsQuery): Promise<DeliveryRow[]> {
  const { shopId, start, end, locationGid } = query;
  const atLocation = locationGid === null ? Prisma.empty : Prisma.sql`AND s."locationGid" = ${locationGid}`;
  const raisesFrom = new Date(start.getTime() - RAISE_LEAD_MS);
  const rows = await db.$queryRaw(Prisma.sql`
    SELECT s."id", s."orderName", s."locationGid", s."kind", s."state", s."createdAt", s."pickupAfter",
      s."deliverStart", s."deliverEnd", s."driverAssignedAt", s."atPickupAt", s."pickedUpAt", s."deliveredAt",
      s."priceCents", s."shopperPriceCents", s."tipCents", r."raiseCents", s."batchReferenceId"
    FROM "Shipment" s
    LEFT JOIN (
      SELECT "shipmentId", SUM("amountCents") AS "raiseCents" FROM "NoDriverRaise"
      WHERE "shopId" = ${shopId} AND "sentAt" IS NOT NULL AND "raisedAt" >= ${raisesFrom} AND "raisedAt" < ${end}
      GROUP BY "shipmentId"
    ) r ON r."shipmentId" = s."id"
    WHERE s."shopId" = ${shopId} ${atLocation} AND (
      (s."deliverStart" >= ${start} AND s."deliverStart" < ${end})
      OR (s."deliverStart" IS NULL AND s."createdAt" >= ${start} AND s."createdAt" < ${end})
    )`);
  return parseSqlRows(deliveryRow, rows, "insights delivery");
}

const COUNT_COLUMNS = [
  "requests",
  ...PRICE_SOURCES.map((source) => RATED_COLUMNS[source]),
  ...NO_RATE_REASONS.map((reason) => NO_RATE_COLUMNS[reason]),
  ...ANSWER_MS_COLUMNS,
] as const;
const funnelRow = z.object({
  hourStart: sqlDate,
  ...Object.fromEntries(COUNT_COLUMNS.map((column) => [column, sqlInteger])),
});

export async function loadFunnelHours(
  db: Db,
  query: { shopDomain: string; start: Date; end: Date; locationGid: string | null },
): Promise<FunnelHourRow[]> {
  const { shopDomain, start, end, locationGid } = query;
  const atLocation = locationGid === null ? Prisma.empty : Prisma.sql`AND "locationGid" = ${locationGid}`;
  const sums = COUNT_COLUMNS.map((column) => `SUM("${column}") AS "${column}"`).join(", ");
  const rows = parseSqlRows(
    funnelRow,
    await db.$queryRaw(Prisma.sql`
      SELECT "hourStart", ${Prisma.raw(sums)} FROM "QuoteFunnelHour"
      WHERE "shopDomain" = ${shopDomain} AND "hourStart" >= ${start} AND "hourStart" < ${end} ${atLocation}
      GROUP BY "hourStart"`),
    "quote funnel",
  );
  return rows.map((row) => {
    const count = (column: string) => (row as unknown as Record<string, number>)[column]!;
    return {
      hourStart: row.hourStart,
      counts: {
        requests: count("requests"),
        rated: Object.fromEntries(PRICE_SOURCES.map((s) => [s, count(RATED_COLUMNS[s])])) as Record<
          (typeof PRICE_SOURCES)[number],
          number
        >,
        none: Object.fromEntries(NO_RATE_REASONS.map((r) => [r, count(NO_RATE_COLUMNS[r])])) as Record<
          (typeof NO_RATE_REASONS)[number],
          number
        >,
        answerMs: ANSWER_MS_COLUMNS.map(count),
      },
    };
  });
}
