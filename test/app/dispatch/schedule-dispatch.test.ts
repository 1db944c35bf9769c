import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WINDOW_MOVED_ACTIVITY } from "~/shipments/activity-kinds";
import { getRuntime } from "~/runtime.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { addDays, zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import { parseShopSettings, type DeliveryWindow, type ShopSettings } from "~/settings/shop-settings";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  drainJobs as drain,
  INSTALLED_SHOP as SHOP,
  orderPaid as paid,
  sameDayOrder as order,
  setUpInstalledShop,
} from "../../support/installed-shop";

/** Dispatch books the slot the shopper chose, or the next one when it has passed, and says so on the timeline. */

const COURIER_TOKEN = "sandbox-token-slots";
const NY = "America/New_York";
const runtime = getRuntime();
const { db } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});

// A slot starting every hour, so some slot lies ahead at any time of day the test runs.
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
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const settings: ShopSettings = {
    ...parseShopSettings(row.settingsJson),
    deliveryWindows: [hourly],
    defaultWindowId: "slots",
  };
  await db.shop.update({ where: { domain: SHOP }, data: { settingsJson: JSON.stringify(settings) } });
});

function slotOrder(code: string) {
  return order(standIn, {
    shippingLines: [
      { title: "Scheduled delivery", code, source: "Same-day delivery", carrierIdentifier: "c9f1e2", price: "9.99" },
    ],
  });
}

async function dispatched(code: string, webhookId: string) {
  const placed = slotOrder(code);
  expect((await paid(placed.id, webhookId)).status).toBe(200);
  await drain(runtime);
  const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: placed.id } });
  const timeline = await db.shipmentActivity.findMany({
    where: { shipmentId: shipment.id },
    orderBy: { createdAt: "asc" },
  });
  return { shipment, timeline };
}

describe("dispatch keeps the shopper's slot", () => {
  it("a slot on a later day is booked with that day's times, unmoved", async () => {
    const later = addDays(zonedDate(new Date(), NY), 2);
    const { shipment, timeline } = await dispatched(serviceCodeFor("slots", later, "10:00"), "w-later");
    const start = zonedTimeOnDate(later, "10:00", NY);
    expect(shipment).toMatchObject({
      state: "scheduled",
      pickupAfter: start,
      deliverStart: start,
      deliverEnd: new Date(start.getTime() + 2 * 3_600_000),
    });
    expect(timeline.map((entry) => entry.kind)).not.toContain(WINDOW_MOVED_ACTIVITY);
  });

  it("a slot that has passed is moved to the next slot, and staff see the move", async () => {
    const yesterday = addDays(zonedDate(new Date(), NY), -1);
    const { shipment, timeline } = await dispatched(serviceCodeFor("slots", yesterday, "10:00"), "w-passed");
    expect(shipment.state).toBe("scheduled");
    const pickup = shipment.pickupAfter!.getTime();
    expect(pickup).toBeGreaterThan(Date.now());
    expect(pickup).toBeLessThanOrEqual(shipment.deliverStart!.getTime());
    // The next hourly slot: it ends at most two hours after its pickup.
    expect(shipment.deliverEnd!.getTime() - pickup).toBeLessThanOrEqual(2 * 3_600_000);
    const moved = timeline.find((entry) => entry.kind === WINDOW_MOVED_ACTIVITY);
    expect(moved?.message).toMatch(
      /^The delivery window the shopper chose \(\w{3}, \w{3} \d{1,2}, 10 am–12 pm\) had passed; booked for delivery /,
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(["dispatched", WINDOW_MOVED_ACTIVITY]);
  });
});
