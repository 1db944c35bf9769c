import type { Prisma } from "@prisma/client";
import { addDays, zonedDateTimeToUtc, type CalendarDate } from "~/schedule/time-zone";
import { shopDay } from "~/watchdog/periods";
import type { ListSort, ListView, ShipmentListQuery, StateFilter } from "./list-query";

/**
 * The Shipments list's query as Prisma conditions (pure): its view, filters, search and sort, for
 * the page and the CSV export alike. Each sort ends on the id so pages never overlap.
 */

/**
 * Search by order name ("#1001"; staff may type "1001") or tracking number (usually upper case), as
 * exact matches: they use the (shopId, orderName) and (shopId, trackingNumber) indexes, where a
 * "contains" read every row of the shop (bench:lists: seconds at 100,000).
 */
function searchWhere(q: string): Prisma.ShipmentWhereInput | undefined {
  if (q === "") return undefined;
  const names = [...new Set([q, q.startsWith("#") ? q : `#${q}`])];
  const numbers = [...new Set([q, q.toUpperCase()])];
  return { OR: [{ orderName: { in: names } }, { trackingNumber: { in: numbers } }] };
}

function stateWhere(state: StateFilter): Prisma.ShipmentWhereInput | undefined {
  if (state === "all") return undefined;
  if (state === "attention") return { needsAttention: true };
  return { state };
}

function viewWhere(view: ListView, now: Date, timeZone: string): Prisma.ShipmentWhereInput | undefined {
  switch (view) {
    case "all":
      return undefined;
    case "today": {
      const day = shopDay(now, timeZone);
      return { pickupAfter: { gte: day.start, lt: day.end } };
    }
    case "waiting":
      return { state: "scheduled" };
    case "out":
      return { state: "en_route" };
    case "attention":
      return { needsAttention: true };
  }
}

const calendarDay = (text: string): CalendarDate => {
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};
const startOf = (day: CalendarDate, timeZone: string) =>
  zonedDateTimeToUtc(day.year, day.month, day.day, 0, 0, timeZone);

function dateWhere(from: string, to: string, timeZone: string): Prisma.ShipmentWhereInput | undefined {
  if (!from && !to) return undefined;
  return {
    pickupAfter: {
      ...(from ? { gte: startOf(calendarDay(from), timeZone) } : {}),
      ...(to ? { lt: startOf(addDays(calendarDay(to), 1), timeZone) } : {}),
    },
  };
}

export function listWhere(
  shopId: string,
  query: ShipmentListQuery,
  now: Date,
  timeZone: string,
): Prisma.ShipmentWhereInput {
  return {
    shopId,
    AND: [
      viewWhere(query.view, now, timeZone),
      stateWhere(query.state),
      query.location ? { locationGid: query.location } : undefined,
      dateWhere(query.from, query.to, timeZone),
      searchWhere(query.q),
    ].filter((w) => w !== undefined),
  };
}

export function listOrderBy(sort: ListSort): Prisma.ShipmentOrderByWithRelationInput[] {
  switch (sort) {
    case "pickup_desc":
      return [{ pickupAfter: "desc" }, { id: "desc" }];
    case "pickup_asc":
      return [{ pickupAfter: "asc" }, { id: "asc" }];
    case "created_desc":
      return [{ createdAt: "desc" }, { id: "desc" }];
    case "created_asc":
      return [{ createdAt: "asc" }, { id: "asc" }];
  }
}
