/**
 * What the attention list's tests share: a courier sandbox for the file, a fresh installed shop per
 * test, deliveries dispatched through orders/paid and the worker, and the courier's events posted to
 * the app's event route. Call `attentionWorld()` at the top of a test file (it registers the hooks).
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { staffDeps } from "~/server/staff-http.server";
import { startCourierSandbox, type CourierSandbox } from "../../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../../shopify-stand-in/index";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../../support/installed-shop";

export const STAFF = { userId: "9001", name: "Maria Lopez" };

export function attentionWorld(courierToken: string) {
  const runtime = getRuntime();
  const { db } = runtime;
  let sandbox: CourierSandbox;
  let standIn: ShopifyStandIn;
  let secret: string;
  let pathId: string;

  beforeAll(async () => {
    sandbox = await startCourierSandbox({ tokens: [courierToken] });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: courierToken }));
    secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
    pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
  });

  async function dispatchedShipment() {
    const order = sameDayOrder(standIn);
    await orderPaid(order.id, `paid-${order.id}`);
    await drainJobs(runtime);
    return db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  }

  /** Posts the courier's events for this shipment not yet posted, and applies them. */
  const posted = new Set<unknown>();
  async function postEvents(courierId: string) {
    for (const { event } of sandbox.emitted.filter((e) => String(e.shipmentId) === courierId && !posted.has(e))) {
      const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
        body: JSON.stringify(event),
      });
      expect((await courierWebhook({ request, params: { pathId }, context: {} })).status).toBe(200);
    }
    for (const e of sandbox.emitted) posted.add(e);
    await drainJobs(runtime);
  }

  async function expire(courierId: string) {
    sandbox.expire(courierId);
    await postEvents(courierId);
  }

  /** Every step the sandbox takes for the courier shipment until it is final; then its events, applied. */
  async function runToTheEnd(courierId: string) {
    for (let step = 0; step < 40; step++) {
      const state = sandbox.advance(courierId)?.state;
      if (!state || ["delivered", "returned", "canceled", "expired"].includes(state)) break;
    }
    await postEvents(courierId);
  }

  /** Courier shipments created so far (POST /v1/shipments answered). */
  const courierCreates = () =>
    sandbox.requestLog.filter((e) => e.method === "POST" && e.path === "/v1/shipments").length;

  const actionDeps = async () => ({ ...staffDeps(), queue: runtime.queue, admin: await adminFor(SHOP) });

  return {
    runtime,
    db,
    sandbox: () => sandbox,
    standIn: () => standIn,
    dispatchedShipment,
    postEvents,
    expire,
    runToTheEnd,
    courierCreates,
    actionDeps,
  };
}
