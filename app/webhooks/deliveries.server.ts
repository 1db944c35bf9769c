import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@prisma/client";
import { sqlRows } from "~/db/direct-sql.server";
import type { Db, Tx } from "~/db/client.server";
import { parseSqlRows } from "~/db/sql-row";

export type DeliveryRecord = {
  shopDomain: string;
  webhookId: string;
  topic: string;
  orderGid?: string | null;
  customerGid?: string | null;
};

type DbOrTx = Db | Tx;

const insertedDeliveryRow = z.object({ id: z.string() });
const customerRow = z.object({ customerGid: z.string() });

/**
 * Records a Shopify webhook delivery. Returns false when the same delivery (X-Shopify-Webhook-Id)
 * was recorded before: Shopify delivers at least once, so repeats are expected and ignored. One
 * raw statement that inserts nothing for a repeat: it runs for every webhook, and a failed insert
 * would abort the caller's transaction on PostgreSQL.
 */
export async function recordDelivery(db: DbOrTx, delivery: DeliveryRecord): Promise<boolean> {
  const rows = await sqlRows(
    db,
    Prisma.sql`
    INSERT INTO "WebhookDelivery" ("id", "shopDomain", "webhookId", "topic", "orderGid", "customerGid", "receivedAt")
    VALUES (${randomUUID()}, ${delivery.shopDomain}, ${delivery.webhookId}, ${delivery.topic},
      ${delivery.orderGid ?? null}, ${delivery.customerGid ?? null}, ${new Date()})
    ON CONFLICT ("shopDomain", "webhookId") DO NOTHING
    RETURNING "id"`,
  );
  return parseSqlRows(insertedDeliveryRow, rows, "WebhookDelivery").length === 1;
}

/**
 * The customer an order belongs to, as its orders/paid delivery named them (the app has no
 * read_customers): dispatch writes it on the shipment, so customers/redact and data requests find
 * the shipment by the customer even when Shopify lists none of their orders.
 */
export async function customerOfOrder(db: DbOrTx, shopDomain: string, orderGid: string): Promise<string | null> {
  // Plain SQL: read twice per order, and a third of Prisma's cost (`npm run bench:statements`).
  const rows = await sqlRows(
    db,
    Prisma.sql`
    SELECT "customerGid" FROM "WebhookDelivery"
    WHERE "shopDomain" = ${shopDomain} AND "topic" = 'orders/paid' AND "orderGid" = ${orderGid}
      AND "customerGid" IS NOT NULL
    LIMIT 1`,
  );
  return parseSqlRows(customerRow, rows, "WebhookDelivery")[0]?.customerGid ?? null;
}
