import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { DEFAULT_SHOP_SETTINGS } from "~/settings/defaults";
import type { NoDriverWatchSettings } from "~/settings/no-driver-schema";
import { DEFAULT_LIST_QUERY } from "~/shipments/list-query";
import { shipmentsPageData } from "~/shipments/list.server";
import { shipmentViewModel } from "~/staff/shipments.server";
import { SEND_FLOW_TRIGGER_JOB } from "~/tracking/jobs";
import { driverPayRaisedThisMonth, keepRaisedPay } from "~/watchdog/raises.server";
import { NO_DRIVER_WATCH_JOB, NoDriverWatchPayload } from "~/watchdog/jobs";
import { runNoDriverWatch, WATCHDOG_ACTIVITY } from "~/watchdog/no-driver-job.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";

/**
 * The watchdog's job against the courier sandbox's driver pool and the Shopify stand-in. Each look
 * runs as the worker would at its time: the test passes that time as the job's clock.
 */

const COURIER_TOKEN = "sandbox-token-watchdog";
const runtime = getRuntime();
const { db } = runtime;
let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;

beforeAll(async () => {
  // 1000× faster: a driver's first step comes 30 ms after the pool takes the shipment.
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN], timeScale: 1000 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
  // Nobody takes a shipment until a test sets the pool's minimum from its price.
  sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: { minimumPayout: 10_000 } });
});

async function useWatchSettings(watch: Partial<NoDriverWatchSettings>) {
  const settings = { ...DEFAULT_SHOP_SETTINGS, noDriverWatch: { ...DEFAULT_SHOP_SETTINGS.noDriverWatch, ...watch } };
  await db.shop.update({ where: { domain: SHOP }, data: { settingsJson: JSON.stringify(settings) } });
}

async function dispatched() {
  const order = sameDayOrder(standIn);
  await orderPaid(order.id, `paid-${order.id}`);
  await drainJobs(runtime);
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
  return { order, shipment, courierId: Number(shipment.courierShipmentId) };
}

/** The look waiting in the queue for the shipment (the latest one enqueued). */
async function queuedLook(shipmentId: string) {
  const jobs = await db.job.findMany({ where: { kind: NO_DRIVER_WATCH_JOB }, orderBy: { runAt: "desc" } });
  const looks = jobs.map((job) => NoDriverWatchPayload.parse(JSON.parse(job.payloadJson)));
  return looks.find((look) => look.shipmentId === shipmentId)!;
}

async function runLook(shipmentId: string) {
  const look = await queuedLook(shipmentId);
  const at = new Date(look.checkAt);
  const result = await runNoDriverWatch(
    {
      db,
      queue: runtime.queue,
      courier: await runtime.courierFor(SHOP),
      admin: () => adminFor(SHOP),
      clock: () => at,
    },
    SHOP,
    look,
  );
  return { look, at, result };
}

/** A courier event through the app's webhook route, as the courier posts it. */
async function postCourierEvent(event: unknown) {
  const secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
  const { webhookPathId: pathId } = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const request = new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify(event),
  });
  return courierWebhook({ request, params: { pathId }, context: {} });
}

