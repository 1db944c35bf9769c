import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attentionItems } from "~/attention/attention-list";
import { dispatchCartSignature } from "~/dispatch/quoted-price.server";
import { dispatchNow } from "~/dispatch/staff-dispatch.server";
import { getRuntime } from "~/runtime.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { parseShopSettings, type DeliveryArea } from "~/settings/shop-settings";
import { fetchOrderForDispatch } from "~/shopify-admin/orders.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { addLocalDeliveryOrder, type ShopifyStandIn } from "../../shopify-stand-in";
import {
  adminFor,
  drainJobs,
  INSTALLED_SHOP as SHOP,
  orderPaid,
  sameDayOrder,
  setUpInstalledShop,
} from "../../support/installed-shop";

/**
 * The delivery area at dispatch time, against the Shopify stand-in and the courier sandbox: orders that
 * reached dispatch without the checkout's area check (Shopify Local Delivery, a rate quoted before the
 * merchant narrowed the area) are checked again, with one courier estimate only when the radius needs a
 * distance; outside, nothing is created at the courier, staff see why, and can still dispatch by hand.
 * The sandbox puts the pickup (ZIP 11201, at its centroid) about 163 road miles from the coordinates
 * Shopify geocoded for the shopper's address (given here: in Albany, the test's far-away shopper).
 */

const COURIER_TOKEN = "sandbox-token-area-at-dispatch";
const runtime = getRuntime();
const { db } = runtime;

let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let mainLocation: string;
let logStart = 0;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
});
afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  const installed = await setUpInstalledShop(runtime, { url: sandbox.url, token: COURIER_TOKEN });
  standIn = installed.standIn;
  mainLocation = installed.shop.locations[0]!.id;
  await db.quoteMemory.deleteMany();
  logStart = sandbox.requestLog.length;
});

const shopper = {
  firstName: "Steve",
  lastName: "Shipper",
  address1: "123 Shipping St",
  city: "Brooklyn",
  provinceCode: "NY",
  zip: "11215",
  countryCodeV2: "US",
  phone: "+17185550134",
  latitude: 42.6526,
  longitude: -73.7562,
};

/** This test's calls to the courier, as "METHOD path". */
const courierCalls = () => sandbox.requestLog.slice(logStart).map((r) => `${r.method} ${r.path}`);

async function setArea(area: Omit<DeliveryArea, "locationGid">, extra: { localDelivery?: boolean } = {}) {
  const row = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const settings = parseShopSettings(row.settingsJson);
  return db.shop.update({
    where: { domain: SHOP },
    data: {
      settingsJson: JSON.stringify({ ...settings, deliveryAreas: [{ locationGid: mainLocation, ...area }] }),
      // Shopify refused calculated rates for the plan: the shop delivers through Shopify Local Delivery.
      ...(extra.localDelivery
        ? { carrierServiceRefusedAt: new Date(), carrierServiceRefusal: "Basic plan", plan: "Basic" }
        : {}),
    },
  });
}

async function rememberQuote(orderGid: string, createdAt: Date, priceSource = "live") {
  const order = (await fetchOrderForDispatch(await adminFor(SHOP), orderGid))!;
  const fo = order.fulfillmentOrders.nodes[0]!;
  await db.quoteMemory.create({
    data: {
      shopDomain: SHOP,
      cartSignature: dispatchCartSignature(order, fo.id, mainLocation)!,
      serviceCode: serviceCodeFor("within-3-hours"),
      priceCents: 999,
      courierCents: 900,
      priceSource,
      createdAt,
      expiresAt: new Date(runtime.clock().getTime() + 86_400_000),
    },
  });
}

