import type { Prisma } from "@prisma/client";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { LEG_ROLE_WORDS, legRole } from "~/shipments/leg-kind";
import { recipientOf } from "~/shipments/recipient";
import { groupRoundTrips, roundTripWords, sameOrderLines, type SameOrderLine } from "~/shipments/order-groups";
import { formatInstant, formatPhone, formatWindow } from "~/text/staff-format";
import { shopDeadJobs } from "~/staff/dead-jobs.server";
import { driverPayRaisedThisMonth } from "~/watchdog/raises.server";
import { DEFAULT_LIST_QUERY, SHIPMENTS_PAGE_SIZE, type ShipmentListQuery } from "./list-query";
import { listOrderBy, listWhere, SEARCH_MATCHES_MAX, searchWhere } from "./list-where";

/**
 * The ids a search matches, or null without one (list-where.ts says why it is looked up first): the
 * first SEARCH_MATCHES_MAX in the list's order, so a common name gives its most recent deliveries.
 */
export async function searchMatches(
  db: Db,
  shopId: string,
  query: Pick<ShipmentListQuery, "q" | "sort">,
): Promise<string[] | null> {
  if (query.q === "") return null;
  const rows = await db.shipment.findMany({
    where: searchWhere(shopId, query.q),
    orderBy: listOrderBy(query.sort),
    select: { id: true },
    take: SEARCH_MATCHES_MAX,
  });
  return rows.map((row) => row.id);
}

/** The columns a list row (and a CSV line) needs. */
export const LIST_COLUMNS = {
  id: true,
  orderGid: true,
  orderName: true,
  locationGid: true,
  state: true,
  trackingNumber: true,
  driverName: true,
  priceCents: true,
  shopperPriceCents: true,
  pickupAfter: true,
  deliverStart: true,
  deliverEnd: true,
  needsAttention: true,
  attentionReason: true,
  createdAt: true,
  kind: true,
  batchReferenceId: true,
  batchSequence: true,
  // The customer's name and phone for staff (recipient.ts); the request is read, never sent to the page.
  requestJson: true,
} as const;

type ListRow = {
  id: string;
  orderGid: string;
  orderName: string;
  locationGid: string;
  state: string;
  trackingNumber: string | null;
  driverName: string | null;
  priceCents: number | null;
  shopperPriceCents: number | null;
  pickupAfter: Date | null;
  deliverStart: Date | null;
  deliverEnd: Date | null;
  needsAttention: boolean;
  attentionReason: string | null;
  createdAt: Date;
  kind: string;
  batchReferenceId: string | null;
  batchSequence: number | null;
  requestJson: string | null;
};

/** A row as the page and the CSV show it: times in the shop's zone, the location by name, the customer, the leg. */
export function presentRow(row: ListRow, context: { timeZone: string; now: Date; locations: Map<string, string> }) {
  const clock = { timeZone: context.timeZone, now: context.now };
  const recipient = recipientOf(row);
  const role = legRole(row);
  return {
    id: row.id,
    orderName: row.orderName,
    state: row.state,
    trackingNumber: row.trackingNumber,
    driverName: row.driverName,
    priceCents: row.priceCents,
    shopperPriceCents: row.shopperPriceCents,
    needsAttention: row.needsAttention,
    attentionReason: row.attentionReason,
    locationName: context.locations.get(row.locationGid) ?? "Another location",
    pickupIso: row.pickupAfter?.toISOString() ?? null,
    pickupLabel: formatInstant(row.pickupAfter, clock),
    windowStartIso: row.deliverStart?.toISOString() ?? null,
    windowEndIso: row.deliverEnd?.toISOString() ?? null,
    windowLabel: formatWindow(row.deliverStart, row.deliverEnd, clock),
    customerName: recipient?.name ?? null,
    customerPhone: recipient ? formatPhone(recipient.phone) : null,
    role,
    roleWords: LEG_ROLE_WORDS[role],
  };
}
export type ListItem = ReturnType<typeof presentRow>;

