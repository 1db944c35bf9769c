import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DispatchRefused, dispatchNow, quoteOrder } from "~/dispatch/staff-dispatch.server";
import { getRuntime } from "~/runtime.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  INSTALLED_SHOP as SHOP,
  sameDayOrder,
  setUpInstalledShop,
  startTestWorker,
} from "../../support/installed-shop";

const COURIER_TOKEN = "sandbox-token-staff";
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
beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN }));
});

async function withWorker<T>(work: () => Promise<T>): Promise<T> {
  const worker = startTestWorker(runtime);
  try {
    return await work();
  } finally {
    await worker.stop();
  }
}

const deps = { db, queue: runtime.queue, clock: runtime.clock };

/** 15:00 UTC tomorrow (10:00 in the shop's New York): the windows are open, and the courier client (real time) sees a future pickup. */
function tomorrowMorningInNewYork(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 15));
}

describe("staff dispatch", () => {
  it("quotes each open window with the courier's price for the whole order", async () => {
    const order = sameDayOrder(standIn);
    const result = await quoteOrder(
      { db, admin: await adminFor(SHOP), courier: await runtime.courierFor(SHOP), clock: tomorrowMorningInNewYork },
      { shopDomain: SHOP, orderGid: order.id },
    );
    expect(result.unavailableReason).toBeNull();
    expect(result.areaNote).toBeNull();
    expect(result.windows.length).toBeGreaterThan(0);
    for (const window of result.windows) {
      expect(window.serviceCode).toMatch(/^SAMEDAY_/);
      expect(window.priceCents).toBeGreaterThan(0);
      expect(window.deliverEnd.getTime()).toBeGreaterThan(window.deliverStart.getTime());
    }
  });

  it.each([
    [
      "a ZIP the location does not list",
      { radiusMiles: null, zipCodes: ["100"] },
      /ZIP 11215 is not in the location's ZIP codes \(100\)/,
    ],
    [
      "beyond the location's radius",
      { radiusMiles: 5, zipCodes: [] },
      /\d+(\.\d)? mi away, beyond the location's 5 mi/,
    ],
  ])(
    "quotes an address outside the delivery area (%s) with a note, from the estimates it makes anyway",
    async (_name, area, why) => {
      const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP }, include: { pickupLocations: true } });
      const main = row.pickupLocations.find((l) => l.name === "Main Street Bakery")!;
      const settings = {
        ...parseShopSettings(row.settingsJson),
        deliveryAreas: [{ locationGid: main.locationGid, ...area }],
      };
      await db.shop.update({ where: { domain: SHOP }, data: { settingsJson: JSON.stringify(settings) } });
      const order = sameDayOrder(standIn);
      const calls = sandbox.requestLog.length;
      const result = await quoteOrder(
        { db, admin: await adminFor(SHOP), courier: await runtime.courierFor(SHOP), clock: tomorrowMorningInNewYork },
        { shopDomain: SHOP, orderGid: order.id },
      );
      expect(result.unavailableReason).toBeNull();
      expect(result.windows.length).toBeGreaterThan(0);
      expect(result.areaNote).toMatch(/^Outside the delivery area of Main Street Bakery: /);
      expect(result.areaNote).toMatch(why);
      expect(result.areaNote).toMatch(/dispatch it here if you deliver there\.$/);
      // One estimate per window quoted, as for an order inside the area: the distance came with them.
      expect(sandbox.requestLog.slice(calls).map((r) => r.path)).toEqual(result.windows.map(() => "/v1/estimates"));
    },
  );

  it("says why no window is offered for an address the courier cannot reach", async () => {
    const order = sameDayOrder(standIn, {
      shippingAddress: {
        address1: "1 Nowhere Rd",
        city: "Brooklyn",
        provinceCode: "NY",
        zip: "00000",
        countryCodeV2: "US",
        phone: "+17185550134",
        latitude: null,
        longitude: null,
      },
    });
    const result = await quoteOrder(
      { db, admin: await adminFor(SHOP), courier: await runtime.courierFor(SHOP), clock: tomorrowMorningInNewYork },
      { shopDomain: SHOP, orderGid: order.id },
    );
    expect(result).toMatchObject({
      windows: [],
      unavailableReason: expect.stringMatching(/cannot deliver to this address/),
    });
  });

  it("dispatches an order that was not dispatched automatically, then refuses a second dispatch", async () => {
    const order = sameDayOrder(standIn, {
      shippingLines: [{ title: "Local pickup", code: "pickup", source: "shopify", price: "0" }],
    });
    const result = await withWorker(() =>
      dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: "SAMEDAY_TODAY-BY-8PM" }),
    );
    expect(result.generation).toBe(1);
    expect(result.shipments).toHaveLength(1);
    expect(result.shipments[0]).toMatchObject({ state: "scheduled", serviceCode: "SAMEDAY_TODAY-BY-8PM" });
    await expect(dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: null })).rejects.toMatchObject({
      reason: "already_dispatched",
    });
  });

  it("re-dispatches as a new generation after the courier canceled, creating a new courier shipment", async () => {
    const order = sameDayOrder(standIn);
    const first = await withWorker(() =>
      dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: null }),
    );
    await db.shipment.update({ where: { id: first.shipments[0]!.id }, data: { state: "canceled" } });
    const second = await withWorker(() =>
      dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: null }),
    );
    expect(second.generation).toBe(2);
    expect(second.shipments[0]!.courierShipmentId).not.toBe(first.shipments[0]!.courierShipmentId);
    expect(second.shipments[0]!.idempotencyKey).not.toBe(first.shipments[0]!.idempotencyKey);
  });

  it("refuses while a dispatch of the order is still queued, so two generations never race", async () => {
    const order = sameDayOrder(standIn);
    await runtime.queue.enqueue({
      shopDomain: SHOP,
      kind: "order-changes.sync",
      payload: { orderGid: order.id },
      orderingKey: `order:${SHOP}:${order.id}`,
    });
    await expect(dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: null })).rejects.toMatchObject({
      reason: "already_dispatched",
    });
  });

  it("refuses without a connected courier account", async () => {
    await db.shop.update({ where: { domain: SHOP }, data: { courierTokenEncrypted: null } });
    const order = sameDayOrder(standIn);
    await expect(dispatchNow(deps, { shopDomain: SHOP, orderGid: order.id, serviceCode: null })).rejects.toBeInstanceOf(
      DispatchRefused,
    );
  });
});
