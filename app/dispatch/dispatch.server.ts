import { createHash } from "node:crypto";
import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import type { Shipment as CourierShipment } from "~/courier/responses";
import type { Db } from "~/db/client.server";
import { permanentFailure, retryLater } from "~/jobs/errors";
import type { JobQueue, Tx } from "~/jobs/queue.server";
import { cartSignature } from "~/quote/cart-to-estimate";
import { dollarsToCents, exceedsPriceTolerance } from "~/quote/pricing";
import { windowForDispatch } from "~/quote/windows";
import { parseShopSettings } from "~/settings/shop-settings";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import {
  fetchFulfillmentOrderForDispatch,
  fetchOrderForDispatch,
  type OrderForDispatch,
} from "~/shopify/orders.server";
import { addOrderTags, setOrderDeliveryMetafield } from "~/shopify/order-annotations.server";
import { orderDeliverySummary } from "~/tracking/order-summary";
import { attachEarlyEvents } from "~/tracking/receive.server";
import { dispatchEligibility } from "./eligibility";
import { legacyId, planShipments, type DispatchPlan } from "./order-to-shipments";
import { dispatchSettingsOf, pickupPointsOf } from "./shop-dispatch-settings";

export const DISPATCH_ORDER_JOB = "dispatch.order";
export const DISPATCH_FULFILLMENT_ORDER_JOB = "dispatch.fulfillment-order";

/** Writes a dispatched order's delivery metafield and tag, after (not inside) the courier's creation. */
export const ANNOTATE_ORDER_JOB = "dispatch.annotate-order";

export type OrderDispatchPayload = { orderGid: string; generation: number; manual?: { serviceCode: string | null } };
export type FulfillmentOrderDispatchPayload = OrderDispatchPayload & { fulfillmentOrderGid: string };

export type DispatchDeps = {
  db: Db;
  queue: JobQueue;
  admin: AdminGraphql;
  courier: CourierClient | null;
  clock: () => Date;
};

/** The courier's idempotency key: the same for every retry of one dispatch of one fulfillment order. */
export function idempotencyKey(shopDomain: string, fulfillmentOrderGid: string, generation: number): string {
  const digest = createHash("sha256").update(`${shopDomain}|${fulfillmentOrderGid}|${generation}`).digest("hex");
  return `sd1-${digest.slice(0, 40)}`;
}

/** Paid (or dispatch-now): one job per order and generation, whatever number of webhooks arrive. */
export async function enqueueOrderDispatch(
  queue: JobQueue,
  input: { shopDomain: string } & OrderDispatchPayload,
  tx?: Tx,
) {
  const { shopDomain, ...payload } = input;
  return queue.enqueue(
    {
      shopDomain,
      kind: DISPATCH_ORDER_JOB,
      payload,
      uniqueKey: `dispatch:${shopDomain}:${payload.orderGid}:${payload.generation}`,
      orderingKey: `order:${shopDomain}:${payload.orderGid}`,
    },
    tx,
  );
}

/** One fulfillment order's creation job for a generation (a redispatch of one fulfillment order uses it directly). */
export async function enqueueFulfillmentOrderDispatch(
  queue: JobQueue,
  input: { shopDomain: string } & FulfillmentOrderDispatchPayload,
  tx?: Tx,
) {
  const { shopDomain, ...payload } = input;
  return queue.enqueue(
    {
      shopDomain,
      kind: DISPATCH_FULFILLMENT_ORDER_JOB,
      payload: payload satisfies FulfillmentOrderDispatchPayload,
      uniqueKey: `dispatch-fo:${shopDomain}:${payload.fulfillmentOrderGid}:${payload.generation}`,
      orderingKey: `fulfillment-order:${shopDomain}:${payload.fulfillmentOrderGid}`,
    },
    tx,
  );
}

/**
 * The order's annotation job, enqueued in the transaction that writes a created shipment. While one
 * is still queued it stands for the next (a split order's shipments share it); it reads the order's
 * shipments when it runs, so whichever shipment came last is in it.
 */
export async function enqueueOrderAnnotation(queue: JobQueue, input: { shopDomain: string; orderGid: string }, tx: Tx) {
  const { shopDomain, orderGid } = input;
  return queue.enqueueUnlessQueued(
    [
      {
        shopDomain,
        kind: ANNOTATE_ORDER_JOB,
        payload: { orderGid },
        orderingKey: orderAnnotationKey(shopDomain, orderGid),
      },
    ],
    tx,
  );
}

