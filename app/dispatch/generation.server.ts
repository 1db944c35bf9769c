import type { Db } from "~/db/client.server";
import type { Tx } from "~/jobs/queue.server";

/**
 * The next dispatch generation of an order: above every shipment and dispatch decision it has. A
 * new generation means new idempotency keys, so the courier does not take a deliberate re-dispatch
 * for a repeat of a canceled shipment.
 */
export async function nextDispatchGeneration(
  store: Db | Tx,
  shop: { id: string; domain: string },
  orderGid: string,
): Promise<number> {
  const [shipment, decision] = await Promise.all([
    store.shipment.findFirst({
      where: { shopId: shop.id, orderGid },
      orderBy: { generation: "desc" },
      select: { generation: true },
    }),
    store.orderDispatch.findFirst({
      where: { shopDomain: shop.domain, orderGid },
      orderBy: { generation: "desc" },
      select: { generation: true },
    }),
  ]);
  return Math.max(0, shipment?.generation ?? 0, decision?.generation ?? 0) + 1;
}

/** Work that may still create a shipment for the order: a dispatch, a re-dispatch or an order sync not yet finished. */
export async function dispatchUnderWay(store: Db | Tx, shopDomain: string, orderGid: string): Promise<boolean> {
  const pending = await store.job.count({
    where: {
      shopDomain,
      state: { in: ["queued", "running"] },
      OR: [
        { orderingKey: `order:${shopDomain}:${orderGid}` },
        { kind: "dispatch.fulfillment-order", payloadJson: { contains: `"${orderGid}"` } },
      ],
    },
  });
  return pending > 0;
}
