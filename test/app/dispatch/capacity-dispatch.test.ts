/**
 * Paid orders take places in the slot the shopper chose, through the real webhook, job queue,
 * workers, Shopify stand-in and courier sandbox: two workers race (on PostgreSQL each with its own
 * database client and queue, as two app instances; on SQLite two workers on the process's one
 * connection, as the app runs there), and a full slot still gets its deliveries, marked for staff.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { databaseProviderOf } from "~/db/provider";
import { DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import { createJobQueue } from "~/jobs/queue.server";
import { startWorker, timerSleep } from "~/jobs/worker.server";
import { componentLogger } from "~/logging/logger.server";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { getRuntime, JOB_LEASE_MS, type Runtime } from "~/runtime.server";
import { slotKeyOf } from "~/schedule/capacity";
import { spanLabel } from "~/schedule/labels";
import { serviceCodeFor } from "~/schedule/service-code";
import { takenPlaces } from "~/schedule/slot-reservations.server";
import { addDays, zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import { jobHandlers } from "~/server/job-handlers.server";
import { shipmentDetail } from "~/routes/app.shipments.$id/detail.server";
import { createFileLinkSigner } from "~/staff/file-links.server";
import { parseShopSettings, type DeliveryWindow, type ShopSettings } from "~/settings/shop-settings";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { orderCancelledPayload, orderUpdatedPayload } from "../../fixtures/order-change-webhooks";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { OVER_CAPACITY_ACTIVITY } from "~/shipments/activity-kinds";

const COURIER_TOKEN = "sandbox-token-capacity";
const NY = "America/New_York";
const CAPACITY = 5;
const runtime = getRuntime();
const { db } = runtime;
const onPostgresql = databaseProviderOf(process.env.DATABASE_URL!) === "postgresql";
const secondDb = onPostgresql ? createDb(process.env.DATABASE_URL!) : db;
/** Another instance: its own database client (PostgreSQL) and job queue, the same courier limiter. */
const instanceB: Runtime = {
  ...runtime,
  db: secondDb,
  queue: createJobQueue({
    db: secondDb,
    clock: runtime.clock,
    workerId: "instance-b",
    leaseMs: JOB_LEASE_MS,
    random: Math.random,
  }),
};

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let location: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
  if (onPostgresql) await secondDb.$disconnect();
});

// Two days ahead, so the slot lies ahead whatever the time of day the test runs.
const day = addDays(zonedDate(new Date(), NY), 2);
const slots: DeliveryWindow = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: ["10:00"],
  repeat: null,
  daysAhead: 3,
  maxRates: 4,
};
const code = serviceCodeFor("slots", day, "10:00");
const start = zonedTimeOnDate(day, "10:00", NY);
const words = spanLabel(start, new Date(start.getTime() + 2 * 3_600_000), null, NY);

beforeEach(async () => {
  const installed = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN });
  standIn = installed.standIn;
  location = installed.shop.locations[0]!.id;
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const allDay = [{ start: "00:00", end: "24:00" }];
  const settings: ShopSettings = {
    ...parseShopSettings(row.settingsJson),
    deliveryWindows: [slots],
    defaultWindowId: "slots",
    openingHours: [
      {
        locationGid: location,
        weekly: Array.from({ length: 7 }, () => allDay),
        closedDates: [],
        preparationMinutes: 0,
        slotCapacity: CAPACITY,
      },
    ],
  };
  await db.shop.update({ where: { domain: SHOP }, data: { settingsJson: JSON.stringify(settings) } });
});

function slotOrder() {
  return sameDayOrder(standIn, {
    shippingLines: [
      { title: "Scheduled delivery", code, source: "Same-day delivery", carrierIdentifier: "c9f1e2", price: "9.99" },
    ],
  });
}

