/**
 * Home's attention list in a real browser (Chromium through playwright-core) against the production
 * server, as test/e2e/embedded-pages.e2e.ts opens the embedded pages: two deliveries need attention
 * (an expiry the courier did not repost, a dispatch the courier refused), the navigation counts them,
 * and "Dispatch again" resolves the expiry: the item leaves the list and the count drops. Any console
 * error fails the test. Screenshots: test-results/e2e/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { ORDER_SYNC_JOB } from "~/order-changes/enqueue-order-sync.server";
import { startCourierSandbox, type CourierSandbox } from "../courier-sandbox/server";
import { parseEnv } from "~/config/env.server";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import { ALL_FEATURES } from "../courier-sandbox/model";
import { createRequest } from "../courier-sandbox/testing";
import {
  addOrder,
  createShopifyStandIn,
  serveShopifyStandIn,
  type ServedStandIn,
  type ShopifyStandIn,
} from "../shopify-stand-in";
import { mintSessionToken } from "../support/shopify-signing";
import { localCourierEnv, TEST_API_KEY, TEST_API_SECRET, testEnv } from "../support/test-env";
import { launchEmbeddedBrowser } from "./embedded-browser";
import {
  ensureProductionBuild,
  freePort,
  migratedTempDatabase,
  ROOT,
  startAppServer,
  type AppServer,
  type TempDatabase,
} from "../support/app-server";

const SHOP = "harbor-florist.myshopify.com";
const COURIER_TOKEN = "e2e-attention-token";
const SCREENSHOTS = path.join(ROOT, "test-results", "e2e");
const SF = { city: "San Francisco", province: "California", provinceCode: "CA", countryCode: "US" };
// Pinned times: what the list shows does not depend on when the test runs.
const EXPIRED_AT = new Date("2026-11-24T19:30:00Z");
const REFUSED_AT = new Date("2026-11-24T18:05:00Z");

let database: TempDatabase;
let db: Db;
let sandbox: CourierSandbox;
let served: ServedStandIn;
let standIn: ShopifyStandIn;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
const consoleErrors: string[] = [];
let expiredId: string;
let refusedId: string;
/** Deliveries waiting for a driver, booked at the sandbox (which has their labels). */
const labelled: string[] = [];

const host = Buffer.from(`admin.shopify.com/store/${SHOP.replace(".myshopify.com", "")}`).toString("base64");
const token = () => mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, expiresInS: 900 });
const pageUrl = (pathname: string) =>
  `${server.url}${pathname}?embedded=1&shop=${SHOP}&host=${host}&id_token=${token()}`;

async function open(pathname: string): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${pathname}: ${message.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`${pathname}: ${error.message}`));
  const response = await page.goto(pageUrl(pathname), { waitUntil: "networkidle" });
  expect(response?.status(), `${pathname} answered`).toBe(200);
  await page.waitForFunction(() => "__remixRouter" in window);
  return page;
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
/** The navigation's attention entry (App Bridge draws the menu outside the iframe; its links are in the page). */
const navAttention = (page: Page) => page.locator('ui-nav-menu a[href^="/app/attention"]').textContent();

async function seed() {
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({
    myshopifyDomain: SHOP,
    name: "Harbor Florist",
    ianaTimezone: "America/Los_Angeles",
    address: { address1: "1 Market St", zip: "94105", ...SF },
    locations: [{ name: "Harbor Street" }],
    carrierCalculatedShipping: true,
  });
  const accessToken = standIn.issueAccessToken(SHOP);
  await db.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken,
      scope: standIn.issuedTokens[0]!.scope,
    },
  });
  const row = await db.shop.create({
    data: { domain: SHOP, timezone: "America/Los_Angeles", webhookPathId: "e2e-attention-path-01" },
  });
  const address = { firstName: "Ada", lastName: "Buyer", address1: "500 Valencia St", zip: "94110", ...SF };
  const expiredOrder = addOrder(shop, { shippingAddress: { ...address, countryCodeV2: "US" } });
  const refusedOrder = addOrder(shop, { shippingAddress: { ...address, countryCodeV2: "US" } });
  const base = { shopId: row.id, locationGid: shop.locations[0]!.id, serviceCode: null };
  // What the courier's expiry left (apply.server.ts): canceled, with the expiry's code and words.
  const expired = await db.shipment.create({
    data: {
      ...base,
      orderGid: expiredOrder.id,
      orderName: expiredOrder.name,
      fulfillmentOrderGid: expiredOrder.fulfillmentOrders[0]!.id,
      idempotencyKey: "e2e-attention-1",
      courierShipmentId: "880001",
      trackingNumber: "TRK880001",
      state: "canceled",
      lastEventAt: EXPIRED_AT,
      needsAttention: true,
      attentionCode: "expired",
      attentionReason:
        "The courier canceled the delivery: no driver accepted before the delivery deadline. Dispatch again to send a new driver.",
    },
  });
  // What a refused dispatch leaves (fulfillment-order-job.server.ts): failed, never booked.
  const refused = await db.shipment.create({
    data: {
      ...base,
      orderGid: refusedOrder.id,
      orderName: refusedOrder.name,
      fulfillmentOrderGid: refusedOrder.fulfillmentOrders[0]!.id,
      idempotencyKey: "e2e-attention-2",
      state: "failed",
      createdAt: REFUSED_AT,
      needsAttention: true,
      attentionCode: "dispatch_failed",
      attentionReason: "The courier could not find the delivery address: check it on the order, then dispatch again.",
    },
  });
  expiredId = expired.id;
  refusedId = refused.id;
  return standIn;
}

