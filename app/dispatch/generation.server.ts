import type { Db } from "~/db/client.server";
import type { Tx } from "~/jobs/queue.server";

/**
 * The next dispatch generation of an order: above every shipment and dispatch decision it has. A
 * new generation means new idempotency keys, so the courier does not take a deliberate re-dispatch
 * for a repeat of a canceled shipment.
 */
export async function nextDispatchGeneration(store: Db | Tx, shop: { id: string; domain: string }, orderGid: string): Promise<number> {
  const [shipment, decision] = await Promise.all([
    store.shipment.findFirst({ where: { shopId: shop.id, orderGid }, orderBy: { generation: "desc" }, select: { generation: true } }),
    store.orderDispatch.findFirst({ where: { shopDomain: shop.domain, orderGid }, orderBy: { generation: "desc" }, select: { generation: true } }),
  ]);
  return Math.max(0, shipment?.generation ?? 0, decision?.generation ?? 0) + 1;
}
