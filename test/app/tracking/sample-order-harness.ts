/**
 * Shopify's documented orders/paid sample (test/fixtures/shopify-webhooks.ts: ids above 2^53) taken
 * through the whole path: the signed webhook through the app's route, dispatch at the courier
 * sandbox, the courier's events posted to the app's event route, every job run by the real worker.
 * Used by the tests that follow the sample from dispatch to the end of a delivery.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { getRuntime } from "~/runtime.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { SANDBOX_CANCEL_COMMAND, SANDBOX_RETURN_COMMAND } from "../../courier-sandbox/commands";
import type { AccountOptions } from "../../courier-sandbox/model";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { ordersPaidSampleBody, SAMPLE_ORDER_ID } from "../../fixtures/shopify-webhooks";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import { drainJobs, INSTALLED_SHOP, sameDayOrder, setUpInstalledShop } from "../../support/installed-shop";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

export const SAMPLE_ORDER_GID = `gid://shopify/Order/${SAMPLE_ORDER_ID}`;
const SAME_DAY = {
  title: "Within 3 hours",
  code: serviceCodeFor("within-3-hours"),
  source: "Same-day delivery",
  price: "9.99",
};
type CourierEvent = { event: string; data: Record<string, unknown> };

export type Outcome = "deliver" | "return" | "cancel";

/** Registers the file's hooks (a sandbox for the file, a fresh installed shop per test); use its functions in tests. */
export function sampleOrderHarness(courierToken: string, account: Partial<AccountOptions> = {}) {
  const runtime = getRuntime();
  const { db } = runtime;
  let sandbox: CourierSandbox;
  let standIn: ShopifyStandIn;
  let secret = "";
  let pathId = "";

  beforeAll(async () => {
    sandbox = await startCourierSandbox({ tokens: [courierToken], account: account as never });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: courierToken }));
    secret = await rotateWebhookSecret(runtime, INSTALLED_SHOP, "bearer");
    pathId = (await db.shop.findUniqueOrThrow({ where: { domain: INSTALLED_SHOP } })).webhookPathId;
  });

  /** The order Shopify's sample names, paid with the sample's own body (its ids as JSON numbers); its one shipment. */
  async function dispatchSample(outcome: Outcome = "deliver") {
    if (outcome === "cancel") await db.pickupLocation.updateMany({ data: { notes: SANDBOX_CANCEL_COMMAND } });
    sameDayOrder(standIn, {
      id: SAMPLE_ORDER_GID,
      name: "#9999",
      note: "Please leave the parcel with the doorman",
      shippingLines: [{ ...SAME_DAY, carrierIdentifier: "c9f1e2" }],
    });
    const response = await ordersPaid({
      request: webhookRequest({
        url: `${TEST_APP_URL}/webhooks/orders/paid`,
        topic: "orders/paid",
        shop: INSTALLED_SHOP,
        body: ordersPaidSampleBody(SAME_DAY),
        secret: TEST_API_SECRET,
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    await drainJobs(runtime);
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: SAMPLE_ORDER_GID } });
    expect(shipment.courierShipmentId).not.toBeNull();
    if (outcome === "return") {
      // Before a driver accepts, as the courier's API allows: the sandbox's return command in the delivery notes.
      const courier = (await runtime.courierFor(INSTALLED_SHOP))!;
      const booked = sandbox.shipment(shipment.courierShipmentId!)!;
      await courier.updateShipment(shipment.courierShipmentId!, {
        delivery_location: { ...booked.request.delivery_location, notes: SANDBOX_RETURN_COMMAND },
      });
    }
    return shipment;
  }

  const eventsOf = (courierId: string): CourierEvent[] =>
    sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event as CourierEvent);

  /** Every step the sandbox takes for the courier shipment until it is final; its events. */
  function runToTheEnd(courierId: string): CourierEvent[] {
    for (let step = 0; step < 40; step++) {
      const s = sandbox.advance(courierId) as { state?: string } | undefined;
      if (!s || ["delivered", "returned", "canceled"].includes(String(s.state))) break;
    }
    return eventsOf(courierId);
  }

  /** The courier expires the shipment (no driver took it), reposting it when `repost`; its events. */
  function expire(courierId: string, repost: boolean): CourierEvent[] {
    sandbox.setAccountOptions(courierToken, { automaticRepost: repost });
    try {
      sandbox.expire(courierId);
    } finally {
      sandbox.setAccountOptions(courierToken, { automaticRepost: false });
    }
    return eventsOf(courierId);
  }

  /** Posts the events to the app's event route (each twice, as a courier may repeat them), then runs every job due. */
  async function deliverEvents(events: CourierEvent[]) {
    for (const event of [...events, ...events]) {
      const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
        body: JSON.stringify(event),
      });
      expect((await courierWebhook({ request, params: { pathId }, context: {} })).status).toBe(200);
    }
    await drainJobs(runtime);
  }

  /** Runs the jobs that wait (an expiry's repost grace, a retry's backoff) as if their time had come. */
  async function runWaitingJobs() {
    await db.job.updateMany({ where: { state: "queued" }, data: { runAt: new Date() } });
    await drainJobs(runtime);
  }

  return {
    runtime,
    db,
    sandbox: () => sandbox,
    standIn: () => standIn,
    order: () => standIn.shop(INSTALLED_SHOP).orders.find((o) => o.id === SAMPLE_ORDER_GID)!,
    flowTriggers: () => standIn.shop(INSTALLED_SHOP).flowTriggers,
    dispatchSample,
    runToTheEnd,
    expire,
    deliverEvents,
    runWaitingJobs,
  };
}
