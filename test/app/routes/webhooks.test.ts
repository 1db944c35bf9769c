import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as customersDataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { STOPPED_BY_UNINSTALL } from "~/webhooks/app-lifecycle.server";
import { REDACTED } from "~/webhooks/compliance.server";
import {
  appUninstalledPayload,
  customersDataRequestPayload,
  customersRedactPayload,
  OTHER_SHOP,
  SAMPLE_ORDER_ID,
  SHOP,
  shopRedactPayload,
} from "../../fixtures/shopify-webhooks";
import { rowsForShop, seedShopData } from "./seed";
import { shopifyWebhook } from "./webhook-request";

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

async function post(action: Action, request: Request): Promise<Response> {
  try {
    return await action({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeEach(async () => {
  for (const table of [
    "courierEvent",
    "shipmentActivity",
    "shipment",
    "pickupLocation",
    "shop",
    "session",
    "job",
    "quoteMemory",
    "webhookDelivery",
    "dataRequest",
    "orderDispatch",
  ] as const) {
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  }
  await seedShopData(db, SHOP);
  await seedShopData(db, OTHER_SHOP);
});

describe("webhook authentication", () => {
  it.each([
    ["app/uninstalled", "/webhooks/app/uninstalled", appUninstalled, appUninstalledPayload()],
    ["shop/redact", "/webhooks/shop/redact", shopRedact, shopRedactPayload()],
    ["customers/redact", "/webhooks/customers/redact", customersRedact, customersRedactPayload()],
    ["customers/data_request", "/webhooks/customers/data_request", customersDataRequest, customersDataRequestPayload()],
    ["orders/paid", "/webhooks/orders/paid", ordersPaid, { admin_graphql_api_id: "gid://shopify/Order/1" }],
  ])("%s with a wrong HMAC gets 401 and writes nothing", async (topic, path, action, payload) => {
    const before = await rowsForShop(db, SHOP);
    const response = await post(
      action as Action,
      shopifyWebhook({ path, topic, shop: SHOP, payload, secret: "not-the-app-secret" }),
    );
    expect(response.status).toBe(401);
    expect(await rowsForShop(db, SHOP)).toEqual(before);
  });

  it("refuses a body that was changed after signing", async () => {
    const request = shopifyWebhook({
      path: "/webhooks/shop/redact",
      topic: "shop/redact",
      shop: SHOP,
      payload: shopRedactPayload(),
    });
    const tampered = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: JSON.stringify(shopRedactPayload(OTHER_SHOP)),
    });
    expect((await post(shopRedact, tampered)).status).toBe(401);
    expect((await rowsForShop(db, OTHER_SHOP)).shop).toBe(1);
  });
});

describe("app/uninstalled", () => {
  it("deletes the shop's sessions, stops its queued work, keeps other shops", async () => {
    const response = await post(
      appUninstalled,
      shopifyWebhook({
        path: "/webhooks/app/uninstalled",
        topic: "app/uninstalled",
        shop: SHOP,
        payload: appUninstalledPayload(),
      }),
    );
    expect(response.status).toBe(200);
    expect(await db.session.count({ where: { shop: SHOP } })).toBe(0);
    expect((await db.shop.findUnique({ where: { domain: SHOP } }))?.uninstalledAt).toBeInstanceOf(Date);
    const job = await db.job.findFirstOrThrow({ where: { shopDomain: SHOP } });
    expect(job).toMatchObject({ state: "dead", lastError: STOPPED_BY_UNINSTALL });
    expect(await db.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    expect((await db.job.findFirstOrThrow({ where: { shopDomain: OTHER_SHOP } })).state).toBe("queued");
  });

  it("is idempotent: a second delivery, and one after shop/redact removed everything, answer 200", async () => {
    const send = (id: string) =>
      post(
        appUninstalled,
        shopifyWebhook({
          path: "/webhooks/app/uninstalled",
          topic: "app/uninstalled",
          shop: SHOP,
          payload: appUninstalledPayload(),
          webhookId: id,
        }),
      );
    expect((await send("a")).status).toBe(200);
    expect((await send("b")).status).toBe(200);
    await post(
      shopRedact,
      shopifyWebhook({ path: "/webhooks/shop/redact", topic: "shop/redact", shop: SHOP, payload: shopRedactPayload() }),
    );
    expect((await send("c")).status).toBe(200);
    expect(await db.session.count({ where: { shop: SHOP } })).toBe(0);
  });
});

describe("duplicate deliveries", () => {
  it("handles a repeated X-Shopify-Webhook-Id once", async () => {
    const send = () =>
      post(
        customersDataRequest,
        shopifyWebhook({
          path: "/webhooks/customers/data_request",
          topic: "customers/data_request",
          shop: SHOP,
          payload: customersDataRequestPayload(),
          webhookId: "same-id",
        }),
      );
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(await db.dataRequest.count({ where: { shopDomain: SHOP, requestId: "9999" } })).toBe(1);
  });

  it("records orders/paid once per delivery id with the order id and enqueues one dispatch job", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await post(
        ordersPaid,
        shopifyWebhook({
          path: "/webhooks/orders/paid",
          topic: "orders/paid",
          shop: SHOP,
          payload: { id: 820982911946154500, admin_graphql_api_id: "gid://shopify/Order/820982911946154508" },
          webhookId: "paid-1",
        }),
      );
      expect(response.status).toBe(200);
    }
    const rows = await db.webhookDelivery.findMany({
      where: { shopDomain: SHOP, topic: "orders/paid", webhookId: "paid-1" },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.orderGid).toBe("gid://shopify/Order/820982911946154508");
    const jobs = await db.job.findMany({ where: { shopDomain: SHOP, kind: "dispatch.order" } });
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.payloadJson)).toEqual({
      orderGid: "gid://shopify/Order/820982911946154508",
      generation: 1,
    });
  });

  it("acknowledges orders/paid without the shop's offline session: one whose token must be refreshed is left to the jobs", async () => {
    // authenticate.webhook loaded this session and refreshed its token over the network before answering.
    const expired = { expires: new Date(Date.now() - 60_000), refreshToken: "shprt_x", refreshTokenExpires: null };
    await db.session.update({ where: { id: `offline_${SHOP}` }, data: expired });
    const before = await db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    const response = await post(
      ordersPaid,
      shopifyWebhook({
        path: "/webhooks/orders/paid",
        topic: "orders/paid",
        shop: SHOP,
        payload: { id: 1, admin_graphql_api_id: "gid://shopify/Order/1" },
        webhookId: "paid-expired-session",
      }),
    );
    expect(response.status).toBe(200);
    expect(await db.job.count({ where: { shopDomain: SHOP, kind: "dispatch.order" } })).toBe(1);
    expect(await db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } })).toEqual(before);
  });

  it("enqueues one dispatch job per order even when Shopify sends the order twice under new delivery ids", async () => {
    for (const id of ["first", "second"]) {
      const response = await post(
        ordersPaid,
        shopifyWebhook({
          path: "/webhooks/orders/paid",
          topic: "orders/paid",
          shop: SHOP,
          payload: { admin_graphql_api_id: "gid://shopify/Order/42" },
          webhookId: id,
        }),
      );
      expect(response.status).toBe(200);
    }
    expect(await db.webhookDelivery.count({ where: { shopDomain: SHOP, orderGid: "gid://shopify/Order/42" } })).toBe(2);
    expect(await db.job.count({ where: { shopDomain: SHOP, kind: "dispatch.order" } })).toBe(1);
  });
});