describe("the delivery area at dispatch", () => {
  it("keeps a local-delivery order beyond the radius back for staff, after one estimate; staff dispatch it by hand, once", async () => {
    await setArea({ radiusMiles: 10, zipCodes: [] }, { localDelivery: true });
    const order = addLocalDeliveryOrder(standIn.shop(SHOP), { shippingAddress: shopper, rateName: "Local delivery" });
    for (const id of ["w-1", "w-1", "w-2"]) expect((await orderPaid(order.id, id)).status).toBe(200);
    await drainJobs(runtime);

    expect(courierCalls()).toEqual(["POST /v1/estimates"]);
    const kept = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(kept).toMatchObject({
      state: "failed",
      courierShipmentId: null,
      needsAttention: true,
      attentionCode: "outside_area",
    });
    expect(kept.attentionReason).toMatch(
      /^Outside the delivery area of Main Street Bakery: \d+(\.\d)? mi away, beyond the location's 10 mi\. Not dispatched automatically; dispatch it by hand from the order if you deliver there\.$/,
    );
    const timeline = await db.shipmentActivity.findMany({ where: { shipmentId: kept.id } });
    expect(timeline.map((a) => [a.kind, a.message])).toEqual([
      ["dispatch_failed", `Not dispatched: ${kept.attentionReason}`],
    ]);

    // Home's attention list: the reason in words, and the order to dispatch it from.
    const rows = await db.shipment.findMany({ where: { needsAttention: true } });
    const [item] = attentionItems(rows, "America/New_York");
    expect(item).toMatchObject({
      shipmentId: kept.id,
      code: "outside_area",
      reason: kept.attentionReason,
      actionLabel: "Open the order to dispatch it by hand",
      orderAdminUrl: `shopify://admin/orders/${order.id.split("/").pop()}`,
    });

    // Staff deliver there anyway: "Dispatch now" skips the area, and creates the one shipment.
    const staff = await dispatchNow(
      { db, queue: runtime.queue, clock: runtime.clock, sleep: async () => void (await drainJobs(runtime)) },
      { shopDomain: SHOP, orderGid: order.id, serviceCode: null, waitMs: 60_000 },
    );
    expect(staff.shipments).toHaveLength(1);
    expect(staff.shipments[0]).toMatchObject({ generation: kept.generation + 1, state: "scheduled" });
    expect(staff.shipments[0]!.courierShipmentId).not.toBeNull();
    expect(courierCalls()).toEqual(["POST /v1/estimates", "POST /v1/shipments"]);
    expect(attentionItems(await db.shipment.findMany({ where: { orderGid: order.id } }), "UTC")).toEqual([]);

    // A late duplicate of the webhook dispatches nothing more.
    expect((await orderPaid(order.id, "w-1")).status).toBe(200);
    await drainJobs(runtime);
    expect(courierCalls()).toEqual(["POST /v1/estimates", "POST /v1/shipments"]);
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("dispatches a local-delivery order inside the radius: one estimate, then the shipment", async () => {
    await setArea({ radiusMiles: 200, zipCodes: [] }, { localDelivery: true });
    const order = addLocalDeliveryOrder(standIn.shop(SHOP), { shippingAddress: shopper });
    expect((await orderPaid(order.id, "w-in")).status).toBe(200);
    await drainJobs(runtime);
    expect(courierCalls()).toEqual(["POST /v1/estimates", "POST /v1/shipments"]);
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(shipment).toMatchObject({ state: "scheduled", needsAttention: false });
    expect(shipment.estimatedDistance).toBeGreaterThan(100);
  });

  it("keeps a local-delivery order outside the ZIP list back without asking the courier", async () => {
    await setArea({ radiusMiles: 100, zipCodes: ["112", "10001"] }, { localDelivery: true });
    const order = addLocalDeliveryOrder(standIn.shop(SHOP), { shippingAddress: { ...shopper, zip: "11301" } });
    expect((await orderPaid(order.id, "w-zip")).status).toBe(200);
    await drainJobs(runtime);
    expect(courierCalls()).toEqual([]);
    const kept = await db.shipment.findFirstOrThrow({ where: { orderGid: order.id } });
    expect(kept).toMatchObject({ state: "failed", needsAttention: true, attentionCode: "outside_area" });
    expect(kept.attentionReason).toMatch(/ZIP 11301 is not in the location's ZIP codes \(112, 10001\)/);
  });

  it("trusts checkout's radius for a rate quoted after the last settings change, and checks one quoted before the area narrowed", async () => {
    const settled = await setArea({ radiusMiles: 200, zipCodes: [] });
    // Quoted after the area was set: checkout kept the radius with the courier's distance; no second call.
    const fresh = sameDayOrder(standIn);
    // Priced by the app's price model at checkout (the courier was busy): recorded on the shipment.
    await rememberQuote(fresh.id, new Date(settled.updatedAt.getTime() + 1_000), "model");
    expect((await orderPaid(fresh.id, "w-fresh")).status).toBe(200);
    await drainJobs(runtime);
    expect(courierCalls()).toEqual(["POST /v1/shipments"]);
    expect(await db.shipment.findFirstOrThrow({ where: { orderGid: fresh.id } })).toMatchObject({
      state: "scheduled",
      shopperPriceCents: 999,
      quotedPriceCents: 900,
      quotePriceSource: "model",
    });

    // Quoted before the merchant narrowed the area to 10 miles (a rate Shopify or the app kept): checked again.
    const stale = sameDayOrder(standIn, { lineItems: [{ title: "Rye loaf", quantity: 1 }], shippingAddress: shopper });
    const narrowed = await setArea({ radiusMiles: 10, zipCodes: [] });
    await rememberQuote(stale.id, new Date(narrowed.updatedAt.getTime() - 1_000));
    expect((await orderPaid(stale.id, "w-stale")).status).toBe(200);
    await drainJobs(runtime);
    expect(courierCalls()).toEqual(["POST /v1/shipments", "POST /v1/estimates"]);
    expect(await db.shipment.findFirstOrThrow({ where: { orderGid: stale.id } })).toMatchObject({
      state: "failed",
      attentionCode: "outside_area",
    });
  });
});
