/**
 * The order status block's route as a customer account extension calls it: a customer account
 * session token signed with the app secret (verified by the library), CORS for the extension's
 * origin, and only the signed-in customer's own orders (named by Shopify's orders/paid) of the shop,
 * with a booked same-day delivery.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ShopperDeliveriesResponse } from "../../../extensions/shared/shopper-delivery";
import { db } from "~/db.server";
import { action, loader } from "~/routes/api.customer.orders.$orderId.delivery";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { TRACKING_PAGE_REQUESTS_PER_MINUTE } from "~/server/tracking-page-http.server";
import { orderUpdatedPayload } from "../../fixtures/order-change-webhooks";
import { mintSessionToken } from "../../support/shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { call, json } from "./embedded";
import { makeCollection, redactCustomer, seedTrackedShipment, type SeedOverrides } from "./tracked-shipment";
import { shopifyWebhook } from "./webhook-request";

const SHOP = "sunset-bakery.myshopify.com";
const OTHER_SHOP = "other-shop.myshopify.com";
const ORDER_ID = "299938";
const ORDER_GID = `gid://shopify/Order/${ORDER_ID}`;
/** Customer account pages are served by Shopify, never from the app's origin. */
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";
const CUSTOMER = "gid://shopify/Customer/191167";
const OTHER_CUSTOMER = "gid://shopify/Customer/555";
const DAY_MS = 24 * 60 * 60 * 1000;
const PERSONAL = ["Maria", "Gonzalez", "742 Evergreen", "94114", "5551234567", "Dana", "Whitfield", "Prius"];

let clientCounter = 0;
let client = "";

const seed = (overrides: SeedOverrides = {}) => seedTrackedShipment({ shopDomain: SHOP, ...overrides });

/**
 * A customer account session token as Shopify signs it: `sub` the signed-in customer, `dest` the shop.
 * Shopify's Session Token API page for customer account extensions
 * (shopify.dev/docs/api/customer-account-ui-extensions/latest/target-apis/platform-apis/session-token-api)
 * shows `dest` as the bare shop domain (`store-name.myshopify.com`); admin session tokens carry the
 * shop's URL (`https://store-name.myshopify.com`). Both forms are minted here; the URL by default.
 */
const customerToken = (
  options: { shop?: string; secret?: string; expiresInS?: number; customer?: string; dest?: string } = {},
) =>
  mintSessionToken({
    shop: options.shop ?? SHOP,
    apiKey: TEST_API_KEY,
    apiSecret: options.secret ?? TEST_API_SECRET,
    userId: options.customer ?? CUSTOMER,
    expiresInS: options.expiresInS,
    dest: options.dest,
  });

