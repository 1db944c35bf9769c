/** Fuzzing the shoppers' tracking page, its status, the app proxy and the order status block's route. */
import { beforeAll, describe } from "vitest";
import { db } from "~/db.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { orderUpdatedPayload } from "../fixtures/order-change-webhooks";
import { seedTrackedShipment } from "../app/routes/tracked-shipment";
import { shopifyWebhook } from "../app/routes/webhook-request";
import { fuzzes } from "./settings";
import { customerDeliveryTarget, trackingPageTarget, type TrackingWorld } from "./targets/tracking";

const SHOP = "sunset-bakery.myshopify.com";
const CUSTOMER = "gid://shopify/Customer/191167";
let world: TrackingWorld;

beforeAll(async () => {
  const { token } = await seedTrackedShipment({ shopDomain: SHOP });
  // The order status block answers the customer Shopify's orders/paid named.
  const payload = orderUpdatedPayload("gid://shopify/Order/299938", new Date(), {
    customer: { id: 191167, admin_graphql_api_id: CUSTOMER },
  });
  await ordersPaid({
    request: shopifyWebhook({ path: "/webhooks/orders/paid", topic: "orders/paid", shop: SHOP, payload }),
    params: {},
    context: {},
  });
  world = { shop: SHOP, token, orderId: "299938", customerGid: CUSTOMER };
});

describe("tracking page", () => {
  for (const surface of ["app", "proxy"] as const)
    for (const what of ["page", "status"] as const) {
      const path = `${surface === "app" ? "/t" : "/proxy/track"}/:token${what === "status" ? "/status" : ""}`;
      fuzzes(
        `GET ${path}`,
        () => db,
        () => trackingPageTarget(world, surface, what),
      );
    }
  fuzzes(
    "GET /api/customer/orders/:orderId/delivery",
    () => db,
    () => customerDeliveryTarget(world),
  );
});
