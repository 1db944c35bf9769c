import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerCarrierService } from "~/carrier-service/register.server";
import { onboardingStatus } from "~/onboarding/status.server";
import { action as courierWebhook } from "~/routes/courier.webhooks.$pathId";
import { getRuntime } from "~/runtime.server";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { hoursOfLocations, isoDate } from "~/schedule/opening-hours";
import { addDays, zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import { parseShopSettings, type DeliveryWindow, type ShopSettings } from "~/settings/shop-settings";
import { recordInstall } from "~/shops/install.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { addLocalDeliveryOrder, addOrder, type ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { TEST_APP_URL } from "../../support/test-env";

/**
 * A bakery on Shopify's Basic plan, from install to a delivered order: Shopify refuses the app's carrier
 * service, Home says so and guides the Shopify Local Delivery setup, a local-delivery order is dispatched
 * once from its pickup location in the shop's next open slot, and the courier's events deliver it.
 */

const COURIER_TOKEN = "sandbox-token-local-delivery";
const NY = "America/New_York";
const runtime = getRuntime();
const { db } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let mainLocation: string;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});

// A two-hour slot starting every hour; the main location is open 9–5 every day but closed today.
const hourly: DeliveryWindow = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: [],
  repeat: { from: "00:00", until: "23:00", everyMinutes: 60 },
  daysAhead: 2,
  maxRates: 4,
};

beforeEach(async () => {
  const installed = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN });
  standIn = installed.standIn;
  mainLocation = installed.shop.locations[0]!.id;
  standIn.shop(SHOP).plan = { displayName: "Basic", partnerDevelopment: false, shopifyPlus: false };
});

async function closedTodayWithSlots() {
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const today = isoDate(zonedDate(runtime.clock(), row.timezone));
  const settings: ShopSettings = {
    ...parseShopSettings(row.settingsJson),
    deliveryWindows: [hourly],
    defaultWindowId: "slots",
    openingHours: [
      {
        locationGid: mainLocation,
        weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
        closedDates: [{ from: today, to: today, reason: "Inventory" }],
        preparationMinutes: 0,
        slotCapacity: null,
      },
    ],
  };
  await db.shop.update({ where: { domain: SHOP }, data: { settingsJson: JSON.stringify(settings) } });
}

const status = async () =>
  (await onboardingStatus(
    {
      db,
      queue: runtime.queue,
      courierFor: runtime.courierFor,
      courierUrls: runtime.courierUrls,
      clock: runtime.clock,
      admin: await adminFor(SHOP),
      appUrl: TEST_APP_URL,
    },
    SHOP,
  ))!;

const shippingAddress = {
  firstName: "Steve",
  lastName: "Shipper",
  address1: "123 Shipping St",
  city: "Brooklyn",
  provinceCode: "NY",
  zip: "11215",
  countryCodeV2: "US",
  phone: "+17185550134",
};

function runDelivery(courierId: string) {
  for (let step = 0; step < 40; step++) {
    const s = sandbox.advance(courierId);
    if (!s || ["delivered", "returned", "canceled"].includes(String((s as { state?: string }).state))) break;
  }
  return sandbox.emitted.filter((e) => String(e.shipmentId) === courierId).map((e) => e.event);
}

