/** Fuzzing every Shopify webhook topic the app receives (see test/fuzz/runner.ts). */
import { beforeAll, describe } from "vitest";
import { db } from "~/db.server";
import { SHOP } from "../fixtures/shopify-webhooks";
import { seedShopData } from "../app/routes/seed";
import { fuzzes } from "./settings";
import { SHOPIFY_WEBHOOK_ROUTES } from "./targets/shopify-webhook-routes";
import { shopifyWebhookTarget } from "./targets/shopify-webhooks";

/** The shop as a while of use leaves it; uninstall and redaction remove it, so it comes back before each topic. */
async function reseed() {
  const shop = await db.shop.findUnique({ where: { domain: SHOP } });
  if (shop && !shop.uninstalledAt && (await db.session.count({ where: { shop: SHOP } })) > 0) return;
  await db.session.deleteMany({ where: { shop: SHOP } });
  await db.shop.deleteMany({ where: { domain: SHOP } });
  for (const table of ["job", "quoteMemory", "webhookDelivery", "dataRequest", "orderDispatch"] as const)
    await (db[table] as unknown as { deleteMany: (a: unknown) => Promise<unknown> }).deleteMany({
      where: { shopDomain: SHOP },
    });
  await seedShopData(db, SHOP);
}

beforeAll(reseed);

describe("Shopify webhooks", () => {
  for (const route of SHOPIFY_WEBHOOK_ROUTES)
    fuzzes(
      `POST ${route.path}`,
      () => db,
      () => shopifyWebhookTarget(route),
      reseed,
    );
});
