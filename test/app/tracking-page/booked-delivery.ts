/**
 * A shop for the shopper's changes: installed, its courier the sandbox (whose drivers take nothing
 * paying under 10,000 dollars, so a delivery stays unassigned until a test says), one location open
 * all day with one place per slot, and same-day slots two days ahead; a paid order for a slot is
 * dispatched through the real flow and comes with its page's token.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { getRuntime } from "~/runtime.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { addDays, zonedDate } from "~/schedule/time-zone";
import { parseShopSettings, type DeliveryWindow, type ShopSettings } from "~/settings/shop-settings";
import { createFileLinkSigner } from "~/staff/file-links.server";
import type { ShopperChangeDeps } from "~/tracking-page/shopper-changes.server";
import { openTrackingToken } from "~/shipments/tracking-token.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

export { SHOP };
export const NY = "America/New_York";
const runtime = getRuntime();
export const { db } = runtime;
export const deps: ShopperChangeDeps = {
  db,
  clock: runtime.clock,
  courierFor: runtime.courierFor,
  queue: runtime.queue,
  files: createFileLinkSigner({ appSecret: TEST_API_SECRET, appUrl: TEST_APP_URL, clock: runtime.clock }),
};

// Two days ahead, so every slot lies ahead whatever the time of day the test runs.
export const day = addDays(zonedDate(new Date(), NY), 2);
export const slots: Extract<DeliveryWindow, { kind: "slots" }> = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: ["10:00", "14:00", "18:00"],
  repeat: null,
  daysAhead: 3,
  maxRates: 9,
};
export const booked = serviceCodeFor("slots", day, "10:00");
export const later = serviceCodeFor("slots", day, "14:00");
export const evening = serviceCodeFor("slots", day, "18:00");

/**
 * The hooks of a test file of shopper changes: the sandbox and a freshly installed shop per test,
 * with the merchant's note for every delivery (null: none).
 */
export function useBookedDeliveries(courierToken: string, merchantNote: string | null = "Fragile: cakes inside.") {
  const state = {} as { sandbox: CourierSandbox; standIn: ShopifyStandIn; location: string };
  beforeAll(async () => {
    state.sandbox = await startCourierSandbox({ tokens: [courierToken] });
    state.sandbox.setAccountOptions(courierToken, { driverPool: { minimumPayout: 10_000 } });
  });
  afterAll(async () => {
    await state.sandbox.close();
  });
  beforeEach(async () => {
    const installed = await setUpInstalledShop(runtime, { url: state.sandbox.url, token: courierToken });
    state.standIn = installed.standIn;
    state.location = installed.shop.locations[0]!.id;
    await updateSettings((stored) => ({
      ...stored,
      deliveryWindows: [slots],
      defaultWindowId: "slots",
      driverNotes: { ...stored.driverNotes, merchantNote },
      openingHours: [
        {
          locationGid: state.location,
          weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]),
          closedDates: [],
          preparationMinutes: 0,
          slotCapacity: 1,
        },
      ],
    }));
  });

  /**
   * A paid order for a slot (its shipping line's title; `paid`: more of orders/paid's payload, e.g.
   * the customer), dispatched: its order id, shipment and page token (made at booking).
   */
  async function bookedDelivery(code = booked, options: { title?: string; paid?: Record<string, unknown> } = {}) {
    const title = options.title ?? "Scheduled delivery";
    const order = sameDayOrder(state.standIn, {
      shippingLines: [{ title, code, source: "Same-day delivery", carrierIdentifier: "c9f1e2", price: "9.99" }],
    });
    expect((await orderPaid(order.id, `paid-${order.id}`, options.paid)).status).toBe(200);
    await drainJobs(runtime);
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(shipment.state).toBe("scheduled");
    const token = openTrackingToken(runtime.keys, shipment.trackingTokenSealed!, shipment.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return { orderId: order.id.split("/").pop()!, shipment, token: token! };
  }

  const updatesOf = (courierId: string) => state.sandbox.updates.filter((u) => String(u.shipmentId) === courierId);
  return { state, bookedDelivery, updatesOf };
}

/** The shop's settings changed by `change`. */
export async function updateSettings(change: (stored: ShopSettings) => ShopSettings) {
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  await db.shop.update({
    where: { domain: SHOP },
    data: { settingsJson: JSON.stringify(change(parseShopSettings(row.settingsJson))) },
  });
}