/** A line of the list: a shipment, or a round trip with its legs; with the order's other shipments. */
export type ListEntry = {
  id: string;
  /** Null for a shipment on its own; "Exchange: one round trip, 2 legs" for a trip. */
  tripWords: string | null;
  legs: ListItem[];
  sameOrder: SameOrderLine[];
};

/**
 * At most this many round trips are found by a leg other than their first (see oneEntryPerTrip): their
 * batch ids are bound values next to a search's (SEARCH_MATCHES_MAX), under SQLite's 999.
 */
export const TRIPS_BY_LATER_LEG_MAX = 300;

/**
 * The list's rows with a round trip as one entry, its first leg standing for it: a trip is listed
 * when any of its legs matches the filters. Trips a later leg matched while their first leg did not
 * are looked up first (a few: most filters match both legs or the first).
 */
async function oneEntryPerTrip(db: Db, shopId: string, where: Prisma.ShipmentWhereInput) {
  // Most shops have no exchange: their list keeps its plain conditions (and its count its index).
  const anyTrip = await db.shipment.findFirst({
    where: { shopId, batchReferenceId: { not: null } },
    select: { id: true },
  });
  if (!anyTrip) return { where, count: () => db.shipment.count({ where }) };
  const laterLegs = await db.shipment.findMany({
    where: { AND: [where, { batchReferenceId: { not: null }, batchSequence: { gt: 1 } }] },
    select: { batchReferenceId: true },
    distinct: ["batchReferenceId"],
    take: TRIPS_BY_LATER_LEG_MAX,
  });
  const firstLegs: Prisma.ShipmentWhereInput = { OR: [{ batchReferenceId: null }, { batchSequence: { lte: 1 } }] };
  // The entries counted as the rows matching less the trips' other legs: two counts the shop's
  // indexes answer (counting with firstLegs read every row of the shop: bench:lists, SQLite).
  const otherLegs: Prisma.ShipmentWhereInput = {
    batchReferenceId: { not: null },
    OR: [{ batchSequence: { gt: 1 } }, { batchSequence: null }],
  };
  const countFirstLegs = async () => {
    const [rows, others] = await Promise.all([
      db.shipment.count({ where }),
      db.shipment.count({ where: { AND: [where, otherLegs] } }),
    ]);
    return rows - others;
  };
  // Only trips whose first leg does not match on its own need naming: usually none, and then the
  // query keeps one shape its indexes serve (an OR with a list of ids made SQLite read every row).
  const matchedLeads = laterLegs.length
    ? await db.shipment.findMany({
        where: {
          AND: [
            where,
            { batchReferenceId: { in: laterLegs.map((leg) => leg.batchReferenceId!) }, batchSequence: { lte: 1 } },
          ],
        },
        select: { batchReferenceId: true },
      })
    : [];
  const listed = new Set(matchedLeads.map((lead) => lead.batchReferenceId));
  const tripIds = laterLegs.map((leg) => leg.batchReferenceId!).filter((id) => !listed.has(id));
  if (tripIds.length === 0) return { where: { AND: [where, firstLegs] }, count: countFirstLegs };
  return {
    where: {
      OR: [{ AND: [where, firstLegs] }, { shopId, batchReferenceId: { in: tripIds }, batchSequence: { lte: 1 } }],
    } satisfies Prisma.ShipmentWhereInput,
    // The trips named by a later leg have a first leg the filters did not match: counted apart.
    count: async () =>
      (await countFirstLegs()) +
      (await db.shipment.count({ where: { shopId, batchReferenceId: { in: tripIds }, batchSequence: { lte: 1 } } })),
  };
}

