import { Prisma } from "@prisma/client";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseIsoDate } from "~/schedule/opening-hours";
import { zonedTimeOnDate } from "~/schedule/time-zone";
import { parseSqlRows, sqlDate, sqlInteger } from "~/db/sql-row";
import {
  ANSWER_MS_COLUMNS,
  NO_RATE_COLUMNS,
  NO_RATE_REASONS,
  PRICE_SOURCES,
  RATED_COLUMNS,
  type FunnelCounts,
} from "~/quote/public";
import type { DeliveryGroup, DeliveryRow, MinutesCount } from "./delivery-figures";
import type { FunnelHourRow } from "./funnel-figures";
import type { ShopDays } from "./period";

/**
 * What Insights reads. For the page, counts the database makes (rows of 100,000 shipments cost
 * seconds to carry out): the shipments grouped per shop day as delivery-figures.ts's groupRows
 * defines (the days joined as a list of their bounds, so a 23- or 25-hour day is one day), the
 * delivered minutes per period, and the funnel's hour rows summed over the locations asked for.
 * A shipment's day is its window's start, else its creation: each is read by its index. For a CSV,
 * the period's shipments as plain rows.
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
  deliveryVerdict: z.string().nullable(),
  paidToDeliveredMinutes: nullableInteger,
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
      s."deliveryVerdict", s."paidToDeliveredMinutes", s."priceCents", s."shopperPriceCents", s."tipCents", r."raiseCents", s."batchReferenceId"
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

/**
 * The days of `periods` in order, and each day's index for a shipment's date column as SQL: a
 * balanced CASE over the days' starts (about 8 comparisons for 180 days). The bounds are compared
 * with the column, so each database reads them as its date type.
 */
function dayIndex(periods: readonly ShopDays[], timeZone: string) {
  const days = periods.flatMap((period) => period.days);
  const starts = days.map((day) => dayStartOf(day, timeZone));
  const first = starts[0]!;
  const end = periods[periods.length - 1]!.end;
  const tree = (column: Prisma.Sql, lo: number, hi: number): Prisma.Sql => {
    // The index as a literal: a parameter in THEN would be text to PostgreSQL.
    if (lo === hi) return Prisma.raw(String(lo));
    const mid = Math.ceil((lo + hi) / 2);
    return Prisma.sql`CASE WHEN ${column} < ${starts[mid]} THEN ${tree(column, lo, mid - 1)} ELSE ${tree(column, mid, hi)} END`;
  };
  return { days, first, end, sql: (column: Prisma.Sql) => tree(column, 0, days.length - 1) };
}

const groupRow = z.object({
  idx: sqlInteger,
  kind: z.string(),
  state: z.string(),
  verdict: z.string().nullable(),
  exchange: sqlInteger,
  raised: sqlInteger,
  count: sqlInteger,
  courierCents: sqlInteger,
  shopperPaidCents: sqlInteger,
  tipsCents: sqlInteger,
  // A sum of sums: PostgreSQL's bigint, once the raises' sum is cast back to an integer.
  raisesCents: sqlInteger,
});
const minutesRow = z.object({ period: sqlInteger, minutes: sqlInteger, count: sqlInteger });

/**
 * The shipments of `periods` grouped per day (delivery-figures.ts groupRows), and the delivered
 * deliveries' minutes from payment per period (keyed by the period's first day).
 *
 * Two aggregations straight off the covering index (shopId, deliverStart, ...counted columns), each
 * shipment's day a balanced CASE; the minutes counted per period, not per day (a few hundred rows
 * to carry out, not tens of thousands). Shipments without a window are few: read by their creation.
 */
