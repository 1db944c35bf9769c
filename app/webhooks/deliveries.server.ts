import type { Prisma } from "@prisma/client";
import { isUniqueViolation } from "~/db/errors";
import type { Db } from "~/db/client.server";

export type DeliveryRecord = {
  shopDomain: string;
  webhookId: string;
  topic: string;
  orderGid?: string | null;
  customerGid?: string | null;
};

type DbOrTx = Db | Prisma.TransactionClient;

/**
 * Records a Shopify webhook delivery. Returns false when the same delivery (X-Shopify-Webhook-Id)
 * was recorded before: Shopify delivers at least once, so repeats are expected and ignored.
 */
export async function recordDelivery(db: DbOrTx, delivery: DeliveryRecord): Promise<boolean> {
  try {
    await db.webhookDelivery.create({
      data: {
        shopDomain: delivery.shopDomain,
        webhookId: delivery.webhookId,
        topic: delivery.topic,
        orderGid: delivery.orderGid ?? null,
        customerGid: delivery.customerGid ?? null,
      },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
