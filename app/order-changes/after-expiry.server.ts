import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { redispatchCanceled } from "./redispatch.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { recordOnShipment } from "~/shipments/record.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchOrderForDispatch } from "~/shopify-admin/orders.server";
import { AFTER_EXPIRY_ACTIVITY } from "~/shipments/activity-kinds";
import {
  AFTER_EXPIRY_WORDS,
  afterExpiryDecision,
  type AfterExpiryDecision,
  type AfterExpiryFacts,
  type AfterExpiryPayload,
} from "~/tracking/public";

export type AfterExpiryDeps = { db: Db; queue: JobQueue; admin: () => Promise<AdminGraphql>; clock: () => Date };

const OPEN_FULFILLMENT_ORDER = new Set(["OPEN", "IN_PROGRESS"]);

async function orderNow(
  admin: AdminGraphql,
  orderGid: string,
  fulfillmentOrderGid: string,
): Promise<AfterExpiryFacts["order"]> {
  const order = await fetchOrderForDispatch(admin, orderGid);
  if (!order) return "gone";
  if (order.cancelledAt) return "canceled";
  const fo = order.fulfillmentOrders.nodes.find((node) => node.id === fulfillmentOrderGid);
  return fo && OPEN_FULFILLMENT_ORDER.has(fo.status) ? "open" : "fulfilled";
}

/**
 * The after-expiry job (its kind and decision: app/tracking/after-expiry.ts): reads the shipment, the shop's choice and the order as it is
 * now, then offers, dispatches again once, or closes the expiry; each on the shipment's timeline.
 */
export async function runAfterExpiry(deps: AfterExpiryDeps, payload: AfterExpiryPayload): Promise<AfterExpiryDecision> {
  const shipment = await deps.db.shipment.findUnique({
    where: { id: payload.shipmentId },
    include: { shop: { select: { domain: true, settingsJson: true } } },
  });
  if (!shipment) return { action: "nothing", why: "resolved" };
  const base = { shipment, expiredCourierShipmentId: payload.courierShipmentId };
  const mode = parseShopSettings(shipment.shop.settingsJson).afterExpiry.redispatch;
  // Shopify is asked only when the expiry still stands.
  const early = afterExpiryDecision({ ...base, mode, order: "open" });
  if (early.action === "nothing") return early;
  const order = await orderNow(await deps.admin(), shipment.orderGid, shipment.fulfillmentOrderGid);
  const decision = afterExpiryDecision({ ...base, mode, order });
  const at = deps.clock();
  switch (decision.action) {
    case "nothing":
      return decision;
    case "close":
      await deps.db.$transaction((tx) =>
        recordOnShipment(tx, {
          shipmentId: shipment.id,
          at,
          data: { needsAttention: false, attentionReason: null, attentionCode: null },
          entry: { kind: AFTER_EXPIRY_ACTIVITY.closed, message: AFTER_EXPIRY_WORDS[decision.why] },
        }),
      );
      return decision;
    case "offer":
      await deps.db.$transaction((tx) =>
        recordOnShipment(tx, {
          shipmentId: shipment.id,
          at,
          entry: { kind: AFTER_EXPIRY_ACTIVITY.offered, message: AFTER_EXPIRY_WORDS.offered },
        }),
      );
      return decision;
    case "redispatch": {
      const queued = await redispatchCanceled(deps, {
        shopDomain: shipment.shop.domain,
        shipmentId: shipment.id,
        entry: { kind: AFTER_EXPIRY_ACTIVITY.automatic, message: AFTER_EXPIRY_WORDS.automatic },
      });
      return queued ? decision : { action: "nothing", why: "resolved" };
    }
  }
}
