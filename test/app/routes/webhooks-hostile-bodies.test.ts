import type { ActionFunctionArgs } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { SHOP } from "../../fixtures/shopify-webhooks";
import { signWebhook } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { rowsForShop, seedShopData } from "./seed";
import { SHOPIFY_WEBHOOK_ROUTES } from "../../fuzz/targets/shopify-webhook-routes";

type Action = (args: ActionFunctionArgs) => Promise<Response>;

/** The route's answer, returned or thrown (the library throws its 400 and 401 Responses). */
async function answer(action: Action, request: Request): Promise<Response> {
  try {
    return await action({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Signed Shopify webhooks whose bodies no real delivery has: refused with a 400, nothing written. */

function signedRaw(path: string, topic: string, body: string): Request {
  return new Request(`${TEST_APP_URL}${path}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Hmac-Sha256": signWebhook(body, TEST_API_SECRET),
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
    },
  });
}

beforeEach(async () => {
  for (const table of ["courierEvent", "shipmentActivity", "shipment", "pickupLocation", "shop", "session"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  for (const table of ["job", "quoteMemory", "webhookDelivery", "dataRequest", "orderDispatch"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  await seedShopData(db, SHOP);
});

describe("a signed body that is not JSON", () => {
  it.each(SHOPIFY_WEBHOOK_ROUTES.map((route) => [route.topic, route] as const))(
    "%s: 400, nothing written",
    async (_topic, route) => {
      for (const body of ["not json", '{"admin_graphql_api_id":', "", "\u0000"]) {
        const before = await rowsForShop(db, SHOP);
        const response = await answer(route.action, signedRaw(route.path, route.topic, body));
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await rowsForShop(db, SHOP)).toEqual(before);
      }
    },
  );

  it("still answers 401 when the signature is wrong", async () => {
    const request = signedRaw("/webhooks/orders/updated", "orders/updated", "not json");
    request.headers.set("X-Shopify-Hmac-Sha256", signWebhook("not json", "another-secret"));
    expect((await answer(ordersUpdated, request)).status).toBe(401);
  });
});

describe("a signed delivery whose X-Shopify-Shop-Domain is no shop domain", () => {
  it.each(["evil.example", "a".repeat(300), "shop.myshopify.com.evil.example"])(
    "%s: 400, nothing written",
    async (shop) => {
      const before = await rowsForShop(db, SHOP);
      const request = signedRaw(
        "/webhooks/orders/paid",
        "orders/paid",
        '{"admin_graphql_api_id":"gid://shopify/Order/1"}',
      );
      request.headers.set("X-Shopify-Shop-Domain", shop);
      const response = await answer(ordersPaid, request);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("X-Shopify-Shop-Domain");
      expect(await rowsForShop(db, SHOP)).toEqual(before);
    },
  );
});

describe("a lone UTF-16 surrogate (JSON's \\uD800 escape)", () => {
  it("app/scopes_update: 400 naming the field; the session's scope is unchanged", async () => {
    const body = '{"previous":["read_orders"],"current":["read_orders","write_\\ud800orders"]}';
    const response = await scopesUpdate({
      request: signedRaw("/webhooks/app/scopes_update", "app/scopes_update", body),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("current.1");
    expect((await db.session.findFirstOrThrow({ where: { shop: SHOP } })).scope).toBe("read_orders");
  });

  it("app/scopes_update with well-formed unicode is applied as before", async () => {
    const response = await scopesUpdate({
      request: signedRaw("/webhooks/app/scopes_update", "app/scopes_update", '{"current":["read_orders","🍰"]}'),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect((await db.session.findFirstOrThrow({ where: { shop: SHOP } })).scope).toBe("read_orders,🍰");
  });

  it("orders/updated: a lone surrogate in updated_at (part of the job's key) is a 400, nothing written", async () => {
    const before = await rowsForShop(db, SHOP);
    const body = '{"admin_graphql_api_id":"gid://shopify/Order/299938","updated_at":"2026-11-25T10:00:00\\udc00"}';
    const response = await ordersUpdated({
      request: signedRaw("/webhooks/orders/updated", "orders/updated", body),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
    expect(await rowsForShop(db, SHOP)).toEqual(before);
  });
});