/** Shopify's orders/paid for the order, naming its customer (the REST Order resource's `customer`). */
async function orderPaidBy(customer: unknown, shop = SHOP) {
  const payload = orderUpdatedPayload(ORDER_GID, new Date(), {
    customer: customer === null ? null : { id: 191167, admin_graphql_api_id: customer, email: "maria@example.com" },
  });
  const response = await ordersPaid({
    request: shopifyWebhook({ path: "/webhooks/orders/paid", topic: "orders/paid", shop, payload }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
}

function request(orderId: string, options: { token?: string | null; method?: string; locale?: string } = {}) {
  const headers = new Headers({ Origin: EXTENSION_ORIGIN, "X-Forwarded-For": client });
  if (options.token !== null) headers.set("Authorization", `Bearer ${options.token ?? customerToken()}`);
  if (options.method === "OPTIONS") headers.set("Access-Control-Request-Method", "GET");
  const query = options.locale === undefined ? "" : `?locale=${encodeURIComponent(options.locale)}`;
  return new Request(`${TEST_APP_URL}/api/customer/orders/${orderId}/delivery${query}`, {
    method: options.method ?? "GET",
    headers,
  });
}

async function deliveriesFor(orderId: string, token?: string) {
  return json<ShopperDeliveriesResponse>(
    await call(loader, request(orderId, { token }), { orderId }, { remoteAddress: client }),
  );
}

beforeEach(async () => {
  client = `203.0.113.${++clientCounter}`;
  for (const table of [
    "courierEvent",
    "shipment",
    "pickupLocation",
    "shop",
    "webhookDelivery",
    "session",
    "job",
  ] as const) {
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  }
  await orderPaidBy(CUSTOMER);
});

describe("a valid customer account session token", () => {
  it("answers the status, window and link in the tracking page's words, with CORS for the extension", async () => {
    const eta = new Date(Date.now() + 40 * 60 * 1000);
    const { token, shipment } = await seed({ etaAt: eta });
    const { status, body, headers } = await deliveriesFor(ORDER_ID);
    // The window starts an hour from now: after 11 pm in the shop's zone it is tomorrow's.
    const shopDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
    const windowDay = shopDay(shipment.deliverStart!) === shopDay(new Date()) ? "Today" : "Tomorrow";
    expect(status).toBe(200);
    expect(body.deliveries).toHaveLength(1);
    const [delivery] = body.deliveries;
    expect(delivery).toMatchObject({
      status: "Your order is out for delivery",
      step: "Out for delivery",
      phase: "active",
      trackingUrl: `${TEST_APP_URL}/t/${token}`,
    });
    expect(delivery!.window).toMatch(new RegExp(`^${windowDay}, .+–.+(AM|PM)$`));
    // 40 minutes ahead: within the hour, a countdown.
    expect(delivery!.eta).toMatch(/^Arriving in about (39|40) min$/);
    expect(headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(Object.keys(delivery!).sort()).toEqual([
      "changes",
      "eta",
      "id",
      "phase",
      "status",
      "step",
      "trackingUrl",
      "window",
    ]);
    const text = JSON.stringify(body);
    for (const secret of PERSONAL) expect(text).not.toContain(secret);
  });

  it.each([
    ["the bare shop domain, as Shopify documents the customer account token", SHOP],
    ["the shop's https URL", `https://${SHOP}`],
    ["the shop's https URL with a trailing slash", `https://${SHOP}/`],
  ])("answers for a `dest` that is %s", async (_label, dest) => {
    await seed();
    const { status, body } = await deliveriesFor(ORDER_ID, customerToken({ dest }));
    expect(status).toBe(200);
    expect(body.deliveries).toHaveLength(1);
  });

  it("names a return's collection as a collection, beside the order's delivery", async () => {
    await seed({ state: "delivered" });
    const { shipment } = await seed({ state: "assigned" });
    await makeCollection(shipment.id);
    const { status, body } = await deliveriesFor(ORDER_ID);
    expect(status).toBe(200);
    expect(body.deliveries.map(({ status, step, phase, collection }) => ({ status, step, phase, collection }))).toEqual(
      [
        { status: "Delivered", step: "Delivered", phase: "delivered", collection: undefined },
        {
          status: "A driver is on the way to collect your return",
          step: "Driver on the way to you",
          phase: "active",
          collection: true,
        },
      ],
    );
  });

  it("answers a preflight with the library's CORS headers", async () => {
    const response = await call(action, request(ORDER_ID, { token: null, method: "OPTIONS" }), { orderId: ORDER_ID });
    expect(response).toBeInstanceOf(Response);
    const preflight = response as Response;
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  it("shows the latest dispatch of each pickup, delivered with no window, in order", async () => {
    await seed({ fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1", generation: 1, state: "canceled" });
    await seed({ fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1", generation: 2, state: "delivered" });
    await seed({ fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2", generation: 1, state: "assigned" });
    const { body } = await deliveriesFor(ORDER_ID);
    expect(body.deliveries.map((d) => [d.status, d.phase, d.window === null])).toEqual([
      ["Delivered", "delivered", true],
      ["A driver is on the way to the store", "active", false],
    ]);
  });

  it("links nowhere for a shipment tracked before the token was sealed, or once its page has ended", async () => {
    await seed({ sealed: false, fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1" });
    await seed({
      state: "delivered",
      lastEventAt: new Date(Date.now() - 31 * DAY_MS),
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2",
    });
    const { body } = await deliveriesFor(ORDER_ID);
    expect(body.deliveries.map((d) => [d.status, d.trackingUrl])).toEqual([
      ["Your order is out for delivery", null],
      ["Delivered", null],
    ]);
  });

  it("names the attempt, the return and the cancellation as the page does", async () => {
    await seed({ state: "attempted", fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1" });
    await seed({ state: "returned", fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/2" });
    await seed({ state: "canceled", fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/3" });
    const { body } = await deliveriesFor(ORDER_ID);
    expect(body.deliveries.map((d) => d.phase)).toEqual(["attempted", "returned", "canceled"]);
  });
});

describe("nothing is shown", () => {
  it("for another shop's order, even with the same order id", async () => {
    await seed({ shopDomain: OTHER_SHOP });
    await orderPaidBy(CUSTOMER, OTHER_SHOP);
    const { status, body } = await deliveriesFor(ORDER_ID);
    expect(status).toBe(200);
    expect(body).toEqual({ deliveries: [] });
    expect((await deliveriesFor(ORDER_ID, customerToken({ shop: OTHER_SHOP }))).body.deliveries).toHaveLength(1);
  });

  it("for another shop named by a bare-domain `dest`, even with the same order id", async () => {
    await seed({ shopDomain: OTHER_SHOP });
    await orderPaidBy(CUSTOMER, OTHER_SHOP);
    const { body } = await deliveriesFor(ORDER_ID, customerToken({ dest: SHOP }));
    expect(body).toEqual({ deliveries: [] });
    expect(
      (await deliveriesFor(ORDER_ID, customerToken({ shop: OTHER_SHOP, dest: OTHER_SHOP }))).body.deliveries,
    ).toHaveLength(1);
  });

  it("for another customer of the shop, or a token that names no customer", async () => {
    await seed();
    expect((await deliveriesFor(ORDER_ID, customerToken({ customer: OTHER_CUSTOMER }))).body).toEqual({
      deliveries: [],
    });
    expect((await deliveriesFor(ORDER_ID, customerToken({ customer: "42" }))).body).toEqual({ deliveries: [] });
    expect((await deliveriesFor(ORDER_ID)).body.deliveries).toHaveLength(1);
  });

  it("for an order whose orders/paid named no customer, or one in another shape (which still dispatches)", async () => {
    await db.webhookDelivery.deleteMany();
    await seed();
    await orderPaidBy(null);
    await orderPaidBy("not-a-customer-id");
    expect(await db.job.count()).toBeGreaterThan(0);
    expect((await deliveriesFor(ORDER_ID)).body).toEqual({ deliveries: [] });
  });

  it("for an order without a same-day shipment, or whose booking never reached the courier", async () => {
    await seed({ courierShipmentId: null, state: "failed" });
    expect((await deliveriesFor(ORDER_ID)).body).toEqual({ deliveries: [] });
    expect((await deliveriesFor("777")).body).toEqual({ deliveries: [] });
  });

  it("once customers/redact removed the shopper's data", async () => {
    await seed();
    expect((await redactCustomer(SHOP)).status).toBe(200);
    const row = await db.shipment.findFirstOrThrow();
    expect(row).toMatchObject({ trackingTokenHash: null, trackingTokenSealed: null });
    expect(await db.webhookDelivery.count({ where: { topic: "orders/paid", customerGid: CUSTOMER } })).toBe(0);
    expect((await deliveriesFor(ORDER_ID)).body).toEqual({ deliveries: [] });
  });
});

describe("refusals", () => {
  it.each([
    ["no session token", null],
    ["a token signed with another secret", customerToken({ secret: "not-the-app-secret" })],
    ["an expired token", customerToken({ expiresInS: -120 })],
    [
      "a token for another app (wrong audience)",
      mintSessionToken({ shop: SHOP, apiKey: "another-apps-client-id", apiSecret: TEST_API_SECRET, userId: CUSTOMER }),
    ],
    ["a malformed token", "not.a.token"],
  ])("401 with nothing disclosed for %s", async (_label, token) => {
    await seed();
    const response = await call(loader, request(ORDER_ID, { token }), { orderId: ORDER_ID }, { remoteAddress: client });
    expect(response).toBeInstanceOf(Response);
    const refused = response as Response;
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain("Your order");
  });

  it.each([
    ["a host that is no shop's", "store-name.example.com"],
    ["a URL on another host", "https://evil.example/store-name.myshopify.com"],
    ["plain http", `http://${SHOP}`],
    ["a URL with a path", `https://${SHOP}/admin`],
    ["a URL with credentials", `https://user@${SHOP}`],
    ["a URL with a port", `https://${SHOP}:8443`],
    ["a look-alike host", `${SHOP}.evil.example`],
    ["nothing", ""],
  ])("400 for a signed token whose `dest` is %s", async (_label, dest) => {
    await seed();
    const response = await call(loader, request(ORDER_ID, { token: customerToken({ dest }) }), { orderId: ORDER_ID });
    const refused = response as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain("Your order");
  });

  it("answers in the customer account's language when the shop publishes it, else the shop's", async () => {
    await seed({ etaAt: new Date(Date.now() + 40 * 60 * 1000) });
    await db.shop.updateMany({ data: { locales: "en,de" } });
    const inLocale = async (locale: string) =>
      json<ShopperDeliveriesResponse>(
        await call(loader, request(ORDER_ID, { locale }), { orderId: ORDER_ID }, { remoteAddress: client }),
      );
    const german = await inLocale("de-DE");
    expect(german.body.deliveries[0]).toMatchObject({
      status: "Deine Bestellung wird zugestellt",
      step: "In Zustellung",
    });
    expect(german.body.deliveries[0]!.eta).toMatch(/^Ankunft in etwa (39|40) Min\.$/);
    // French is not published by this shop: its primary language.
    expect((await inLocale("fr")).body.deliveries[0]).toMatchObject({ status: "Your order is out for delivery" });
    expect((await inLocale("not a locale")).status).toBe(400);
  });

  it("400 for an order id that is not one", async () => {
    const { status } = await deliveriesFor("gid%3A%2F%2Fshopify%2FOrder%2F1");
    expect(status).toBe(400);
  });

  it("429 for a client past the tracking page's per-minute limit", async () => {
    await seed();
    for (let i = 0; i < TRACKING_PAGE_REQUESTS_PER_MINUTE; i++)
      expect((await deliveriesFor(ORDER_ID)).status).toBe(200);
    const limited = await deliveriesFor(ORDER_ID);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("405 for another method", async () => {
    const response = await call(action, request(ORDER_ID, { method: "POST" }), { orderId: ORDER_ID });
    expect((response as Response).status).toBe(405);
  });
});