export async function loadDeliveryGroups(
  db: Db,
  query: { shopId: string; periods: readonly ShopDays[]; timeZone: string; locationGid: string | null },
): Promise<{ groups: DeliveryGroup[]; minutes: Map<string, MinutesCount[]> }> {
  const { shopId, periods, timeZone, locationGid } = query;
  // The periods in order, back to back (periodOf: the previous, then the current).
  const { days: dayNames, first, end: last, sql: indexOf } = dayIndex(periods, timeZone);
  const atLocation = locationGid === null ? Prisma.empty : Prisma.sql`AND s."locationGid" = ${locationGid}`;
  const raisesFrom = new Date(first.getTime() - RAISE_LEAD_MS);
  const columnOf = (column: "deliverStart" | "createdAt") => Prisma.raw(`s."${column}"`);
  // A shipment's day: its window's start; without a window, its creation.
  const inPeriods = (column: "deliverStart" | "createdAt") =>
    Prisma.sql`WHERE s."shopId" = ${shopId} AND ${columnOf(column)} >= ${first} AND ${columnOf(column)} < ${last}
      ${column === "createdAt" ? Prisma.sql`AND s."deliverStart" IS NULL` : Prisma.empty} ${atLocation}`;
  const raises = Prisma.sql`(
      SELECT "shipmentId", CAST(SUM("amountCents") AS INTEGER) AS "raiseCents" FROM "NoDriverRaise"
      WHERE "shopId" = ${shopId} AND "sentAt" IS NOT NULL AND "raisedAt" >= ${raisesFrom} AND "raisedAt" < ${last}
      GROUP BY "shipmentId") r`;
  const groupsOf = (column: "deliverStart" | "createdAt") => Prisma.sql`
    SELECT ${indexOf(columnOf(column))} AS "idx", s."kind" AS "kind", s."state" AS "state",
      s."deliveryVerdict" AS "verdict", CASE WHEN s."batchReferenceId" IS NULL THEN 0 ELSE 1 END AS "exchange",
      CASE WHEN r."raiseCents" IS NULL THEN 0 ELSE 1 END AS "raised",
      COUNT(*) AS "count", COALESCE(SUM(s."priceCents"), 0) AS "courierCents",
      COALESCE(SUM(s."shopperPriceCents"), 0) AS "shopperPaidCents", COALESCE(SUM(s."tipCents"), 0) AS "tipsCents",
      COALESCE(SUM(r."raiseCents"), 0) AS "raisesCents"
    FROM "Shipment" s LEFT JOIN ${raises} ON r."shipmentId" = s."id"
    ${inPeriods(column)}
    GROUP BY 1, 2, 3, 4, 5, 6`;
  const minutesOf = (column: "deliverStart" | "createdAt") => Prisma.sql`
    SELECT ${periodIndexSql(periods, columnOf(column))} AS "period", s."paidToDeliveredMinutes" AS "minutes",
      COUNT(*) AS "count"
    FROM "Shipment" s
    ${inPeriods(column)} AND s."kind" <> 'return_pickup' AND s."state" = 'delivered'
      AND s."paidToDeliveredMinutes" IS NOT NULL
    GROUP BY 1, 2`;
  const [grouped, counted] = await Promise.all([
    db.$queryRaw(Prisma.sql`${groupsOf("deliverStart")} UNION ALL ${groupsOf("createdAt")}`),
    db.$queryRaw(Prisma.sql`${minutesOf("deliverStart")} UNION ALL ${minutesOf("createdAt")}`),
  ]);
  const groupRows = parseSqlRows(groupRow, grouped, "insights group");
  const minuteRows = parseSqlRows(minutesRow, counted, "insights minutes");
  const groups = groupRows.map((row) => ({
    day: dayNames[row.idx]!,
    kind: row.kind,
    state: row.state,
    verdict: row.verdict,
    exchange: row.exchange === 1,
    raised: row.raised === 1,
    count: row.count,
    courierCents: row.courierCents,
    shopperPaidCents: row.shopperPaidCents,
    tipsCents: row.tipsCents,
    raisesCents: row.raisesCents,
  }));
  const minutes = new Map(periods.map((p) => [p.days[0]!, [] as MinutesCount[]]));
  for (const row of minuteRows)
    minutes.get(periods[row.period]!.days[0]!)!.push({ minutes: row.minutes, count: row.count });
  return { groups, minutes };
}