/** The shop's courier account and two booked deliveries waiting for a driver, for the list's bulk print. */
async function seedLabelled(env: Record<string, string>) {
  sandbox.setAccountOptions(COURIER_TOKEN, ALL_FEATURES);
  const keys = parseEnv(env).encryption;
  await saveCourierToken({ db, keys }, SHOP, { token: COURIER_TOKEN, environment: "sandbox", baseUrl: sandbox.url });
  const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  const courier = createCourierClient({
    baseUrl: sandbox.url,
    token: COURIER_TOKEN,
    limiter: createInProcessRateLimiter(),
  });
  const location = standIn.shop(SHOP).locations[0]!.id;
  for (const n of [1, 2]) {
    const now = new Date();
    const start = new Date(now.getTime() + 2 * 3600_000);
    const created = await courier.createShipment(
      createRequest(now, {
        reference_id: `#50${n}`,
        pickup_after: start.toISOString(),
        deliver_between: { start: start.toISOString(), end: new Date(start.getTime() + 7_200_000).toISOString() },
      }),
    );
    const row = await db.shipment.create({
      data: {
        shopId: shop.id,
        orderGid: `gid://shopify/Order/50${n}`,
        orderName: `#50${n}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/50${n}`,
        locationGid: location,
        idempotencyKey: `e2e-labelled-${n}`,
        courierShipmentId: String(created.id),
        trackingNumber: created.tracking_number,
        state: "scheduled",
        pickupAfter: start,
        deliverStart: start,
        deliverEnd: new Date(start.getTime() + 7_200_000),
        priceCents: 1250,
        shopperPriceCents: 999,
      },
    });
    labelled.push(row.id);
  }
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  ensureProductionBuild();
  database = migratedTempDatabase("courier-e2e-attention-");
  db = createDb(database.url);
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN] });
  standIn = await seed();
  served = await serveShopifyStandIn(standIn);
  const port = await freePort();
  const env = {
    ...testEnv(database.url),
    NODE_ENV: "production",
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    // The re-dispatch's jobs stay queued: the test reads them from the database.
    WORKER_ENABLED: "false",
    ...localCourierEnv(sandbox.url),
    ...served.proxyEnv(),
  };
  await seedLabelled(env);
  server = await startAppServer({ env, port });
  ({ browser, context } = await launchEmbeddedBrowser({ serverUrl: server.url, shop: SHOP, token }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) writeFileSync(path.join(SCREENSHOTS, "attention-server.log"), server.logs.join(""));
  await served?.close();
  await sandbox?.close();
  await db?.$disconnect();
  database?.remove();
});

