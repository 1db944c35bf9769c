import { permanentFailure } from "~/jobs/errors";
import type { Tx } from "~/jobs/queue.server";
import { fetchFulfillmentOrderForDispatch } from "~/shopify-admin/orders.server";
import { bookedShipment, bookPlannedShipment } from "./book-shipment.server";
import type { FulfillmentOrderDispatchPayload } from "./jobs";
import { idempotencyKey, planFor, readOrder, type DispatchDeps } from "./plan.server";
import { orderForRedelivery } from "./redelivery";
import { redeliveryNotBooked } from "./redelivery.server";

/**
 * The fulfillment-order job: reads the fulfillment order fresh, plans it and books it
 * (book-shipment.server.ts); one whose plan no longer delivers it is recorded as skipped.
 */
export async function runFulfillmentOrderDispatch(
  deps: DispatchDeps,
  shopDomain: string,
  payload: FulfillmentOrderDispatchPayload,
  completeJob: (tx: Tx) => Promise<void>,
) {
  const existing = await bookedShipment(
    deps.db,
    idempotencyKey(shopDomain, payload.fulfillmentOrderGid, payload.generation),
  );
  if (existing) return { outcome: "exists" as const, shipmentId: existing.id };
  if (!deps.courier)
    throw permanentFailure("Connect a courier account in the app's settings, then retry this dispatch.");

  // Read fresh (staff or Shopify may have changed it since the order job), and only this fulfillment order.
  const current = await fetchFulfillmentOrderForDispatch(deps.admin, payload.fulfillmentOrderGid);
  if (current && current.id !== payload.orderGid)
    throw permanentFailure("The fulfillment order belongs to another order than the one this dispatch is for.");
  const read = current ?? (await readOrder(deps, payload));
  const returned = payload.redeliveryOf ? await returnedDelivery(deps, shopDomain, payload) : null;
  const planning = await planFor(
    deps,
    shopDomain,
    payload,
    returned ? orderForRedelivery(read, payload.fulfillmentOrderGid) : read,
  );
  const { plan } = planning;
  const planned = plan?.shipments.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid);
  if (!planned) {
    const reason =
      plan?.skipped.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid)?.reason ??
      plan?.needsAttention.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid)?.reason ??
      plan?.orderSkipReason ??
      "The fulfillment order no longer needs delivery.";
    await deps.db.$transaction(async (tx) => {
      await recordSkip(tx, shopDomain, payload, reason);
      if (payload.redeliveryOf)
        await redeliveryNotBooked(tx, { returnedShipmentId: payload.redeliveryOf, reason, at: deps.clock() });
      await completeJob(tx);
    });
    return { outcome: "skipped" as const, reason };
  }

  return bookPlannedShipment(
    { ...deps, courier: deps.courier },
    shopDomain,
    payload,
    planning,
    planned,
    returned,
    completeJob,
  );
}

/** The returned delivery a re-delivery carries on from (same fulfillment order, same shop). */
async function returnedDelivery(deps: DispatchDeps, shopDomain: string, payload: FulfillmentOrderDispatchPayload) {
  const returned = await deps.db.shipment.findFirst({
    where: {
      id: payload.redeliveryOf,
      shop: { domain: shopDomain },
      fulfillmentOrderGid: payload.fulfillmentOrderGid,
      state: "returned",
    },
    select: { fulfillmentGid: true },
  });
  if (!returned) throw permanentFailure("The returned delivery this re-delivery is for is not in the app.");
  return returned;
}

async function recordSkip(tx: Tx, shopDomain: string, payload: FulfillmentOrderDispatchPayload, reason: string) {
  await tx.orderDispatch.upsert({
    where: {
      shopDomain_orderGid_generation: { shopDomain, orderGid: payload.orderGid, generation: payload.generation },
    },
    create: { shopDomain, orderGid: payload.orderGid, generation: payload.generation, outcome: "skipped", reason },
    update: { reason },
  });
}
