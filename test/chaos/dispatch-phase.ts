/**
 * The dispatch half of a scenario: signed orders/paid deliveries for a set of shops, sent as Shopify
 * sends them (repeated until accepted), and the wait until the app has a courier shipment for every
 * fulfillment order and no dispatch job is left.
 */
import { ANNOTATE_ORDER_JOB, DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import { ordersPaidDelivery, type PreparedRequest, type SeededShop } from "../bench/harness";
import { unfinishedJobs, waitForApp, type ChaosContext } from "./context";
import { deliverUntilAccepted } from "./deliveries";

/** orders/paid deliveries, shops interleaved as paid orders of many stores arrive. */
export function paidDeliveries(ctx: ChaosContext, shops: readonly SeededShop[]): PreparedRequest[] {
  const deliveries: PreparedRequest[] = [];
  const most = Math.max(...shops.map((shop) => shop.orders.length));
  for (let n = 0; n < most; n++)
    for (const shop of shops) {
      const order = shop.orders[n];
      if (order) deliveries.push(ordersPaidDelivery(ctx.app.url, shop.domain, order));
    }
  return deliveries;
}

export function sendPaidOrders(ctx: ChaosContext, shops: readonly SeededShop[], perSecond: number, limitMs: number) {
  return deliverUntilAccepted(ctx.app.url, paidDeliveries(ctx, shops), { lanes: 64, perSecond, limitMs });
}

export function waitDispatched(ctx: ChaosContext, shops: readonly SeededShop[], limitMs: number) {
  const orders = shops.reduce((n, shop) => n + shop.orders.length, 0);
  // By shop, not by a list of ids: SQLite takes at most 999 parameters in one query.
  const domains = shops.map((shop) => shop.domain);
  return waitForApp(ctx, "dispatch", limitMs, async () => {
    const dispatched = await ctx.db.shipment.count({
      where: { shop: { domain: { in: domains } }, courierShipmentId: { not: null } },
    });
    const jobs = await unfinishedJobs(ctx.db, [DISPATCH_ORDER_JOB, DISPATCH_FULFILLMENT_ORDER_JOB, ANNOTATE_ORDER_JOB]);
    return {
      done: dispatched >= orders && jobs === 0,
      status: `${dispatched}/${orders} with a courier shipment, ${jobs} dispatch jobs left`,
    };
  });
}
