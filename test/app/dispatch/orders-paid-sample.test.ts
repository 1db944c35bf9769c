import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serviceCodeFor } from "~/schedule/service-code";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { getRuntime } from "~/runtime.server";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { ordersPaidSampleBody, SAMPLE_ORDER_ID } from "../../fixtures/shopify-webhooks";
import type { ShopifyStandIn } from "../../shopify-stand-in";
import { drainJobs, INSTALLED_SHOP, sameDayOrder, setUpInstalledShop } from "../../support/installed-shop";
import { webhookRequest } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";

const COURIER_TOKEN = "sandbox-token-corner-bakery";
const runtime = getRuntime();
const SAME_DAY = {
  title: "Within 3 hours",
  code: serviceCodeFor("within-3-hours"),
  source: "Same-day delivery",
  price: "9.99",
};

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

describe("Shopify's documented orders/paid sample, through the whole dispatch path", () => {
  it("dispatches the order it names, its id above 2^53 kept exactly, with the order note as the driver's notes", async () => {
    const orderGid = `gid://shopify/Order/${SAMPLE_ORDER_ID}`;
    sameDayOrder(standIn, {
      id: orderGid,
      name: "#9999",
      note: "Please leave the parcel with the doorman",
      shippingLines: [{ ...SAME_DAY, carrierIdentifier: "c9f1e2" }],
    });
    const body = ordersPaidSampleBody(SAME_DAY);
    // What JSON numbers would make of the sample's id: the test is only meaningful if it differs.
    expect(String(JSON.parse(body).id)).not.toBe(SAMPLE_ORDER_ID);

    const response = await ordersPaid({
      request: webhookRequest({
        url: `${TEST_APP_URL}/webhooks/orders/paid`,
        topic: "orders/paid",
        shop: INSTALLED_SHOP,
        body,
        secret: TEST_API_SECRET,
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    await drainJobs(runtime);

    const shipments = await runtime.db.shipment.findMany({ where: { orderGid } });
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ orderName: "#9999", state: "scheduled", needsAttention: false });
    const atCourier = [...sandbox.shipments.values()].filter((s) => s.request.reference_id === "#9999");
    expect(atCourier).toHaveLength(1);
    expect(atCourier[0]!.request.alternate_id_1).toBe(SAMPLE_ORDER_ID);
    expect(atCourier[0]!.request.delivery_location.notes).toBe("Please leave the parcel with the doorman");
    expect(atCourier[0]!.request.description).not.toMatch(/doorman|Steve|Shipper/);
    const order = standIn.shop(INSTALLED_SHOP).orders.find((o) => o.id === orderGid)!;
    expect(order.tags).toContain("same-day-dispatched");
    // Every Admin request was allowed under the app's scopes (an ACCESS_DENIED would be listed here).
    expect(standIn.graphqlErrors).toEqual([]);
  });
});
