import { z } from "zod";
import type { Db } from "~/db/client.server";
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

/**
 * An order's shipments as its delivery metafield shows them, oldest first: only the columns
 * orderDeliverySummary reads (and whether the courier has each), in plain SQL (read once per order
 * annotated and per summary written; a whole row carries the stored courier request too).
 */
export async function shipmentsForOrderSummary(
  db: Db,
  shopId: string,
  orderGid: string,
): Promise<ShipmentSummaryRow[]> {
  const rows = await db.$queryRaw`
    SELECT "id", "kind", "state", "trackingNumber", "driverName", "etaAt", "signatoryName", "photosJson",
      "needsAttention", "attentionReason", "updatedAt", "courierShipmentId"
    FROM "Shipment"
    WHERE "shopId" = ${shopId} AND "orderGid" = ${orderGid}
    ORDER BY "createdAt" ASC, "id" ASC`;
  return parseSqlRows(summaryRow, rows, "Shipment");
}
