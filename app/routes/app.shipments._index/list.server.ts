import type { Prisma } from "@prisma/client";
import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { shopDeadJobs } from "~/staff/dead-jobs.server";
import { driverPayRaisedThisMonth } from "~/watchdog/raises.server";
import { SHIPMENTS_PAGE_SIZE, type ShipmentListQuery, type StateFilter } from "./list-query";

/** Order names are "#1001" (staff may type "1001"); tracking numbers are usually upper case. */
function searchWhere(q: string): Prisma.ShipmentWhereInput | undefined {
  if (q === "") return undefined;
  const variants = [...new Set([q, q.toUpperCase()])];
  return {
    OR: [
      ...variants.map((v) => ({ orderName: { contains: v } })),
      ...(q.startsWith("#") ? [] : [{ orderName: { contains: `#${q}` } }]),
      ...variants.map((v) => ({ trackingNumber: { contains: v } })),
    ],
  };
}

function stateWhere(state: StateFilter): Prisma.ShipmentWhereInput | undefined {
  if (state === "all") return undefined;
  if (state === "attention") return { needsAttention: true };
  return { state };
}

/** A page of the shop's shipments, those needing attention first, newest next. */
export async function listShipments(
  db: Db,
  shopDomain: string,
  query: ShipmentListQuery = { page: 1, state: "all", q: "" },
) {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    select: { id: true, timezone: true, currency: true },
  });
  if (!shop) return { shipments: [], total: 0, page: 1, pageCount: 1, timeZone: "UTC", currency: "USD" };
  const where: Prisma.ShipmentWhereInput = {
    shopId: shop.id,
    AND: [stateWhere(query.state), searchWhere(query.q)].filter((w) => w !== undefined),
  };
  const [rows, total] = await Promise.all([
    db.shipment.findMany({
      where,
      orderBy: [{ needsAttention: "desc" }, { createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * SHIPMENTS_PAGE_SIZE,
      take: SHIPMENTS_PAGE_SIZE,
      select: {
        id: true,
        orderName: true,
        state: true,
        trackingNumber: true,
        driverName: true,
        priceCents: true,
        deliverStart: true,
        deliverEnd: true,
        needsAttention: true,
        attentionReason: true,
        createdAt: true,
      },
    }),
    db.shipment.count({ where }),
  ]);
  return {
    shipments: rows.map((s) => ({
      ...s,
      deliverStart: s.deliverStart?.toISOString() ?? null,
      deliverEnd: s.deliverEnd?.toISOString() ?? null,
      createdAt: s.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / SHIPMENTS_PAGE_SIZE)),
    timeZone: shop.timezone,
    currency: shop.currency,
  };
}

/**
 * The Deliveries page: a page of shipments with the shop's time zone and currency, its dead jobs,
 * and what the no-driver watchdog added to drivers' pay this month (USD cents).
 */
export async function shipmentsPageData(
  deps: { db: Db; queue: JobQueue; clock: () => Date },
  shopDomain: string,
  query: ShipmentListQuery,
) {
  const [list, deadJobs, driverPayRaisedCents] = await Promise.all([
    listShipments(deps.db, shopDomain, query),
    shopDeadJobs(deps.queue, shopDomain),
    driverPayRaisedThisMonth(deps.db, shopDomain, deps.clock()),
  ]);
  return { ...list, query, deadJobs, driverPayRaisedThisMonthCents: driverPayRaisedCents };
}