/** Two workers, each counting the dispatch jobs it ran (an order with one fulfillment order is booked by its order job), until nothing is due or running. */
async function runTwoWorkers() {
  const ran = { a: 0, b: 0 };
  const workers = (["a", "b"] as const).map((name) => {
    const instance = name === "a" ? runtime : instanceB;
    const handlers = jobHandlers(instance, adminFor);
    const counted = (kind: string) => {
      const handler = handlers[kind]!;
      return async (...args: Parameters<typeof handler>) => {
        ran[name] += 1;
        await handler(...args);
      };
    };
    return startWorker({
      queue: instance.queue,
      handlers: {
        ...handlers,
        [DISPATCH_ORDER_JOB]: counted(DISPATCH_ORDER_JOB),
        [DISPATCH_FULFILLMENT_ORDER_JOB]: counted(DISPATCH_FULFILLMENT_ORDER_JOB),
      },
      concurrency: 4,
      pollIntervalMs: 5,
      clock: runtime.clock,
      sleep: timerSleep,
      logger: { ...componentLogger("jobs"), info: () => {} },
    });
  });
  await expect
    .poll(
      async () => {
        const stats = await runtime.queue.stats();
        return stats.due === 0 && stats.running === 0;
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe(true);
  await Promise.all(workers.map((worker) => worker.stop()));
  return ran;
}

async function deliver(action: typeof ordersCancelled, topic: string, payload: unknown) {
  const request = webhookRequest({
    url: `${TEST_APP_URL}/webhooks/${topic}`,
    topic,
    shop: SHOP,
    body: payload,
    secret: TEST_API_SECRET,
    webhookId: randomUUID(),
  });
  expect((await action({ request, params: {}, context: {} })).status).toBe(200);
}

/** The shopper cancels the order in Shopify; the app hears of it by webhook. */
async function cancelOrder(orderGid: string) {
  const state = standIn.shop(SHOP).orders.find((o) => o.id === orderGid)!;
  const at = new Date().toISOString();
  state.cancelledAt = at;
  state.cancelReason = "CUSTOMER";
  for (const fo of state.fulfillmentOrders) fo.status = "CANCELLED";
  state.updatedAt = at;
  await deliver(ordersCancelled, "orders/cancelled", orderCancelledPayload(orderGid, at));
  await deliver(ordersUpdated, "orders/updated", orderUpdatedPayload(orderGid, at));
  await drainJobs(runtime);
}

describe("capacity at dispatch", () => {
  it("20 orders paid at once for a slot with 5 places: 5 within capacity, 15 over, all 20 booked", async () => {
    const orders = Array.from({ length: 20 }, () => slotOrder());
    const answers = await Promise.all(orders.map((order, i) => orderPaid(order.id, `paid-${i}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const ran = await runTwoWorkers();
    expect(ran.a).toBeGreaterThan(0);
    expect(ran.b).toBeGreaterThan(0);

    const shipments = await db.shipment.findMany({ include: { slotReservation: true, activities: true } });
    expect(shipments).toHaveLength(20);
    expect(new Set(shipments.map((s) => s.orderGid)).size).toBe(20);
    expect(shipments.every((s) => s.state === "scheduled" && s.courierShipmentId && s.deliverEnd)).toBe(true);
    expect(new Set(shipments.map((s) => s.courierShipmentId)).size).toBe(20);
    expect(shipments.every((s) => s.pickupAfter!.getTime() === start.getTime())).toBe(true);

    const within = shipments.filter((s) => s.slotReservation && !s.slotReservation.overCapacity);
    const over = shipments.filter((s) => s.slotReservation?.overCapacity);
    expect(within.map((s) => s.slotReservation!.place).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(over).toHaveLength(15);
    expect(over.every((s) => s.slotReservation!.place === null)).toBe(true);
    // Staff see each booking over capacity on its timeline, with the slot; the others say nothing of it.
    for (const shipment of over) {
      expect(shipment.activities.filter((a) => a.kind === OVER_CAPACITY_ACTIVITY).map((a) => a.message)).toEqual([
        `Booked over capacity: ${words}.`,
      ]);
    }
    expect(within.flatMap((s) => s.activities).some((a) => a.kind === OVER_CAPACITY_ACTIVITY)).toBe(false);
    // The shipment page's data says it too.
    const files = createFileLinkSigner({ appSecret: TEST_API_SECRET, appUrl: TEST_APP_URL, clock: runtime.clock });
    const page = (id: string) => shipmentDetail({ ...runtime, files }, SHOP, id);
    expect((await page(over[0]!.id)).slot).toEqual({ words, overCapacityNotice: `Booked over capacity: ${words}` });
    expect((await page(within[0]!.id)).slot).toEqual({ words, overCapacityNotice: null });
    expect(await takenPlaces(db, SHOP, [slotKeyOf(location, "slots", day, "10:00")])).toEqual(
      new Map([[slotKeyOf(location, "slots", day, "10:00"), 20]]),
    );
  });

  it("a cancelled order frees its place: the next order paid for the full slot takes it", async () => {
    const orders = Array.from({ length: CAPACITY }, () => slotOrder());
    for (const [i, order] of orders.entries()) await orderPaid(order.id, `paid-full-${i}`);
    await drainJobs(runtime);
    const key = slotKeyOf(location, "slots", day, "10:00");
    expect(await takenPlaces(db, SHOP, [key])).toEqual(new Map([[key, CAPACITY]]));

    const cancelled = orders[1]!;
    const { id: freedId } = await db.shipment.findFirstOrThrow({ where: { orderGid: cancelled.id } });
    const freedPlace = (await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: freedId } })).place;
    await cancelOrder(cancelled.id);
    expect(await db.shipment.findUniqueOrThrow({ where: { id: freedId } })).toMatchObject({ state: "canceled" });
    expect(await db.slotReservation.findUniqueOrThrow({ where: { shipmentId: freedId } })).toMatchObject({
      place: null,
      releasedAt: expect.any(Date),
    });
    expect(await takenPlaces(db, SHOP, [key])).toEqual(new Map([[key, CAPACITY - 1]]));

    const next = slotOrder();
    await orderPaid(next.id, "paid-after-cancel");
    await drainJobs(runtime);
    const booked = await db.shipment.findFirstOrThrow({
      where: { orderGid: next.id },
      include: { slotReservation: true },
    });
    expect(booked.slotReservation).toMatchObject({ place: freedPlace, overCapacity: false });
    expect(await takenPlaces(db, SHOP, [key])).toEqual(new Map([[key, CAPACITY]]));
  });
});
