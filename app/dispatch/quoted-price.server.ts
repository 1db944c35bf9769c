import { z } from "zod";
import type { Db } from "~/db/client.server";
import { Prisma } from "@prisma/client";
import { sqlRows } from "~/db/direct-sql.server";
import { parseSqlRows, sqlDate, sqlInteger } from "~/db/sql-row";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { cartSignature } from "~/quote/public";

/**
 * The cart signature checkout remembered its quote under (pickup location, delivery address, variant
 * quantities: app/quote/cart-to-estimate.ts), for one fulfillment order of a paid order; null when the
 * order has no address or no such fulfillment order. A split order's fulfillment orders each have their own.
 */
export function dispatchCartSignature(
  order: OrderForDispatch,
  fulfillmentOrderGid: string,
  locationGid: string,
): string | null {
  const fulfillmentOrder = order.fulfillmentOrders.nodes.find((fo) => fo.id === fulfillmentOrderGid);
  const address = order.shippingAddress;
  if (!fulfillmentOrder || !address) return null;
  return cartSignature({
    locationGid,
    destination: {
      address1: address.address1,
      city: address.city,
      provinceCode: address.provinceCode,
      zip: address.zip,
      countryCode: address.countryCodeV2,
    },
    lines: fulfillmentOrder.lineItems.nodes
      .filter((line) => line.requiresShipping)
      .map((line) => ({ variantId: line.variant?.id ?? null, quantity: line.totalQuantity })),
  });
}

const quoteMemoryRow = z.object({
  courierCents: sqlInteger.nullable(),
  priceCents: sqlInteger,
  priceSource: z.string(),
  expiresAt: sqlDate,
  createdAt: sqlDate,
});

/**
 * What checkout quoted for this fulfillment order in the order's window (the quote memory row of its
 * cart signature and service code), else null. `quotedAt`: when it was last written; the row is written
 * only for rates shown inside the delivery area, so the area held for this cart then. `courierCents`:
 * the courier price the rate was made from (null for a fallback rate); `priceSource`: where it came from.
 */
export async function quotedPrice(
  db: Db,
  shopDomain: string,
  order: OrderForDispatch,
  fulfillmentOrderGid: string,
  locationGid: string,
  serviceCode: string | null,
  now: Date,
): Promise<{ courierCents: number | null; priceCents: number; priceSource: string; quotedAt: Date } | null> {
  const signature = dispatchCartSignature(order, fulfillmentOrderGid, locationGid);
  if (!serviceCode || !signature) return null;
  // Plain SQL: read for every booking, like the other hot reads (README, Decisions: hot reads in SQL).
  const [memory] = parseSqlRows(
    quoteMemoryRow,
    await sqlRows(
      db,
      Prisma.sql`SELECT "courierCents", "priceCents", "priceSource", "expiresAt", "createdAt" FROM "QuoteMemory"
      WHERE "shopDomain" = ${shopDomain} AND "cartSignature" = ${signature} AND "serviceCode" = ${serviceCode}`,
    ),
    "QuoteMemory",
  );
  return memory && memory.expiresAt > now
    ? {
        courierCents: memory.courierCents,
        priceCents: memory.priceCents,
        priceSource: memory.priceSource,
        quotedAt: memory.createdAt,
      }
    : null;
}
