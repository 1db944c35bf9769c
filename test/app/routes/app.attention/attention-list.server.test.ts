import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attentionCount, attentionList, runAttentionAction } from "~/routes/app.attention/attention-list.server";
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

const COURIER_TOKEN = "sandbox-token-attention";
const runtime = getRuntime();
const { db } = runtime;
const STAFF = { userId: "9001", name: "Maria Lopez" };

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let secret: string;
let pathId: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
  secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
});

async function dispatchedShipment() {
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs(runtime);
  return db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
}

async function expire(courierId: string) {
  sandbox.expire(courierId);
  for (const { event } of sandbox.emitted.filter((e) => String(e.shipmentId) === courierId)) {
    const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
      body: JSON.stringify(event),
    });
    expect((await courierWebhook({ request, params: { pathId }, context: {} })).status).toBe(200);
  }
  await drainJobs(runtime);
}

const actionDeps = async () => ({ ...staffDeps(), queue: runtime.queue, admin: await adminFor(SHOP) });

describe("the attention list and its actions", () => {
  it("lists an expiry with its reason and dispatch again; the action resolves it and the count drops", async () => {
    const priced = await dispatchedShipment();
    const expired = await dispatchedShipment();
    await expire(expired.courierShipmentId!);
    // The other one was priced off the quote (as the dispatch job flags it).
    await db.shipment.update({
      where: { id: priced.id },
      data: { needsAttention: true, attentionCode: "price_differs", attentionReason: null },
    });

    const list = await attentionList(db, SHOP);
    expect(list.total).toBe(2);
    expect(list.items.map((i) => [i.shipmentId, i.code, i.action])).toEqual(
      expect.arrayContaining([
        [expired.id, "expired", "dispatch_again"],
        [priced.id, "price_differs", "cancel"],
      ]),
    );
    const item = list.items.find((i) => i.shipmentId === expired.id)!;
    expect(item.reason).toMatch(/no driver accepted before the delivery deadline/);
    expect(item.orderAdminUrl).toMatch(/^shopify:\/\/admin\/orders\/\d+$/);

    const deps = await actionDeps();
    // Only the action the reason names.
    expect(await runAttentionAction(deps, SHOP, { intent: "cancel", shipmentId: expired.id }, STAFF)).toMatchObject({
      ok: false,
      message: "This action does not fit this delivery.",
    });
    expect(
      await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: expired.id }, STAFF),
    ).toMatchObject({ ok: true });
    expect(await attentionCount(db, SHOP)).toBe(1);
    // Already resolved: a second click is refused in words.
    expect(
      await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: expired.id }, STAFF),
    ).toMatchObject({ ok: false, message: "This delivery no longer needs attention. Reload the page." });
    await drainJobs(runtime);
    const fresh = await db.shipment.findFirstOrThrow({ where: { orderGid: expired.orderGid, generation: 2 } });
    expect(fresh.state).toBe("scheduled");

    expect(await runAttentionAction(deps, SHOP, { intent: "cancel", shipmentId: priced.id }, STAFF)).toMatchObject({
      ok: true,
      message: "The delivery was canceled.",
    });
    expect(sandbox.shipment(priced.courierShipmentId!)!.state).toBe("canceled");
    expect(await attentionList(db, SHOP)).toEqual({ items: [], total: 0 });
  });

  it("refuses another shop's shipment and a malformed id as a result, not an error", async () => {
    const deps = await actionDeps();
    expect(await runAttentionAction(deps, SHOP, { intent: "dispatch_again", shipmentId: "nope" }, STAFF)).toMatchObject(
      { ok: false },
    );
    expect(await runAttentionAction(deps, "other.myshopify.com", { intent: "x", shipmentId: "" }, STAFF)).toMatchObject(
      { ok: false },
    );
  });
});
