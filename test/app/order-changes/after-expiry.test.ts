/**
 * After an expiry the courier does not repost: offered to staff, or dispatched again once by the app
 * (the shop's afterExpiry setting), through the real dispatch jobs against the courier sandbox and
 * the Shopify stand-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isoDate } from "~/schedule/opening-hours";
import { addDays, zonedDate } from "~/schedule/time-zone";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { redispatchShipment } from "~/staff/order-dispatch.server";
import { StaffActionError } from "~/staff/errors";
import { staffDeps } from "~/server/staff-http.server";
import { AFTER_EXPIRY_ACTIVITY } from "~/shipments/activity-kinds";
import { AFTER_EXPIRY_JOB } from "~/tracking/after-expiry";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in/index";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";

const COURIER_TOKEN = "sandbox-token-after-expiry";
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

async function post(body: unknown) {
  const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
  expect((await courierWebhook({ request, params: { pathId }, context: {} })).status).toBe(200);
}

async function changeSettings(change: (settings: ReturnType<typeof parseShopSettings>) => void) {
  const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const settings = parseShopSettings(shop.settingsJson);
  change(settings);
  await db.shop.update({ where: { id: shop.id }, data: { settingsJson: JSON.stringify(settings) } });
}

async function dispatchedShipment() {
  createsBefore = allCreates().length;
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs(runtime);
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  expect(shipment).toMatchObject({ state: "scheduled", generation: 1 });
  return { order, shipment };
}

/** The courier expires the shipment (no repost); its events are posted twice, as a courier may. */
async function expire(courierId: string) {
  sandbox.expire(courierId);
  const events = sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
  expect(events.map((e) => e.event)).toContain("shipment.canceled");
  for (const event of [...events, ...events]) await post(event);
  await drainJobs(runtime);
}

/** The after-expiry job waits for a repost: this brings it forward (as when the grace has passed). */
async function afterRepostGrace() {
  const jobs = await db.job.findMany({ where: { kind: AFTER_EXPIRY_JOB } });
  await db.job.updateMany({ where: { kind: AFTER_EXPIRY_JOB, state: "queued" }, data: { runAt: new Date() } });
  await drainJobs(runtime);
  return jobs.length;
}

const shipmentsOf = (orderGid: string) => db.shipment.findMany({ where: { orderGid }, orderBy: { generation: "asc" } });
const kindsOf = async (shipmentId: string) =>
  (await db.shipmentActivity.findMany({ where: { shipmentId }, orderBy: { createdAt: "asc" } })).map((a) => a.kind);
let createsBefore = 0;
const allCreates = () => sandbox.requestLog.filter((r) => r.method === "POST" && r.path === "/v1/shipments");
/** The shipments this test created at the courier (the sandbox serves the whole file). */
const creates = () => allCreates().slice(createsBefore);