describe("payload validation", () => {
  it("answers 400 naming the problem and writes nothing for a malformed compliance payload", async () => {
    const before = await rowsForShop(db, SHOP);
    const response = await post(
      customersRedact,
      shopifyWebhook({
        path: "/webhooks/customers/redact",
        topic: "customers/redact",
        shop: SHOP,
        payload: { shop_domain: SHOP },
      }),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("customer");
    expect(await rowsForShop(db, SHOP)).toEqual(before);
  });
});

describe("orders/paid payload validation", () => {
  it.each([
    ["no id", { id: 1 }],
    ["another resource's id", { admin_graphql_api_id: "gid://shopify/Customer/42" }],
    ["an id that is not a number", { admin_graphql_api_id: "gid://shopify/Order/42abc" }],
    ["a number instead of the global id", { admin_graphql_api_id: 42 }],
  ])("%s: 400 naming admin_graphql_api_id, nothing written", async (_case, payload) => {
    const before = await rowsForShop(db, SHOP);
    const response = await post(
      ordersPaid,
      shopifyWebhook({ path: "/webhooks/orders/paid", topic: "orders/paid", shop: SHOP, payload }),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("admin_graphql_api_id");
    expect(await rowsForShop(db, SHOP)).toEqual(before);
  });
});

describe("compliance", () => {
  it("shop/redact leaves no row of that shop and keeps the other shop's rows", async () => {
    const otherBefore = await rowsForShop(db, OTHER_SHOP);
    const response = await post(
      shopRedact,
      shopifyWebhook({ path: "/webhooks/shop/redact", topic: "shop/redact", shop: SHOP, payload: shopRedactPayload() }),
    );
    expect(response.status).toBe(200);
    const after = await rowsForShop(db, SHOP);
    expect(
      Object.values(after).every((count) => count === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await rowsForShop(db, OTHER_SHOP)).toEqual(otherBefore);
  });

  it("customers/redact removes that customer's personal data and nothing else", async () => {
    const response = await post(
      customersRedact,
      shopifyWebhook({
        path: "/webhooks/customers/redact",
        topic: "customers/redact",
        shop: SHOP,
        payload: customersRedactPayload(),
      }),
    );
    expect(response.status).toBe(200);
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const redacted = await db.shipment.findFirstOrThrow({
      where: { shopId: shop.id, orderName: "#1001" },
      include: { events: true, activities: true },
    });
    expect(redacted).toMatchObject({
      requestJson: null,
      signatoryName: null,
      photosJson: null,
      customerGid: null,
      trackingNumber: "TRK1001",
    });
    const stored = JSON.stringify(redacted);
    expect(stored).not.toContain("John Smith");
    expect(stored).not.toContain("555");
    expect(redacted.activities[0]?.message).toBe(REDACTED);
    const untouched = await db.shipment.findFirstOrThrow({ where: { shopId: shop.id, orderName: "#1002" } });
    expect(untouched.signatoryName).toBe("Ada Lovelace");
    const otherShop = await db.shop.findUniqueOrThrow({ where: { domain: OTHER_SHOP } });
    expect(
      (await db.shipment.findFirstOrThrow({ where: { shopId: otherShop.id, orderName: "#1001" } })).signatoryName,
    ).toBe("John Smith");
  });

  it("customers/redact finds an order whose id is above 2^53 by its exact digits", async () => {
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const target = await db.shipment.findFirstOrThrow({ where: { shopId: shop.id, orderName: "#1002" } });
    await db.shipment.update({
      where: { id: target.id },
      data: { orderGid: `gid://shopify/Order/${SAMPLE_ORDER_ID}`, customerGid: null },
    });
    // The documented payload's shape, with the order id of Shopify's orders/paid sample as a JSON number.
    const rawBody = JSON.stringify(customersRedactPayload(SHOP)).replace(
      /"orders_to_redact":\[[^\]]*\]/,
      `"orders_to_redact":[${SAMPLE_ORDER_ID}]`,
    );
    expect(rawBody).toContain(`[${SAMPLE_ORDER_ID}]`);
    const response = await post(
      customersRedact,
      shopifyWebhook({
        path: "/webhooks/customers/redact",
        topic: "customers/redact",
        shop: SHOP,
        payload: null,
        rawBody,
      }),
    );
    expect(response.status).toBe(200);
    const redacted = await db.shipment.findUniqueOrThrow({ where: { id: target.id } });
    expect(redacted).toMatchObject({ requestJson: null, signatoryName: null, photosJson: null });
  });

  it("customers/data_request records the request and reports what is held", async () => {
    const response = await post(
      customersDataRequest,
      shopifyWebhook({
        path: "/webhooks/customers/data_request",
        topic: "customers/data_request",
        shop: SHOP,
        payload: customersDataRequestPayload(),
      }),
    );
    expect(response.status).toBe(200);
    const request = await db.dataRequest.findFirstOrThrow({ where: { shopDomain: SHOP, requestId: "9999" } });
    expect(request.customerGid).toBe("gid://shopify/Customer/191167");
    const report = JSON.parse(request.reportJson);
    expect(report.shipments).toEqual([expect.objectContaining({ order: "#1001", trackingNumber: "TRK1001" })]);
    expect(report.courierEvents).toHaveLength(1);
  });
});

describe("app/scopes_update", () => {
  it("stores the granted scopes on the shop's sessions", async () => {
    const response = await post(
      scopesUpdate,
      shopifyWebhook({
        path: "/webhooks/app/scopes_update",
        topic: "app/scopes_update",
        shop: SHOP,
        payload: {
          id: 1,
          previous: ["read_orders"],
          current: ["read_orders", "write_shipping"],
          updated_at: new Date().toISOString(),
        },
      }),
    );
    expect(response.status).toBe(200);
    expect((await db.session.findFirstOrThrow({ where: { shop: SHOP } })).scope).toBe("read_orders,write_shipping");
  });
});