const minutesBefore = (pickup: Date, at: Date) => (pickup.getTime() - at.getTime()) / 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the no-driver watchdog job", () => {
  it("raises the driver's pay at its times until the pool takes the shipment after the second raise; the third meets the courier's 1003", async () => {
    await useWatchSettings({ raisesEnabled: true, stepCents: 200 });
    const { shipment, courierId } = await dispatched();
    const pickup = shipment.pickupAfter!;
    const price = sandbox.shipment(courierId)!.price;
    sandbox.setAccountOptions(COURIER_TOKEN, { driverPool: { minimumPayout: price + 3.5 } });
    const sent = () => sandbox.updates.filter((u) => u.shipmentId === courierId);

    const first = await runLook(shipment.id);
    expect(minutesBefore(pickup, first.at)).toBe(20);
    expect(first.result).toMatchObject({ raisedCents: 200, attention: null });
    await pause(100);
    expect(sandbox.shipment(courierId)).toMatchObject({ state: "scheduled", driver: null });

    const second = await runLook(shipment.id);
    expect(minutesBefore(pickup, second.at)).toBe(10);
    expect(second.result).toMatchObject({ raisedCents: 200, attention: null });
    // The pool takes it on the sandbox's own timer: wait for the driver itself, however busy the machine.
    for (const until = Date.now() + 15_000; !sandbox.shipment(courierId)?.driver && Date.now() < until;)
      await pause(10);
    expect(sandbox.shipment(courierId)?.driver).not.toBeNull();

    // The options the shipment was created with, only the extra compensation changed.
    const options = {
      signature_required: false,
      notifications_enabled: true,
      over_18_required: false,
      over_21_required: false,
      decline_insurance: false,
    };
    expect(sent().map((u) => [u.status, u.body])).toEqual([
      [200, { options: { ...options, extra_compensation: 2 } }],
      [200, { options: { ...options, extra_compensation: 4 } }],
    ]);

    // The driver_assigned event has not reached the app: its third look still sees no driver.
    const third = await runLook(shipment.id);
    expect(minutesBefore(pickup, third.at)).toBe(0);
    expect(third.result).toMatchObject({ raisedCents: 0, alreadyAssigned: true, attention: null, nextCheckAt: null });
    expect(sent().at(-1)).toMatchObject({ status: 400, body: { options: { ...options, extra_compensation: 6 } } });

    const raises = await db.noDriverRaise.findMany({
      where: { shipmentId: shipment.id },
      orderBy: { raisedAt: "asc" },
    });
    expect(raises.map((r) => [r.amountCents, r.extraCompensationCents])).toEqual([
      [200, 200],
      [200, 400],
    ]);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ needsAttention: false, priceCents: Math.round((price + 4) * 100) });
    const timeline = await db.shipmentActivity.findMany({
      where: { shipmentId: shipment.id, kind: { startsWith: "no_driver" } },
      orderBy: { createdAt: "asc" },
    });
    expect(timeline.map((a) => [a.kind, a.message])).toEqual([
      [WATCHDOG_ACTIVITY.raised, "Driver's pay raised by $2.00 to find a driver (extra compensation now $2.00)."],
      [WATCHDOG_ACTIVITY.raised, "Driver's pay raised by $2.00 to find a driver (extra compensation now $4.00)."],
      [WATCHDOG_ACTIVITY.alreadyAssigned, expect.stringMatching(/already taken/)],
    ]);

    // The money: on the shipment's view (shipment page, order block) and in the month's figure.
    const files = { link: () => "https://courier-app.test/file", verify: () => false };
    const view = await shipmentViewModel({ db, clock: () => third.at, files }, SHOP, shipment.id);
    expect(view.driverPayRaisedCents).toBe(400);
    const page = await shipmentsPageData({ db, queue: runtime.queue, clock: () => third.at }, SHOP, DEFAULT_LIST_QUERY);
    expect(page.driverPayRaisedThisMonthCents).toBe(400);
    const nextMonth = new Date(third.at.getTime() + 40 * 24 * 60 * 60 * 1000);
    expect(await driverPayRaisedThisMonth(db, SHOP, nextMonth)).toBe(0);

    // An order change that updates the options keeps the pay the watchdog reached.
    const optionsPatch = { options: { signature_required: true, decline_insurance: false } };
    expect(await keepRaisedPay(db, row, optionsPatch)).toEqual({
      options: { ...optionsPatch.options, extra_compensation: 4 },
    });
    expect(await keepRaisedPay(db, row, { description: "x" })).toEqual({ description: "x" });
  });

  it("with raises off, marks no driver yet at pickup once: the order tagged, both Flow triggers sent once", async () => {
    const { order, shipment, courierId } = await dispatched();
    expect((await runLook(shipment.id)).result).toMatchObject({ raisedCents: 0, attention: null });
    expect((await runLook(shipment.id)).result).toMatchObject({ raisedCents: 0, attention: null });
    const last = await runLook(shipment.id);
    expect(last.result).toMatchObject({ attention: "pickup_time", nextCheckAt: null });
    // The same look again (a retried job) marks nothing more.
    const again = await runNoDriverWatch(
      { db, queue: runtime.queue, courier: null, admin: () => adminFor(SHOP), clock: () => last.at },
      SHOP,
      last.look,
    );
    expect(again.attention).toBeNull();
    await drainJobs(runtime);

    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ needsAttention: true, attentionCode: "no_driver_yet" });
    expect(row.attentionReason).toMatch(/^No driver has taken this delivery yet and its pickup time has come\./);
    expect(standIn.shop(SHOP).orders.find((o) => o.id === order.id)!.tags).toContain("same-day-attention");
    const orderId = Number(order.id.split("/").pop());
    const common = { order_id: orderId, "Shipment ID": row.courierShipmentId, "Tracking number": row.trackingNumber };
    // Two jobs, sent in either order.
    const sent = standIn.shop(SHOP).flowTriggers.map((t) => [t.handle, t.payload] as const);
    expect(sent.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ["delivery-needs-attention", { ...common, "Reason code": "no_driver_yet", Reason: row.attentionReason }],
      ["delivery-no-driver-yet", { ...common, "Pickup after": row.pickupAfter!.toISOString() }],
    ]);
    expect(await db.job.count({ where: { kind: SEND_FLOW_TRIGGER_JOB } })).toBe(2);
    expect(sandbox.updates.filter((u) => u.shipmentId === courierId)).toEqual([]);

    // A driver takes it after all: the courier's driver_assigned clears the attention and the order's tag.
    sandbox.advance(courierId);
    const assigned = sandbox.emitted.find(
      (e) => e.shipmentId === courierId && e.event.event === "shipment.driver_assigned",
    );
    expect((await postCourierEvent(assigned!.event)).status).toBe(200);
    await drainJobs(runtime);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "assigned",
      needsAttention: false,
      attentionReason: null,
    });
    expect(standIn.shop(SHOP).orders.find((o) => o.id === order.id)!.tags).not.toContain("same-day-attention");
    expect(await db.shipmentActivity.count({ where: { shipmentId: shipment.id, kind: "no_driver_yet_cleared" } })).toBe(
      1,
    );
  });

  it("sends nothing once the app knows of a driver, or once the shipment was canceled", async () => {
    await useWatchSettings({ raisesEnabled: true });
    for (const change of [{ state: "assigned", driverName: "Ava Nguyen" }, { state: "canceled" }]) {
      const { shipment, courierId } = await dispatched();
      await db.shipment.update({ where: { id: shipment.id }, data: change });
      const { result } = await runLook(shipment.id);
      expect(result).toMatchObject({ raisedCents: 0, attention: null, nextCheckAt: null });
      expect(sandbox.updates.filter((u) => u.shipmentId === courierId)).toEqual([]);
    }
    expect(await db.noDriverRaise.count()).toBe(0);
  });

  it("watches the courier's repost of an expired shipment as a new courier shipment", async () => {
    const { shipment, courierId } = await dispatched();
    sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: true });
    try {
      sandbox.expire(courierId);
    } finally {
      sandbox.setAccountOptions(COURIER_TOKEN, { automaticRepost: false });
    }
    for (const { event } of sandbox.emitted.filter((e) => e.shipmentId === courierId))
      expect((await postCourierEvent(event)).status).toBe(200);
    await drainJobs(runtime);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.courierShipmentId).not.toBe(String(courierId));
    const watched = (await db.job.findMany({ where: { kind: NO_DRIVER_WATCH_JOB } })).map(
      (job) => NoDriverWatchPayload.parse(JSON.parse(job.payloadJson)).courierShipmentId,
    );
    expect(watched).toContain(String(courierId));
    expect(watched).toContain(row.courierShipmentId);
  });

  it("two shipments looked at side by side never pass the shop's daily cap", async () => {
    await useWatchSettings({ raisesEnabled: true, stepCents: 200, maxPerShopPerDayCents: 300 });
    const first = await dispatched();
    const second = await dispatched();
    const [a, b] = await Promise.all([runLook(first.shipment.id), runLook(second.shipment.id)]);
    expect([a.result.raisedCents, b.result.raisedCents].sort()).toEqual([100, 200]);
    const [c, d] = await Promise.all([runLook(first.shipment.id), runLook(second.shipment.id)]);
    expect([c.result.raisedCents, d.result.raisedCents]).toEqual([0, 0]);
    expect([c.result.attention, d.result.attention]).toEqual(["cap_reached", "cap_reached"]);
    expect((await db.noDriverRaise.aggregate({ _sum: { amountCents: true } }))._sum.amountCents).toBe(300);
  });

  it("a raise whose courier call failed is kept and sent again, with the same amount, by the retry", async () => {
    await useWatchSettings({ raisesEnabled: true, stepCents: 200 });
    const { shipment, courierId } = await dispatched();
    sandbox.setFaults({ failNext: [{ status: 500, count: 3, method: "PATCH" }] });
    await expect(runLook(shipment.id)).rejects.toThrow();
    sandbox.resetFaults();
    expect(await db.noDriverRaise.findMany({ where: { shipmentId: shipment.id } })).toEqual([
      expect.objectContaining({ amountCents: 200, extraCompensationCents: 200, sentAt: null }),
    ]);
    expect(await driverPayRaisedThisMonth(db, SHOP, shipment.pickupAfter!)).toBe(0);

    const retried = await runLook(shipment.id);
    expect(retried.result.raisedCents).toBe(200);
    const raises = await db.noDriverRaise.findMany({ where: { shipmentId: shipment.id } });
    expect(raises).toEqual([expect.objectContaining({ amountCents: 200, sentAt: expect.any(Date) })]);
    const accepted = sandbox.updates.filter((u) => u.shipmentId === courierId && u.status === 200);
    expect(
      accepted.map((u) => (u.body as { options: { extra_compensation: number } }).options.extra_compensation),
    ).toEqual([2]);
  });
});
