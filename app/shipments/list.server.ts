import type { Db } from "~/db/client.server";

export const SHIPMENTS_PAGE_SIZE = 25;

/** A page of the shop's shipments, those needing attention first, newest next. */
export async function listShipments(db: Db, shopDomain: string, page = 1) {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  if (!shop) return { shipments: [], total: 0 };
  const where = { shopId: shop.id };
  const [rows, total] = await Promise.all([
    db.shipment.findMany({
      where,
      orderBy: [{ needsAttention: "desc" }, { createdAt: "desc" }],
      skip: (page - 1) * SHIPMENTS_PAGE_SIZE,
      take: SHIPMENTS_PAGE_SIZE,
      select: {
        id: true,
        orderName: true,
        state: true,
        trackingNumber: true,
        needsAttention: true,
        attentionReason: true,
        createdAt: true,
      },
    }),
    db.shipment.count({ where }),
  ]);
  return { shipments: rows.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })), total };
}