/** The ordering key of an order's annotation jobs (staff find a dead one by it). */
export function orderAnnotationKey(shopDomain: string, orderGid: string): string {
  return `order-annotation:${shopDomain}:${orderGid}`;
}

async function loadShop(db: Db, shopDomain: string) {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    include: { pickupLocations: { where: { enabled: true } } },
  });
  if (!shop || shop.uninstalledAt) throw permanentFailure("The shop has uninstalled the app.");
  return { shop, settings: parseShopSettings(shop.settingsJson), pickupPoints: pickupPointsOf(shop.pickupLocations) };
}

async function readOrder(deps: DispatchDeps, payload: OrderDispatchPayload): Promise<OrderForDispatch> {
  const order = await fetchOrderForDispatch(deps.admin, payload.orderGid);
  if (!order) throw permanentFailure("Shopify has no such order (deleted, or older than 60 days).");
  return order;
}

/** The plan for `order` as read now (with every fulfillment order, or with only the one a job creates). */
async function planFor(deps: DispatchDeps, shopDomain: string, payload: OrderDispatchPayload, order: OrderForDispatch) {
  const { shop, settings, pickupPoints } = await loadShop(deps.db, shopDomain);
  const lines = order.shippingLines.nodes.map((l) => ({
    title: l.title,
    code: l.code ?? null,
    source: l.source ?? null,
    carrierIdentifier: l.carrierIdentifier ?? null,
  }));
  const windowIds = settings.deliveryWindows.map((w) => w.id);
  const eligibility = payload.manual
    ? { eligible: true as const, serviceCode: payload.manual.serviceCode }
    : dispatchEligibility({
        mode: settings.dispatchMode,
        shippingLines: lines,
        carrierServiceName: settings.carrierServiceName,
        knownWindowIds: windowIds,
      });
  const now = deps.clock();
  const window = eligibility.eligible
    ? windowForDispatch({
        now,
        timeZone: shop.timezone,
        leadTimeMinutes: settings.leadTimeMinutes,
        windows: settings.deliveryWindows,
        serviceCode: eligibility.serviceCode,
        defaultWindowId: settings.defaultWindowId,
      })
    : null;
  const plan: DispatchPlan | null = window
    ? planShipments({
        order,
        pickupPoints,
        settings: dispatchSettingsOf(settings),
        window: { pickupAfter: window.pickupAfter, deliverBetween: window.deliverBetween },
        idempotencyKeyFor: (fo) => idempotencyKey(shopDomain, fo, payload.generation),
      })
    : null;
  const skipReason = !eligibility.eligible
    ? eligibility.reason
    : !window
      ? "The shop has no delivery window configured."
      : null;
  return {
    shop,
    settings,
    order,
    plan,
    skipReason,
    serviceCode: eligibility.eligible ? eligibility.serviceCode : null,
  };
}

