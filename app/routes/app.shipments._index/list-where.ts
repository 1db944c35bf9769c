import type { Prisma } from "@prisma/client";
import { addDays, zonedDateTimeToUtc, type CalendarDate } from "~/schedule/time-zone";
import { shopDay } from "~/watchdog/periods";
import { RETURN_PICKUP } from "~/shipments/leg-kind";
import type { KindFilter, ListSort, ListView, ShipmentListQuery, StateFilter } from "./list-query";

/**
 * The Shipments list's query as Prisma conditions (pure): its view, filters, search and sort, for
 * the page and the CSV export alike. Each sort ends on the id so pages never overlap.
 */

/**
 * Search by order name ("#1001"; staff may type "1001") or tracking number (usually upper case), as
 * exact matches on the (shopId, orderName) and (shopId, trackingNumber) indexes, and by the customer:
 * a part of their name (any case) or of their phone number (4 digits at least, however typed), in
 * `recipientSearch` (app/shipments/recipient.ts). Looked up first on their own (searchMatches):
 * joined with the list's sort, the planner walked the pickup-time index instead and read every row of
 * the shop (bench:lists: about a second at 100,000).
 */
export function searchWhere(shopId: string, q: string): Prisma.ShipmentWhereInput {
  const names = [...new Set([q, q.startsWith("#") ? q : `#${q}`])];
  const numbers = [...new Set([q, q.toUpperCase()])];
  const or: Prisma.ShipmentWhereInput[] = [{ orderName: { in: names } }, { trackingNumber: { in: numbers } }];
  // Stored phones are national (recipient.ts): a US number typed with its country code 1 still matches.
  const typed = q.replace(/\D/g, "");
  const digits = typed.length === 11 && typed.startsWith("1") ? typed.slice(1) : typed;
  if (/^[\d\s()+.-]+$/.test(q) && digits.length >= MIN_PHONE_DIGITS) or.push({ recipientSearch: { contains: digits } });
  else if (/\p{L}/u.test(q) && q.trim().length >= MIN_NAME_CHARACTERS)
    or.push({ recipientSearch: { contains: q.trim().toLowerCase() } });
  return { shopId, OR: or };
}

/** A phone search needs this many digits, a name search this many characters (fewer match too much). */
export const MIN_PHONE_DIGITS = 4;
export const MIN_NAME_CHARACTERS = 2;

/**
 * At most this many deliveries match one search (an order has a few, a tracking number one; a common
 * first name many). The ids go into the list's query as bound values, and SQLite takes at most 999
 * in one statement (Prisma's limit for it): 1,000 failed the page (bench:lists, "q=dana").
 */
export const SEARCH_MATCHES_MAX = 500;

function stateWhere(state: StateFilter): Prisma.ShipmentWhereInput | undefined {
  if (state === "all") return undefined;
  if (state === "attention") return { needsAttention: true };
  return { state };
}

function kindWhere(kind: KindFilter): Prisma.ShipmentWhereInput | undefined {
  switch (kind) {
    case "all":
      return undefined;
    case "delivery":
      return { kind: { not: RETURN_PICKUP }, batchReferenceId: null };
    case "return":
      return { kind: RETURN_PICKUP, batchReferenceId: null };
    case "exchange":
      return { batchReferenceId: { not: null } };
  }
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

/** `searchIds`: the ids the query's search matched (searchWhere), or null when there is no search. */
export function listWhere(
  shopId: string,
  query: ShipmentListQuery,
  now: Date,
  timeZone: string,
  searchIds: readonly string[] | null = null,
): Prisma.ShipmentWhereInput {
  return {
    shopId,
    AND: [
      viewWhere(query.view, now, timeZone),
      stateWhere(query.state),
      query.location ? { locationGid: query.location } : undefined,
      kindWhere(query.kind),
      dateWhere(query.from, query.to, timeZone),
      searchIds ? { id: { in: [...searchIds] } } : undefined,
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
