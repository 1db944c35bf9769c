import { z } from "zod";
import type { Db } from "~/db/client.server";
import { Prisma } from "@prisma/client";
import { sqlRows } from "~/db/direct-sql.server";
import { parseSqlRows, sqlBoolean, sqlDate } from "~/db/sql-row";
import type { ShipmentForSummary } from "./order-summary";

const summaryRow = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.string(),
  trackingNumber: z.string().nullable(),
  driverName: z.string().nullable(),
  etaAt: sqlDate.nullable(),
  signatoryName: z.string().nullable(),
  photosJson: z.string().nullable(),
  needsAttention: sqlBoolean,
  attentionReason: z.string().nullable(),
  updatedAt: sqlDate,
  courierShipmentId: z.string().nullable(),
});

export type ShipmentSummaryRow = ShipmentForSummary & { courierShipmentId: string | null };

const shopColumns = z.object({
  shopId: z.string(),
  shopUninstalledAt: sqlDate.nullable(),
  shopSettingsJson: z.string(),
});

export type OrderSummaryRead = {
  /** The shop by its domain (null when it no longer exists), with what the annotation jobs need of it. */
  shop: { id: string; uninstalledAt: Date | null; settingsJson: string } | null;
  shipments: ShipmentSummaryRow[];
};

/**
 * The shop and an order's shipments as its delivery metafield shows them, oldest first: only the
 * columns orderDeliverySummary reads (and whether the courier has each), in one plain SQL statement
 * (read once per order annotated and per summary written, each a round trip on PostgreSQL; a whole
 * row carries the stored courier request too).
 */
export async function orderSummaryRead(db: Db, shopDomain: string, orderGid: string): Promise<OrderSummaryRead> {
  const rows: unknown = await sqlRows(
    db,
    Prisma.sql`
    SELECT s."id" AS "shopId", s."uninstalledAt" AS "shopUninstalledAt", s."settingsJson" AS "shopSettingsJson",
      h."id", h."kind", h."state", h."trackingNumber", h."driverName", h."etaAt", h."signatoryName",
      h."photosJson", h."needsAttention", h."attentionReason", h."updatedAt", h."courierShipmentId"
    FROM "Shop" s
    LEFT JOIN "Shipment" h ON h."shopId" = s."id" AND h."orderGid" = ${orderGid}
    WHERE s."domain" = ${shopDomain}
    ORDER BY h."createdAt" ASC, h."id" ASC`,
  );
  // One row per shipment, each with the shop's columns; a shop without shipments for the order
  // gives one row whose shipment columns are null. Zod objects drop the other half of each row.
  const [shop] = parseSqlRows(shopColumns, Array.isArray(rows) ? rows.slice(0, 1) : rows, "Shop");
  if (!shop) return { shop: null, shipments: [] };
  const shipmentRows = (rows as { id: unknown }[]).filter((row) => row.id !== null);
  return {
    shop: { id: shop.shopId, uninstalledAt: shop.shopUninstalledAt, settingsJson: shop.shopSettingsJson },
    shipments: parseSqlRows(summaryRow, shipmentRows, "Shipment"),
  };
}