async function recordDecision(
  db: Db,
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

/**
 * The order job: reads the order, decides whether it is ours, and enqueues one job per fulfillment
 * order to create. Fulfillment orders that cannot be delivered as the data stands become shipments
 * that need attention, with the reason in the merchant's words.
 */
export async function runOrderDispatch(deps: DispatchDeps, shopDomain: string, payload: OrderDispatchPayload) {
  const { shop, order, plan, skipReason, serviceCode } = await planFor(
    deps,
    shopDomain,
    payload,
    await readOrder(deps, payload),
  );
  const reason = skipReason ?? plan?.orderSkipReason ?? null;
  if (reason || !plan) {
    await recordDecision(deps.db, shopDomain, order, payload.generation, "skipped", reason);
    return { outcome: "skipped" as const, reason };
  }
  await deps.db.$transaction(async (tx) => {
    for (const attention of plan.needsAttention) {
      const key = idempotencyKey(shopDomain, attention.fulfillmentOrderGid, payload.generation);
      await tx.shipment.upsert({
        where: { idempotencyKey: key },
        create: {
          shopId: shop.id,
          orderGid: order.id,
          orderName: order.name,
          customerGid: null,
          fulfillmentOrderGid: attention.fulfillmentOrderGid,
          locationGid: attention.locationGid ?? "",
          generation: payload.generation,
          idempotencyKey: key,
          state: "failed",
          serviceCode,
          needsAttention: true,
          attentionReason: attention.reason,
        },
        update: { needsAttention: true, attentionReason: attention.reason },
      });
    }
    for (const planned of plan.shipments) {
      await enqueueFulfillmentOrderDispatch(
        deps.queue,
        { shopDomain, ...payload, fulfillmentOrderGid: planned.fulfillmentOrderGid },
        tx,
      );
    }
  });
  const outcome = plan.shipments.length ? "planned" : "skipped";
  const detail = plan.shipments.length
    ? null
    : plan.skipped.map((s) => s.reason).join(" ") || plan.needsAttention.map((a) => a.reason).join(" ") || null;
  await recordDecision(deps.db, shopDomain, order, payload.generation, outcome, detail);
  return {
    outcome,
    shipments: plan.shipments.length,
    needsAttention: plan.needsAttention.length,
    skipped: plan.skipped,
  };
}

/** On 409 the first create succeeded: find that shipment by reference_id and this fulfillment order's id. */
async function adoptExisting(
  courier: CourierClient,
  order: OrderForDispatch,
  fulfillmentOrderGid: string,
  key: string,
): Promise<CourierShipment> {
  const candidates = await courier.listShipments({ referenceIds: [order.name] }, { lane: "background" });
  const foId = legacyId(fulfillmentOrderGid);
  const match =
    candidates.find((s) => (s as Record<string, unknown>).idempotency_key === key) ??
    candidates.filter((s) => s.alternate_id_2 === foId && s.state !== "canceled").at(-1);
  if (!match) throw retryLater("The courier reports this shipment exists but does not list it yet.", 5_000);
  return match;
}

function attentionFromCourier(error: CourierError): string {
  if (error.apiErrors?.some((e) => e.code === 1004))
    return `The courier cannot find the address: ${error.merchantMessage}`;
  if (error.apiErrors?.some((e) => e.code === 1005))
    return `The courier has no route between the store and the address: ${error.merchantMessage}`;
  return error.merchantMessage;
}

/**
 * The fulfillment-order job: creates the courier shipment (retries reuse the idempotency key; a 409
 * adopts the existing one) and writes the shipment row in the transaction that completes the job,
 * so a crash in between leads to a retry that adopts, never a second shipment.
 */
export async function runFulfillmentOrderDispatch(
  deps: DispatchDeps,
  shopDomain: string,
  payload: FulfillmentOrderDispatchPayload,
  completeJob: (tx: Tx) => Promise<void>,
) {
  const key = idempotencyKey(shopDomain, payload.fulfillmentOrderGid, payload.generation);
  const existing = await deps.db.shipment.findUnique({ where: { idempotencyKey: key } });
  if (existing?.courierShipmentId) return { outcome: "exists" as const, shipmentId: existing.id };
  if (!deps.courier)
    throw permanentFailure("Connect a courier account in the app's settings, then retry this dispatch.");

  // Read fresh (staff or Shopify may have changed it since the order job), and only this fulfillment order.
  const current = await fetchFulfillmentOrderForDispatch(deps.admin, payload.fulfillmentOrderGid);
  if (current && current.id !== payload.orderGid)
    throw permanentFailure("The fulfillment order belongs to another order than the one this dispatch is for.");
  const { shop, settings, order, plan, serviceCode } = await planFor(
    deps,
    shopDomain,
    payload,
    current ?? (await readOrder(deps, payload)),
  );
  const planned = plan?.shipments.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid);
  if (!planned) {
    const reason =
      plan?.skipped.find((s) => s.fulfillmentOrderGid === payload.fulfillmentOrderGid)?.reason ??
      plan?.orderSkipReason ??
      "The fulfillment order no longer needs delivery.";
    await deps.db.$transaction(async (tx) => {
      await recordSkip(tx, shopDomain, payload, reason);
      await completeJob(tx);
    });
    return { outcome: "skipped" as const, reason };
  }

  let created: CourierShipment | null = null;
  let attention: string | null = null;
  try {
    created = await deps.courier.createShipment(planned.request, { lane: "background" });
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "duplicate")
      created = await adoptExisting(deps.courier, order, payload.fulfillmentOrderGid, key);
    else if (error.kind === "validation" || error.kind === "invalid_request") attention = attentionFromCourier(error);
    else if (error.retryable) throw retryLater(error.merchantMessage, error.retryAfterMs ?? 5_000, error);
    else throw permanentFailure(error.merchantMessage, error);
  }

  const priceCents = created?.price !== null && created?.price !== undefined ? dollarsToCents(created.price) : null;
  const quoted = await quotedPrice(
    deps.db,
    shopDomain,
    order,
    payload.fulfillmentOrderGid,
    planned.locationGid,
    serviceCode,
    deps.clock(),
  );
  const priceFlag =
    priceCents !== null && quoted !== null && exceedsPriceTolerance(quoted, priceCents, settings.priceTolerance)
      ? `The courier charges ${(priceCents / 100).toFixed(2)} USD; checkout quoted ${(quoted / 100).toFixed(2)} USD.`
      : null;
  const row = {
    shopId: shop.id,
    orderGid: order.id,
    orderName: order.name,
    customerGid: null,
    fulfillmentOrderGid: payload.fulfillmentOrderGid,
    locationGid: planned.locationGid,
    generation: payload.generation,
    serviceCode,
    requestJson: JSON.stringify(planned.request),
    pickupAfter: new Date(planned.request.pickup_after),
    deliverStart: new Date(planned.request.deliver_between.start),
    deliverEnd: new Date(planned.request.deliver_between.end),
    quotedPriceCents: quoted,
    ...(created
      ? {
          courierShipmentId: created.id,
          trackingNumber: created.tracking_number,
          state: "scheduled",
          priceCents,
          estimatedDistance: created.estimated_distance,
          needsAttention: Boolean(priceFlag),
          attentionReason: priceFlag,
        }
      : { state: "failed", needsAttention: true, attentionReason: attention }),
  };
  const shipment = await deps.db.$transaction(async (tx) => {
    const saved = await tx.shipment.upsert({
      where: { idempotencyKey: key },
      create: { ...row, idempotencyKey: key },
      update: row,
    });
    await tx.shipmentActivity.create({
      data: {
        shipmentId: saved.id,
        kind: created ? "dispatched" : "dispatch_failed",
        message: created
          ? `Courier shipment ${created.id} created (tracking ${created.tracking_number ?? "pending"}).`
          : `Not dispatched: ${attention}`,
      },
    });
    // Events that arrived before this row existed (shipment.created) are attached now.
    if (created?.id) await attachEarlyEvents(tx, deps.queue, { id: shop.id, domain: shopDomain }, saved.id, created.id);
    // Its own job: a Shopify failure there is retried on its own, never lost with a completed dispatch.
    if (created) await enqueueOrderAnnotation(deps.queue, { shopDomain, orderGid: order.id }, tx);
    await completeJob(tx);
    return saved;
  });

  return { outcome: created ? ("created" as const) : ("needs_attention" as const), shipmentId: shipment.id };
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

