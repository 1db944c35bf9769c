import type { Tx } from "~/db/client.server";
import { enqueueFulfillmentOrderDispatch } from "~/dispatch/enqueue-dispatch.server";
import { bookedShipment, bookPlannedShipment } from "./book-shipment.server";
import type { OrderDispatchPayload } from "./jobs";
import { idempotencyKey, planFor, readOrder, type DispatchDeps } from "./plan.server";
import { customerOfOrder } from "~/webhooks/public.server";

async function recordDecision(
  db: Tx,
  shopDomain: string,
  order: { id: string; name?: string | null },
  generation: number,
  outcome: string,
  reason: string | null,
) {
  await db.orderDispatch.upsert({
    where: { shopDomain_orderGid_generation: { shopDomain, orderGid: order.id, generation } },
    create: { shopDomain, orderGid: order.id, orderName: order.name ?? null, generation, outcome, reason },
    update: { outcome, reason, orderName: order.name ?? null },
  });
}

async function markFirstLocalDelivery(tx: Tx, shop: { id: string }, order: { name: string }, at: Date) {
  // The first local-delivery order the app dispatches is Home's proof that the merchant's setup works.
  await tx.shop.updateMany({
    where: { id: shop.id, firstLocalDeliveryOrderName: null },
    data: { firstLocalDeliveryOrderName: order.name, firstLocalDeliveryOrderAt: at },
  });
}

/**
 * The order job: reads the order, decides whether it is ours, and enqueues one job per fulfillment
 * order to create. An order with ONE fulfillment order (most) is booked here, from the order just
 * read: a second job would claim, read the order from Shopify again and plan it again (issue 37).
 * Fulfillment orders that cannot be delivered as the data stands become shipments that need
 * attention, with the reason in the merchant's words.
 */
export async function runOrderDispatch(
  deps: DispatchDeps,
  shopDomain: string,
  payload: OrderDispatchPayload,
  completeJob: (tx: Tx) => Promise<void>,
) {
  const planning = await planFor(deps, shopDomain, payload, await readOrder(deps, payload));
  const { shop, order, plan, skipReason, serviceCode, localDelivery } = planning;
  const reason = skipReason ?? plan?.orderSkipReason ?? null;
  if (reason || !plan) {
    await deps.db.$transaction(async (tx) => {
      await recordDecision(tx, shopDomain, order, payload.generation, "skipped", reason);
      await completeJob(tx);
    });
    return { outcome: "skipped" as const, reason };
  }
  const only = plan.shipments.length === 1 && order.fulfillmentOrders.nodes.length === 1 ? plan.shipments[0]! : null;
  if (only && deps.courier) {
    const recordOrder = async (tx: Tx) => {
      if (localDelivery) await markFirstLocalDelivery(tx, shop, order, deps.clock());
      await recordDecision(tx, shopDomain, order, payload.generation, "planned", null);
      await completeJob(tx);
    };
    const fulfillmentOrder = { ...payload, fulfillmentOrderGid: only.fulfillmentOrderGid };
    const existing = await bookedShipment(
      deps.db,
      idempotencyKey(shopDomain, only.fulfillmentOrderGid, payload.generation),
    );
    if (existing) await deps.db.$transaction(recordOrder);
    else
      await bookPlannedShipment(
        { ...deps, courier: deps.courier },
        shopDomain,
        fulfillmentOrder,
        planning,
        only,
        null,
        recordOrder,
      );
    return { outcome: "planned" as const, shipments: 1, needsAttention: 0, skipped: plan.skipped };
  }
  const customerGid = await customerOfOrder(deps.db, shopDomain, order.id);
  const outcome = plan.shipments.length ? "planned" : "skipped";
  const detail = plan.shipments.length
    ? null
    : plan.skipped.map((s) => s.reason).join(" ") || plan.needsAttention.map((a) => a.reason).join(" ") || null;
  // One transaction for all the order job's writes and its completion (each was a transaction of its own).
  await deps.db.$transaction(async (tx) => {
    for (const attention of plan.needsAttention) {
      const key = idempotencyKey(shopDomain, attention.fulfillmentOrderGid, payload.generation);
      await tx.shipment.upsert({
        where: { idempotencyKey: key },
        create: {
          shopId: shop.id,
          orderGid: order.id,
          orderName: order.name,
          customerGid,
          fulfillmentOrderGid: attention.fulfillmentOrderGid,
          locationGid: attention.locationGid ?? "",
          generation: payload.generation,
          idempotencyKey: key,
          state: "failed",
          serviceCode,
          needsAttention: true,
          attentionReason: attention.reason,
          attentionCode: attention.code,
        },
        update: { needsAttention: true, attentionReason: attention.reason, attentionCode: attention.code },
      });
    }
    for (const planned of plan.shipments) {
      await enqueueFulfillmentOrderDispatch(
        deps.queue,
        { shopDomain, ...payload, fulfillmentOrderGid: planned.fulfillmentOrderGid },
        tx,
      );
    }
    if (localDelivery && plan.shipments.length) await markFirstLocalDelivery(tx, shop, order, deps.clock());
    await recordDecision(tx, shopDomain, order, payload.generation, outcome, detail);
    await completeJob(tx);
  });
  return {
    outcome,
    shipments: plan.shipments.length,
    needsAttention: plan.needsAttention.length,
    skipped: plan.skipped,
  };
}