describe("a Basic-plan shop delivers with Shopify Local Delivery", () => {
  it("from install to a delivered order", async () => {
    // Install records the plan; before registering, Home can only say the plan probably lacks calculated rates.
    await recordInstall({ db, admin: await adminFor(SHOP) }, SHOP);
    expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).plan).toBe("Basic");
    await db.shop.update({ where: { domain: SHOP }, data: { timezone: NY } });
    await closedTodayWithSlots();
    const before = await status();
    expect(before.checklist.prompts.find((p) => p.id === "checkout")?.title).toBe(
      "Your plan may not show the app's rates",
    );
    expect(before.localDelivery).toBeNull();

    // "Register with Shopify": Shopify refuses for the plan, and the app keeps that answer.
    const registration = await registerCarrierService(
      { db, admin: await adminFor(SHOP), appUrl: TEST_APP_URL, clock: runtime.clock },
      SHOP,
      "Same-day delivery",
    );
    expect(registration).toMatchObject({ ok: false, reason: "plan" });
    const refused = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(refused.carrierServiceRefusedAt).toBeInstanceOf(Date);
    expect(refused.carrierServiceRefusal).toMatch(/Advanced Shopify and Shopify Plus/);
    expect(standIn.shop(SHOP).carrierServices).toHaveLength(0);

    // Home: Shopify refused, the one action, and the guided Local Delivery setup (nothing received yet).
    const home = await status();
    const checkout = home.checklist.prompts.find((p) => p.id === "checkout")!;
    expect(checkout.title).toBe("Your plan cannot show the app's rates");
    expect(checkout.summary).toMatch(/^Shopify refused calculated rates on Basic\./);
    expect(checkout.action).toEqual({ content: "Open your Shopify plan", url: "shopify://admin/settings/plan" });
    expect(home.checklist.steps.find((s) => s.id === "carrier")!.state).toBe("todo");
    expect(home.localDelivery!.steps.map((s) => `${s.id}:${s.state}`)).toEqual([
      "online_orders:done",
      "local_delivery:todo",
      "first_order:waiting",
    ]);
    expect(home.localDelivery!.steps[0]!.summary).toBe(
      "Main Street Bakery and Warehouse fulfil online orders (read from Shopify).",
    );

    // A shipped order is not the app's; a local-delivery order is, once, whatever the webhooks.
    const shipped = addOrder(standIn.shop(SHOP), { shippingAddress });
    const local = addLocalDeliveryOrder(standIn.shop(SHOP), {
      shippingAddress,
      rateName: "Local delivery",
      instructions: "Side door, ring twice",
    });
    const couriersBefore = sandbox.shipments.size;
    for (const [orderGid, webhookId] of [
      [shipped.id, "w-shipped"],
      [local.id, "w-local-1"],
      [local.id, "w-local-1"],
      [local.id, "w-local-2"],
    ] as const) {
      expect((await orderPaid(orderGid, webhookId)).status).toBe(200);
    }
    await drainJobs(runtime);

    expect(await db.shipment.count({ where: { orderGid: shipped.id } })).toBe(0);
    const skipped = await db.orderDispatch.findFirstOrThrow({ where: { orderGid: shipped.id } });
    expect(skipped).toMatchObject({ outcome: "skipped" });
    expect(skipped.reason).toMatch(/did not choose same-day delivery/);

    const shipments = await db.shipment.findMany({ where: { orderGid: local.id } });
    expect(shipments).toHaveLength(1);
    const shipment = shipments[0]!;
    expect(shipment).toMatchObject({
      state: "scheduled",
      locationGid: mainLocation,
      fulfillmentOrderGid: local.fulfillmentOrders[0]!.id,
    });
    expect(sandbox.shipments.size - couriersBefore).toBe(1);
    const request = [...sandbox.shipments.values()].at(-1)!.request;
    expect(request.pickup_location.address.name).toBe("Main Street Bakery");
    expect(request.delivery_location.notes).toBe("Side door, ring twice");
    expect(request.description).not.toMatch(/Steve|Shipper|Shipping St/);

    // The window: closed today, so tomorrow within 9–5 in New York, as the schedule books the default window.
    const tomorrow = addDays(zonedDate(runtime.clock(), NY), 1);
    const settings = parseShopSettings((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson);
    const expected = windowForDispatch({
      now: shipment.createdAt,
      timeZone: NY,
      leadTimeMinutes: settings.leadTimeMinutes,
      windows: settings.deliveryWindows,
      hours: hoursOfLocations(settings.openingHours, [mainLocation]),
      serviceCode: null,
      defaultWindowId: settings.defaultWindowId,
    })!;
    expect(shipment).toMatchObject({
      pickupAfter: expected.pickupAfter,
      deliverStart: expected.deliverBetween.start,
      deliverEnd: expected.deliverBetween.end,
    });
    expect(isoDate(zonedDate(shipment.pickupAfter!, NY))).toBe(isoDate(tomorrow));
    expect(shipment.deliverStart!.getTime()).toBeGreaterThanOrEqual(zonedTimeOnDate(tomorrow, "09:00", NY).getTime());
    expect(shipment.deliverEnd!.getTime()).toBeLessThanOrEqual(zonedTimeOnDate(tomorrow, "17:00", NY).getTime());

    // Home shows the first local-delivery order as the proof.
    const proven = await status();
    expect(proven.checklist.steps.find((s) => s.id === "carrier")!.state).toBe("done");
    expect(proven.localDelivery!.steps.map((s) => `${s.id}:${s.state}`)).toEqual([
      "online_orders:done",
      "local_delivery:done",
      "first_order:done",
    ]);
    expect(proven.localDelivery!.steps[2]!.summary).toMatch(
      new RegExp(`^Order ${local.name} came in with local delivery on .+ and was dispatched to a driver`),
    );

    // The courier delivers it: its events reach the app and Shopify gets one fulfillment.
    const secret = await rotateWebhookSecret(runtime, SHOP, "bearer");
    const pathId = (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).webhookPathId;
    const events = runDelivery(shipment.courierShipmentId!);
    expect(events.map((e) => e.event)).toContain("shipment.delivery_confirmed");
    for (const event of events) {
      const response = await courierWebhook({
        request: new Request(`https://courier-app.test/courier/webhooks/${pathId}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
          body: JSON.stringify(event),
        }),
        params: { pathId },
        context: {},
      });
      expect(response.status).toBe(200);
    }
    await drainJobs(runtime);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
    const order = standIn.shop(SHOP).orders.find((o) => o.id === local.id)!;
    expect(order.fulfillments).toHaveLength(1);
    expect(order.displayFulfillmentStatus).toBe("FULFILLED");
    expect(standIn.graphqlErrors).toEqual([]);
  });
});