describe("the attention list on Home", () => {
  it("shows the deliveries needing action, oldest first, and dispatching one again resolves it", async () => {
    const page = await open("/app");
    await page.getByRole("heading", { name: "Needs attention" }).waitFor();
    // The card's content (the navigation's copy of the count is hidden, as App Bridge draws it outside).
    const card = page.locator(".Polaris-Page");
    await card.getByText("2 deliveries").waitFor();
    expect(await navAttention(page)).toBe("Needs attention (2)");
    // Oldest first: the refused dispatch (18:05 UTC) before the expiry (19:30 UTC), in the shop's time zone.
    const reasons = card.locator("p", { hasText: /^The courier/ });
    expect(await reasons.allTextContents()).toEqual([
      "The courier could not find the delivery address: check it on the order, then dispatch again.",
      "The courier canceled the delivery: no driver accepted before the delivery deadline. Dispatch again to send a new driver.",
    ]);
    await card.getByText("Since Tue, Nov 24, 10:05 am").waitFor();
    await card.getByText("Since Tue, Nov 24, 11:30 am").waitFor();
    const fix = card.getByRole("link", { name: "Fix the address in Shopify" });
    expect(await fix.getAttribute("href")).toMatch(/^shopify:\/\/admin\/orders\/\d+$/);
    await shoot(page, "20-home-attention-list");

    const expiredOrder = (await db.shipment.findUniqueOrThrow({ where: { id: expiredId } })).orderName;
    await card.getByRole("button", { name: `Dispatch again: ${expiredOrder}` }).click();
    // A re-booking shows its fresh price first; nothing is booked until staff confirm it.
    await card.getByText(/^Dispatching again (costs|books)/).waitFor();
    await card.getByRole("button", { name: "Confirm and dispatch again" }).click();
    await card.getByText("1 delivery").waitFor();
    await expect.poll(() => navAttention(page)).toBe("Needs attention (1)");
    expect(await card.getByRole("button", { name: `Dispatch again: ${expiredOrder}` }).count()).toBe(0);
    await shoot(page, "21-home-attention-dispatched-again");

    expect(await db.shipment.findUniqueOrThrow({ where: { id: expiredId } })).toMatchObject({
      state: "canceled",
      needsAttention: false,
      attentionCode: null,
    });
    expect(await db.shipment.findUniqueOrThrow({ where: { id: refusedId } })).toMatchObject({ needsAttention: true });
    // The re-dispatch waits for the order's sync, which dispatches a new generation.
    expect(await db.job.count({ where: { kind: ORDER_SYNC_JOB, state: "queued" } })).toBe(1);
    expect(
      (await db.shipmentActivity.findMany({ where: { shipmentId: expiredId } })).map((a) => a.kind).sort(),
    ).toEqual(["order_change_redispatch_pending", "staff_redispatch_after_cancel"]);
    await page.close();
  });

  it("the Needs attention page lists what is left", async () => {
    const page = await open("/app/attention");
    await page.getByRole("heading", { name: "Needs attention" }).first().waitFor();
    await page.getByText("1 delivery").waitFor();
    await page.getByRole("link", { name: "Fix the address in Shopify" }).waitFor();
    // Where the problem shows: how to hear of it without watching the page, and the way to Shopify Flow.
    const flow = page.getByRole("link", { name: "Open Shopify Flow" });
    await flow.waitFor();
    expect(await flow.getAttribute("href")).toBe("shopify://admin/apps/flow");
    await shoot(page, "22-attention-page");
    await page.close();
  });

  it("an item handled outside the app is resolved with a note, shown on its timeline with who and when", async () => {
    const page = await open(`/app/shipments/${refusedId}`);
    await page.getByRole("link", { name: "Fix the address in Shopify" }).waitFor();
    await page.getByRole("button", { name: "Resolve" }).click();
    await page.getByLabel("What was done").fill("Called the customer: they collect in store.");
    await page.getByRole("button", { name: "Mark resolved" }).click();
    await page.getByText(/^Resolved by .*: Called the customer: they collect in store\./).waitFor();
    expect(await page.getByRole("button", { name: "Mark resolved" }).count()).toBe(0);
    await shoot(page, "23-attention-item-resolved");
    expect(await db.shipment.findUniqueOrThrow({ where: { id: refusedId } })).toMatchObject({
      needsAttention: false,
      attentionCode: null,
    });
    expect(await db.staffAction.count({ where: { shipmentId: refusedId, action: "resolve" } })).toBe(1);
    await page.close();
  });

  it("shipments: a saved view, and the selected deliveries' labels printed as one PDF", async () => {
    const page = await open("/app/shipments");
    await page.getByRole("tab", { name: "Waiting for a driver" }).click();
    await page.waitForURL(/view=waiting/);
    const rows = page.locator(".Polaris-IndexTable__TableRow");
    await expect.poll(() => rows.count()).toBe(labelled.length);
    await shoot(page, "24-shipments-waiting-view");
    const opened = context.waitForEvent("page");
    await page.getByRole("checkbox", { name: "Select all deliveries" }).first().check({ force: true });
    await page.getByRole("button", { name: "Print labels" }).click();
    await page.getByText(`${labelled.length} labels in one PDF.`).waitFor();
    const pdf = await opened;
    expect(pdf.url()).toMatch(/^blob:/);
    await shoot(page, "25-shipments-labels-printed");
    await pdf.close();
    await page.close();
  });

  it("logged no console error in the browser and no request error on the server", () => {
    expect(consoleErrors).toEqual([]);
    expect(server.logs.join("")).not.toMatch(/Unhandled request error|Error:/);
  });
});