describe("after an expiry the courier does not repost", () => {
  it("by default offers a re-dispatch: the expiry keeps its attention, nothing is sent", async () => {
    const { order, shipment } = await dispatchedShipment();
    await expire(shipment.courierShipmentId!);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "canceled",
      needsAttention: true,
      attentionCode: "expired",
    });
    expect(await afterRepostGrace()).toBe(1);

    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      needsAttention: true,
      attentionCode: "expired",
    });
    expect(await kindsOf(shipment.id)).toContain(AFTER_EXPIRY_ACTIVITY.offered);
  });

  it("staff's dispatch again sends a new generation with its own idempotency key, once", async () => {
    const { order, shipment } = await dispatchedShipment();
    await expire(shipment.courierShipmentId!);
    await afterRepostGrace();
    const deps = { ...staffDeps(), queue: runtime.queue, admin: await adminFor(SHOP) };
    const input = { shopDomain: SHOP, shipmentId: shipment.id, staff: STAFF };
    await redispatchShipment(deps, input);
    // A second click: the delivery already waits to be dispatched again.
    await expect(redispatchShipment(deps, input)).rejects.toBeInstanceOf(StaffActionError);
    await drainJobs(runtime);

    const [old, fresh] = await shipmentsOf(order.id);
    expect(old).toMatchObject({ state: "canceled", needsAttention: false, attentionCode: null });
    expect(fresh).toMatchObject({ state: "scheduled", generation: 2, needsAttention: false });
    expect(fresh!.idempotencyKey).not.toBe(old!.idempotencyKey);
    expect(fresh!.courierShipmentId).not.toBe(old!.courierShipmentId);
    const keys = creates().map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(await kindsOf(shipment.id)).toEqual(
      expect.arrayContaining([
        AFTER_EXPIRY_ACTIVITY.offered,
        "staff_redispatch_after_cancel",
        "order_change_redispatch_pending",
        "order_change_redispatched",
      ]),
    );
  });

  it("when the merchant chose so, dispatches again itself once, into the next window still open (closed days skipped)", async () => {
    const { order, shipment } = await dispatchedShipment();
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const today = zonedDate(runtime.clock(), shop.timezone);
    await changeSettings((settings) => {
      settings.afterExpiry = { redispatch: "automatic" };
      // The store is closed today and tomorrow: the re-dispatch goes to the day after.
      settings.openingHours = [
        {
          locationGid: shipment.locationGid,
          weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "18:00" }]),
          closedDates: [{ from: isoDate(today), to: isoDate(addDays(today, 1)), reason: "Inventory" }],
          preparationMinutes: 0,
          slotCapacity: null,
        },
      ];
    });
    await expire(shipment.courierShipmentId!);
    expect(await afterRepostGrace()).toBe(1);
    // The job is unique per expiry: running the queue again adds nothing.
    expect(await afterRepostGrace()).toBe(1);

    const rows = await shipmentsOf(order.id);
    expect(rows).toHaveLength(2);
    const fresh = rows[1]!;
    expect(fresh).toMatchObject({ state: "scheduled", generation: 2 });
    expect(fresh.idempotencyKey).not.toBe(shipment.idempotencyKey);
    const pickupDay = zonedDate(fresh.pickupAfter!, shop.timezone);
    expect(isoDate(pickupDay) >= isoDate(addDays(today, 2))).toBe(true);
    expect(await kindsOf(shipment.id)).toEqual(
      expect.arrayContaining([AFTER_EXPIRY_ACTIVITY.automatic, "order_change_redispatched"]),
    );
    expect(await kindsOf(shipment.id)).not.toContain(AFTER_EXPIRY_ACTIVITY.offered);
    expect(creates()).toHaveLength(2);
  });

  it("never when the order was canceled meanwhile: the expiry is closed, on the timeline", async () => {
    const { order, shipment } = await dispatchedShipment();
    await changeSettings((settings) => {
      settings.afterExpiry = { redispatch: "automatic" };
    });
    await expire(shipment.courierShipmentId!);
    standIn.shop(SHOP).orders.find((o) => o.id === order.id)!.cancelledAt = new Date().toISOString();
    await afterRepostGrace();

    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect(creates()).toHaveLength(1);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      needsAttention: false,
      attentionCode: null,
    });
    const closed = await db.shipmentActivity.findFirstOrThrow({
      where: { shipmentId: shipment.id, kind: AFTER_EXPIRY_ACTIVITY.closed },
    });
    expect(closed.message).toMatch(/the order was canceled meanwhile/);
  });

  it("nothing when the courier reposted: the new shipment carries on", async () => {
    const { order, shipment } = await dispatchedShipment();
    await changeSettings((settings) => {
      settings.afterExpiry = { redispatch: "automatic" };
    });
    sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: true });
    try {
      await expire(shipment.courierShipmentId!);
    } finally {
      sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: false });
    }
    await afterRepostGrace();
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect(creates()).toHaveLength(1);
    const kinds = await kindsOf(shipment.id);
    expect(kinds).toContain("courier_repost");
    expect(kinds.filter((k) => k.startsWith("expiry_"))).toEqual([]);
  });
});
