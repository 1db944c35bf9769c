/**
 * An installed shop for integration tests: the Shopify stand-in holds its store (two pickup
 * locations), the app's database holds its offline session, courier connection and pickup settings,
 * and the real worker runs queued jobs.
 */
import { startWorker, timerSleep } from "~/jobs/worker.server";
import { componentLogger } from "~/logging/logger.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import type { Runtime } from "~/runtime.server";
import { jobHandlers, type AdminForShop } from "~/server/job-handlers.server";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import { unauthenticated } from "~/shopify.server";
import { addLocation, addOrder, createShopifyStandIn, type ShopifyStandIn } from "../shopify-stand-in";
import { mswServer } from "./msw-server";
import { expectJobsSettled, jobsIdle } from "./queue-settled";
import { webhookRequest } from "./shopify-signing";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "./test-env";

export const INSTALLED_SHOP = "corner-bakery.myshopify.com";

export const adminFor = async (shop: string) => (await unauthenticated.admin(shop)).admin;

const TABLES = [
  "noDriverRaise",
  "shipmentActivity",
  "courierEvent",
  "shipment",
  "pickupLocation",
  "orderDispatch",
  "job",
  "webhookDelivery",
  "session",
  "shop",
] as const;

export async function setUpInstalledShop(runtime: Runtime, courier: { url: string; token: string }) {
  const { db } = runtime;
  for (const table of TABLES) await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  const standIn: ShopifyStandIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({
    myshopifyDomain: INSTALLED_SHOP,
    address: {
      address1: "1 Main St",
      city: "Brooklyn",
      province: "New York",
      provinceCode: "NY",
      zip: "11201",
      countryCode: "US",
    },
    locations: [{ name: "Main Street Bakery" }],
  });
  addLocation(shop, {
    name: "Warehouse",
    address: { address1: "50 Dock St", city: "Brooklyn", provinceCode: "NY", zip: "11201", countryCode: "US" },
  });
  mswServer.use(...standIn.handlers);

  const accessToken = standIn.issueAccessToken(INSTALLED_SHOP);
  await db.session.create({
    data: {
      id: `offline_${INSTALLED_SHOP}`,
      shop: INSTALLED_SHOP,
      state: "",
      isOnline: false,
      accessToken,
      scope: standIn.issuedTokens[0]!.scope,
    },
  });
  const row = await db.shop.create({ data: { domain: INSTALLED_SHOP, timezone: "America/New_York" } });
  await saveCourierToken(runtime, INSTALLED_SHOP, {
    token: courier.token,
    environment: "sandbox",
    baseUrl: courier.url,
  });
  for (const location of shop.locations) {
    await db.pickupLocation.create({
      data: {
        shopId: row.id,
        locationGid: location.id,
        name: location.name,
        enabled: true,
        contactName: "Dana",
        contactPhone: "+17185550100",
        addressJson: JSON.stringify(location.address),
      },
    });
  }
  return { standIn, shop, shopId: row.id };
}

/** An order whose shopper chose the app's "within 3 hours" rate at checkout. */
export function sameDayOrder(standIn: ShopifyStandIn, overrides: Parameters<typeof addOrder>[1] = {}) {
  return addOrder(standIn.shop(INSTALLED_SHOP), {
    shippingAddress: {
      firstName: "Steve",
      lastName: "Shipper",
      address1: "123 Shipping St",
      city: "Brooklyn",
      provinceCode: "NY",
      zip: "11215",
      countryCodeV2: "US",
      phone: "+17185550134",
    },
    shippingLines: [
      {
        title: "Within 3 hours",
        code: serviceCodeFor("within-3-hours"),
        source: "Same-day delivery",
        carrierIdentifier: "c9f1e2",
        price: "9.99",
      },
    ],
    ...overrides,
  });
}

/**
 * Shopify's orders/paid delivery for an order, signed, through the app's route; `extra` adds fields of
 * the REST Order payload (its `customer`, for example).
 */
export function orderPaid(orderGid: string, webhookId: string, extra: Record<string, unknown> = {}) {
  const request = webhookRequest({
    url: `${TEST_APP_URL}/webhooks/orders/paid`,
    topic: "orders/paid",
    shop: INSTALLED_SHOP,
    body: {
      id: Number(orderGid.split("/").pop()),
      admin_graphql_api_id: orderGid,
      financial_status: "paid",
      ...extra,
    },
    secret: TEST_API_SECRET,
    webhookId,
  });
  return ordersPaid({ request, params: {}, context: {} });
}

/** The real worker with the app's job handlers, polling fast (`admin`: another way to reach Shopify). */
export function startTestWorker(runtime: Runtime, admin: AdminForShop = adminFor) {
  return startWorker({
    queue: runtime.queue,
    handlers: jobHandlers(runtime, admin),
    concurrency: 2,
    pollIntervalMs: 5,
    clock: runtime.clock,
    sleep: timerSleep,
    logger: { ...componentLogger("jobs"), info: () => {} },
  });
}

/**
 * Runs the real worker until nothing is due or running, or fails naming the unfinished jobs (their
 * kinds, states and last errors) when the queue does not settle within DRAIN_LIMIT_MS. A job waiting
 * for a retry's backoff is not due: a test that needs its outcome waits for that outcome itself.
 */
export async function drainJobs(runtime: Runtime, admin: AdminForShop = adminFor) {
  const worker = startTestWorker(runtime, admin);
  try {
    await expectJobsSettled(runtime);
  } finally {
    await worker.stop();
  }
}

/** Runs `work` (which waits for what it then checks) while the real worker runs, then stops the worker. */
export async function withTestWorker<T>(
  runtime: Runtime,
  work: () => Promise<T>,
  admin: AdminForShop = adminFor,
): Promise<T> {
  const worker = startTestWorker(runtime, admin);
  try {
    return await work();
  } finally {
    await worker.stop();
  }
}

export { jobsIdle };