/** A date column's period (`periods` back to back, in order) as SQL: the index of the last period starting at or before it. */
function periodIndexSql(periods: readonly ShopDays[], column: Prisma.Sql): Prisma.Sql {
  const whens = periods
    .slice(1)
    .map((period, n) => Prisma.sql`WHEN ${column} >= ${period.start} THEN ${Prisma.raw(String(n + 1))}`)
    .reverse();
  return whens.length === 0 ? Prisma.raw("0") : Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE 0 END`;
}

const COUNT_COLUMNS = [
  "requests",
  ...PRICE_SOURCES.map((source) => RATED_COLUMNS[source]),
  ...NO_RATE_REASONS.map((reason) => NO_RATE_COLUMNS[reason]),
  ...ANSWER_MS_COLUMNS,
] as const;
const countFields = Object.fromEntries(COUNT_COLUMNS.map((column) => [column, sqlInteger]));
const funnelRow = z.object({ at: sqlDate, ...countFields });
const funnelDayRow = z.object({ idx: sqlInteger, ...countFields });

/** The funnel's hour rows in [start, end), summed over the locations asked for (the diagnosis's week). */
export async function loadFunnelHours(
  db: Db,
  query: { shopDomain: string; start: Date; end: Date; locationGid: string | null },
): Promise<FunnelHourRow[]> {
  const { shopDomain, start, end, locationGid } = query;
  const atLocation = locationGid === null ? Prisma.empty : Prisma.sql`AND "locationGid" = ${locationGid}`;
  const rows = parseSqlRows(
    funnelRow,
    await db.$queryRaw(Prisma.sql`
      SELECT "hourStart" AS "at", ${FUNNEL_SUMS} FROM "QuoteFunnelHour"
      WHERE "shopDomain" = ${shopDomain} AND "hourStart" >= ${start} AND "hourStart" < ${end} ${atLocation}
      GROUP BY "hourStart"`),
    "quote funnel",
  );
  return rows.map((row) => ({ hourStart: row.at, counts: countsOf(row) }));
}

/**
 * The funnel of `periods` summed per shop day in the database (an hour row's start lies in one of
 * the shop's days: the day index as for the shipments), each as a row at its day's start.
 */
export async function loadFunnelDays(
  db: Db,
  query: { shopDomain: string; periods: readonly ShopDays[]; timeZone: string; locationGid: string | null },
): Promise<FunnelHourRow[]> {
  const { shopDomain, periods, timeZone, locationGid } = query;
  const { days, first, end, sql: indexOf } = dayIndex(periods, timeZone);
  const atLocation = locationGid === null ? Prisma.empty : Prisma.sql`AND "locationGid" = ${locationGid}`;
  const rows = parseSqlRows(
    funnelDayRow,
    await db.$queryRaw(Prisma.sql`
      SELECT ${indexOf(Prisma.raw('"hourStart"'))} AS "idx", ${FUNNEL_SUMS} FROM "QuoteFunnelHour"
      WHERE "shopDomain" = ${shopDomain} AND "hourStart" >= ${first} AND "hourStart" < ${end} ${atLocation}
      GROUP BY 1`),
    "quote funnel day",
  );
  return rows.map((row) => ({ hourStart: dayStartOf(days[row.idx]!, timeZone), counts: countsOf(row) }));
}

const FUNNEL_SUMS = Prisma.raw(COUNT_COLUMNS.map((column) => `SUM("${column}") AS "${column}"`).join(", "));

function countsOf(row: Record<string, unknown>): FunnelCounts {
  const count = (column: string) => row[column] as number;
  return {
    requests: count("requests"),
    rated: Object.fromEntries(PRICE_SOURCES.map((s) => [s, count(RATED_COLUMNS[s])])) as FunnelCounts["rated"],
    none: Object.fromEntries(NO_RATE_REASONS.map((r) => [r, count(NO_RATE_COLUMNS[r])])) as FunnelCounts["none"],
    answerMs: ANSWER_MS_COLUMNS.map(count),
  };
}

function dayStartOf(day: string, timeZone: string): Date {
  return zonedTimeOnDate(parseIsoDate(day), "00:00", timeZone);
}
