import type { Db } from "~/db/client.server";
import { shopDay } from "~/watchdog/periods";
import { todayBoard, type LocationDay } from "./today";

/** A day of one shop holds at most this many deliveries on Home (the Shipments list has them all). */
export const TODAY_ROWS_MAX = 1_000;

export type TodayBoard = { dayLabel: string; locations: LocationDay[]; truncated: boolean };

/**
 * Home's board: the shop's shipments whose pickup falls in its current day (by the shop's time
 * zone), from the database only (never the courier), on the (shopId, pickupAfter) index.
 */
export async function todayBoardData(
  deps: { db: Db; clock: () => Date },
  shopDomain: string,
): Promise<TodayBoard | null> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: {
      id: true,
      timezone: true,
      pickupLocations: {
        where: { enabled: true },
        select: { locationGid: true, name: true },
        orderBy: { name: "asc" },
      },
    },
  });
  if (!shop) return null;
  const now = deps.clock();
  const day = shopDay(now, shop.timezone);
  const rows = await deps.db.shipment.findMany({
    where: { shopId: shop.id, pickupAfter: { gte: day.start, lt: day.end } },
    orderBy: [{ pickupAfter: "asc" }, { id: "asc" }],
    take: TODAY_ROWS_MAX + 1,
    select: {
      id: true,
      orderName: true,
      locationGid: true,
      fulfillmentOrderGid: true,
      generation: true,
      state: true,
      pickupAfter: true,
      deliverStart: true,
      deliverEnd: true,
      driverName: true,
      needsAttention: true,
      kind: true,
      batchReferenceId: true,
      batchSequence: true,
    },
  });
  return {
    dayLabel: new Intl.DateTimeFormat("en-US", {
      timeZone: shop.timezone,
      weekday: "long",
      month: "long",
      day: "numeric",
    }).format(now),
    locations: todayBoard(rows.slice(0, TODAY_ROWS_MAX), shop.pickupLocations, now, shop.timezone),
    truncated: rows.length > TODAY_ROWS_MAX,
  };
}
