/** Fuzzing the courier's webhook receiver (see test/fuzz/runner.ts). */
import { beforeAll, describe } from "vitest";
import { getRuntime } from "~/runtime.server";
import { rotateWebhookSecret } from "~/shops/courier-credentials.server";
import { SHOP } from "../fixtures/shopify-webhooks";
import { recentIso } from "../support/recent-time";
import { seedShopData } from "../app/routes/seed";
import { fuzzes } from "./settings";
import { courierWebhookTarget } from "./targets/courier-webhook";

const { db, keys } = getRuntime();
let world: Parameters<typeof courierWebhookTarget>[0];

beforeAll(async () => {
  await seedShopData(db, SHOP);
  const secret = await rotateWebhookSecret({ db, keys }, SHOP, "bearer");
  const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  world = { pathId: shop.webhookPathId, secret, shipmentIds: [1001], recentIso: () => recentIso(30) };
});

describe("courier webhooks", () => {
  fuzzes(
    "POST /courier/webhooks/:pathId",
    () => db,
    () => courierWebhookTarget(world),
  );
});
