import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { parseSqlRows } from "~/db/sql-row";

export type DeliveryRecord = {
  shopDomain: string;
  webhookId: string;
  topic: string;
  orderGid?: string | null;
  customerGid?: string | null;
};

type DbOrTx = Db | Prisma.TransactionClient;

const insertedDeliveryRow = z.object({ id: z.string() });

/**
 * Records a Shopify webhook delivery. Returns false when the same delivery (X-Shopify-Webhook-Id)
 * was recorded before: Shopify delivers at least once, so repeats are expected and ignored. One
 * raw statement that inserts nothing for a repeat: it runs for every webhook, and a failed insert
 * would abort the caller's transaction on PostgreSQL.
 */
export async function recordDelivery(db: DbOrTx, delivery: DeliveryRecord): Promise<boolean> {
  const rows = await db.$queryRaw`
    INSERT INTO "WebhookDelivery" ("id", "shopDomain", "webhookId", "topic", "orderGid", "customerGid", "receivedAt")
    VALUES (${randomUUID()}, ${delivery.shopDomain}, ${delivery.webhookId}, ${delivery.topic},
      ${delivery.orderGid ?? null}, ${delivery.customerGid ?? null}, ${new Date()})
    ON CONFLICT ("shopDomain", "webhookId") DO NOTHING
    RETURNING "id"`;
  return parseSqlRows(insertedDeliveryRow, rows, "WebhookDelivery").length === 1;
}

/**
 * The customer an order belongs to, as its orders/paid delivery named them (the app has no
 * read_customers): dispatch writes it on the shipment, so customers/redact and data requests find
 * the shipment by the customer even when Shopify lists none of their orders.
 */
export async function customerOfOrder(db: DbOrTx, shopDomain: string, orderGid: string): Promise<string | null> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { shopDomain, topic: "orders/paid", orderGid, customerGid: { not: null } },
    select: { customerGid: true },
  });
  return delivery?.customerGid ?? null;
}