/**
 * What checkout quoted for this fulfillment order in the order's window: the quote memory row of its
 * cart signature (pickup location, delivery address, variant quantities — the same signature the rate
 * callback remembered), else null. A split order's fulfillment orders each have their own quote.
 */
async function quotedPrice(
  db: Db,
  shopDomain: string,
  order: OrderForDispatch,
  fulfillmentOrderGid: string,
  locationGid: string,
  serviceCode: string | null,
  now: Date,
): Promise<number | null> {
  const fulfillmentOrder = order.fulfillmentOrders.nodes.find((fo) => fo.id === fulfillmentOrderGid);
  const address = order.shippingAddress;
  if (!serviceCode || !fulfillmentOrder || !address) return null;
  const signature = cartSignature({
    locationGid,
    destination: {
      address1: address.address1,
      city: address.city,
      provinceCode: address.provinceCode,
      zip: address.zip,
      countryCode: address.countryCodeV2,
    },
    lines: fulfillmentOrder.lineItems.nodes
      .filter((line) => line.requiresShipping)
      .map((line) => ({ variantId: line.variant?.id ?? null, quantity: line.totalQuantity })),
  });
  const memory = await db.quoteMemory.findUnique({
    where: { shopDomain_cartSignature_serviceCode: { shopDomain, cartSignature: signature, serviceCode } },
    select: { courierCents: true, expiresAt: true },
  });
  return memory && memory.expiresAt > now ? memory.courierCents : null;
}

/** The annotation job: the order's delivery metafield from its shipments as they are now, and the shop's dispatched tag. */
export async function annotateDispatchedOrder(
  deps: Pick<DispatchDeps, "db" | "admin">,
  shopDomain: string,
  payload: { orderGid: string },
) {
  const { shop, settings } = await loadShop(deps.db, shopDomain);
  const shipments = await deps.db.shipment.findMany({
    where: { shopId: shop.id, orderGid: payload.orderGid },
    orderBy: { createdAt: "asc" },
  });
  if (!shipments.some((s) => s.courierShipmentId)) return;
  await setOrderDeliveryMetafield(deps.admin, payload.orderGid, orderDeliverySummary(shipments));
  await addOrderTags(deps.admin, payload.orderGid, [settings.tags.dispatched]);
}