/** The page's entries: each trip with all its legs, each with its order's other shipments. */
async function pageEntries(
  db: Db,
  shopId: string,
  leads: ListRow[],
  present: (row: ListRow) => ListItem,
): Promise<ListEntry[]> {
  const tripIds = leads.flatMap((row) => (row.batchReferenceId ? [row.batchReferenceId] : []));
  const orderGids = [...new Set(leads.map((row) => row.orderGid))];
  const [legs, siblings] = await Promise.all([
    tripIds.length
      ? db.shipment.findMany({ where: { shopId, batchReferenceId: { in: tripIds } }, select: LIST_COLUMNS })
      : [],
    // Sorted here, not in SQL: ordered by creation, SQLite walked the shop's creation index (every row
    // of the shop) rather than the (shopId, orderGid) one for the page's few orders (bench:lists).
    db.shipment
      .findMany({
        where: { shopId, orderGid: { in: orderGids } },
        select: {
          id: true,
          orderGid: true,
          kind: true,
          batchReferenceId: true,
          batchSequence: true,
          state: true,
          createdAt: true,
        },
      })
      .then((rows) =>
        rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      ),
  ]);
  const trips = new Map(groupRoundTrips(legs).map((trip) => [trip.lead.batchReferenceId, trip.legs]));
  const entries = leads.map((lead) => {
    const rows = (lead.batchReferenceId && trips.get(lead.batchReferenceId)) || [lead];
    return { lead, rows };
  });
  return entries.map(({ lead, rows }) => ({
    id: lead.batchReferenceId ? `trip-${lead.id}` : lead.id,
    tripWords: lead.batchReferenceId ? roundTripWords(rows.length) : null,
    legs: rows.map(present),
    sameOrder: sameOrderLines(
      siblings.filter((s) => s.orderGid === lead.orderGid),
      rows.map((row) => row.id),
    ),
  }));
}

export async function shopListContext(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    select: {
      id: true,
      timezone: true,
      currency: true,
      pickupLocations: { select: { locationGid: true, name: true }, orderBy: { name: "asc" } },
    },
  });
  return shop;
}

/** A page of the shop's shipments for the query's view, filters, search and sort. */
export async function listShipments(
  deps: { db: Db; clock: () => Date },
  shopDomain: string,
  query: ShipmentListQuery = DEFAULT_LIST_QUERY,
) {
  const shop = await shopListContext(deps.db, shopDomain);
  if (!shop)
    return {
      entries: [] as ListEntry[],
      total: 0,
      page: 1,
      pageCount: 1,
      timeZone: "UTC",
      currency: "USD",
      locations: [] as { locationGid: string; name: string }[],
    };
  const now = deps.clock();
  const rowWhere = listWhere(shop.id, query, now, shop.timezone, await searchMatches(deps.db, shop.id, query));
  const { where, count } = await oneEntryPerTrip(deps.db, shop.id, rowWhere);
  const [leads, total] = await Promise.all([
    deps.db.shipment.findMany({
      where,
      orderBy: listOrderBy(query.sort),
      skip: (query.page - 1) * SHIPMENTS_PAGE_SIZE,
      take: SHIPMENTS_PAGE_SIZE,
      select: LIST_COLUMNS,
    }),
    count(),
  ]);
  const locations = new Map(shop.pickupLocations.map((l) => [l.locationGid, l.name]));
  const present = (row: ListRow) => presentRow(row, { timeZone: shop.timezone, now, locations });
  return {
    entries: await pageEntries(deps.db, shop.id, leads, present),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / SHIPMENTS_PAGE_SIZE)),
    timeZone: shop.timezone,
    currency: shop.currency,
    locations: shop.pickupLocations,
  };
}

/**
 * The Deliveries page: a page of shipments with the shop's time zone and currency, its dead jobs,
 * and what the no-driver watchdog added to drivers' pay this month (USD cents). Database only.
 */
export async function shipmentsPageData(
  deps: { db: Db; queue: JobQueue; clock: () => Date },
  shopDomain: string,
  query: ShipmentListQuery,
) {
  const [list, deadJobs, driverPayRaisedCents] = await Promise.all([
    listShipments(deps, shopDomain, query),
    shopDeadJobs(deps.queue, shopDomain),
    driverPayRaisedThisMonth(deps.db, shopDomain, deps.clock()),
  ]);
  return { ...list, query, deadJobs, driverPayRaisedThisMonthCents: driverPayRaisedCents };
}
