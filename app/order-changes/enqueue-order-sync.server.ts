import { z } from "zod";
import { OrderGid } from "~/shopify-admin/global-ids";
import type { JobQueue, Tx } from "~/jobs/queue.server";

/**
 * Order-change webhooks become one job kind, "sync the order's shipments with the order", keyed by
 * the order: jobs of one order run one at a time and in the order they came (they share the order
 * dispatch job's orderingKey, so a sync never overtakes the dispatch it follows). The job reads the
 * order itself, so whichever payload it came from, stale or repeated, it converges on the order as
 * it is now.
 */

export const ORDER_SYNC_JOB = "order-changes.sync";
/** Waits for an in-flight dispatch of the order count as attempts: generous, so a slow courier does not bury a sync. */
export const ORDER_SYNC_MAX_ATTEMPTS = 100;

export const OrderSyncPayload = z.object({ orderGid: OrderGid });
export type OrderSyncPayload = z.infer<typeof OrderSyncPayload>;

export function orderSyncOrderingKey(shopDomain: string, orderGid: string): string {
  // The same key as the order's dispatch jobs (enqueueOrderDispatch).
  return `order:${shopDomain}:${orderGid}`;
}

/**
 * Enqueues a sync of the order. `dedupeKey` names what announced the change: the order's
 * `updated_at` (orders/updated and orders/cancelled for one change share it, and a repeat is one
 * job) or the webhook id.
 */
export async function enqueueOrderSync(
  queue: JobQueue,
  input: { shopDomain: string; orderGid: string; dedupeKey: string; runAt?: Date },
  tx?: Tx,
) {
  return queue.enqueue(
    {
      shopDomain: input.shopDomain,
      kind: ORDER_SYNC_JOB,
      payload: { orderGid: input.orderGid } satisfies OrderSyncPayload,
      uniqueKey: `order-sync:${input.shopDomain}:${input.orderGid}:${input.dedupeKey}`.slice(0, 255),
      orderingKey: orderSyncOrderingKey(input.shopDomain, input.orderGid),
      maxAttempts: ORDER_SYNC_MAX_ATTEMPTS,
      ...(input.runAt ? { runAt: input.runAt } : {}),
    },
    tx,
  );
}

/**
 * Whether the app has anything to keep in step for this order: a shipment, or a dispatch planned
 * and still creating its shipments. Orders the app never dispatched (another carrier, skipped)
 * are not followed: their many updates cost nothing.
 */
export async function orderHasDeliveries(store: Tx, shopDomain: string, orderGid: string): Promise<boolean> {
  const shipment = await store.shipment.findFirst({
    where: { orderGid, shop: { domain: shopDomain } },
    select: { id: true },
  });
  if (shipment) return true;
  const planned = await store.orderDispatch.findFirst({
    where: { shopDomain, orderGid, outcome: "planned" },
    select: { id: true },
  });
  return planned !== null;
}

/** The orders whose shipments belong to these fulfillment orders (the fulfillment_orders/* payloads name no order). */
export async function ordersOfFulfillmentOrders(
  store: Tx,
  shopDomain: string,
  fulfillmentOrderGids: readonly string[],
): Promise<string[]> {
  if (fulfillmentOrderGids.length === 0) return [];
  const rows = await store.shipment.findMany({
    where: { fulfillmentOrderGid: { in: [...fulfillmentOrderGids] }, shop: { domain: shopDomain } },
    select: { orderGid: true },
    distinct: ["orderGid"],
  });
  return rows.map((row) => row.orderGid);
}

/** orders/updated, orders/cancelled: a sync when the order is one the app delivers. */
export async function syncOrderIfDelivered(
  queue: JobQueue,
  tx: Tx,
  input: { shopDomain: string; orderGid: string; dedupeKey: string },
) {
  if (!(await orderHasDeliveries(tx, input.shopDomain, input.orderGid))) return null;
  return enqueueOrderSync(queue, input, tx);
}

/** fulfillment_orders/*: a sync of each order whose shipments these fulfillment orders carry. */
export async function syncOrdersOfFulfillmentOrders(
  queue: JobQueue,
  tx: Tx,
  input: { shopDomain: string; fulfillmentOrderGids: string[]; dedupeKey: string },
) {
  const orders = await ordersOfFulfillmentOrders(tx, input.shopDomain, input.fulfillmentOrderGids);
  for (const orderGid of orders)
    await enqueueOrderSync(queue, { shopDomain: input.shopDomain, orderGid, dedupeKey: input.dedupeKey }, tx);
  return orders;
}
