/**
 * Shopify's webhooks answered before Remix (app/server/shopify-webhook-routes.server.ts): which routes
 * take that path, and the routes' own actions answering through it.
 */
import type { ServerBuild } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import * as apiRoute from "~/routes/api.customer.orders.$orderId.delivery";
import * as ordersPaid from "~/routes/webhooks.orders.paid";
import * as shopRedact from "~/routes/webhooks.shop.redact";
import { answerWebhookAction, shopifyWebhookActions } from "~/server/shopify-webhook-routes.server";
import { SHOP } from "../../fixtures/shopify-webhooks";
import { shopifyWebhook } from "../routes/webhook-request";

type Route = ServerBuild["routes"][string];
const route = (id: string, path: string | undefined, module: object): Route =>
  ({ id, path, parentId: "root", module }) as unknown as Route;

const routes: ServerBuild["routes"] = {
  root: route("root", "", { default: () => null }),
  "routes/webhooks.orders.paid": route("routes/webhooks.orders.paid", "webhooks/orders/paid", ordersPaid),
  "routes/webhooks.shop.redact": route("routes/webhooks.shop.redact", "webhooks/shop/redact", shopRedact),
  // Not webhooks: another API route, a page under the same prefix, a path with a parameter.
  "routes/api.customer.orders.$orderId.delivery": route(
    "routes/api.customer.orders.$orderId.delivery",
    "api/customer/orders/:orderId/delivery",
    apiRoute,
  ),
  "routes/webhooks.page": route("routes/webhooks.page", "webhooks/page", {
    action: ordersPaid.action,
    default: () => null,
  }),
  "routes/webhooks.$id": route("routes/webhooks.$id", "webhooks/:id", { action: ordersPaid.action }),
};

beforeEach(async () => {
  await db.job.deleteMany();
  await db.webhookDelivery.deleteMany();
});

describe("Shopify webhooks before Remix", () => {
  it("takes the webhook API routes only, by their path", () => {
    expect([...shopifyWebhookActions(routes).keys()].sort()).toEqual([
      "/webhooks/orders/paid",
      "/webhooks/shop/redact",
    ]);
  });

  it("answers with the route's own action: a signed orders/paid is recorded and queued once", async () => {
    const action = shopifyWebhookActions(routes).get("/webhooks/orders/paid")!;
    const delivery = () =>
      shopifyWebhook({
        path: "/webhooks/orders/paid",
        topic: "orders/paid",
        shop: SHOP,
        payload: { id: 1, admin_graphql_api_id: "gid://shopify/Order/1" },
        webhookId: "paid-before-remix",
      });
    expect((await answerWebhookAction(action, delivery())).status).toBe(200);
    expect((await answerWebhookAction(action, delivery())).status).toBe(200);
    expect(await db.job.count({ where: { shopDomain: SHOP, kind: "dispatch.order" } })).toBe(1);
  });

  it("answers a thrown Response as Remix would: a wrong HMAC is a 401 and writes nothing", async () => {
    const action = shopifyWebhookActions(routes).get("/webhooks/orders/paid")!;
    const forged = shopifyWebhook({
      path: "/webhooks/orders/paid",
      topic: "orders/paid",
      shop: SHOP,
      payload: { id: 2, admin_graphql_api_id: "gid://shopify/Order/2" },
      secret: "not-the-app-secret",
    });
    expect((await answerWebhookAction(action, forged)).status).toBe(401);
    expect(await db.webhookDelivery.count()).toBe(0);
  });
});
