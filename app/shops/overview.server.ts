import type { Db } from "~/db/client.server";

/** What the home page shows about a shop's setup, read from the database. */
export async function shopOverview(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    include: { pickupLocations: { where: { enabled: true }, select: { id: true } } },
  });
  if (!shop) return null;
  const [shipments, needsAttention] = await Promise.all([
    db.shipment.count({ where: { shopId: shop.id } }),
    db.shipment.count({ where: { shopId: shop.id, needsAttention: true } }),
  ]);
  return {
    domain: shop.domain,
    timezone: shop.timezone,
    courierConnected: Boolean(shop.courierTokenEncrypted),
    courierTokenLast4: shop.courierTokenLast4,
    courierEnvironment: shop.courierEnvironment,
    pickupLocations: shop.pickupLocations.length,
    carrierServiceRegistered: Boolean(shop.carrierServiceId),
    lastCourierEventAt: shop.lastCourierEventAt?.toISOString() ?? null,
    shipments,
    needsAttention,
  };
}
