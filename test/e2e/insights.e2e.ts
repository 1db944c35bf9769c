/**
 * Insights and Home's capacity and rate diagnosis in a real browser (Chromium through playwright-core)
 * against the production server, as attention-list.e2e.ts opens the embedded pages. Seeded: a month
 * of deliveries with their outcomes, milestones and prices, a month of checkout quote funnel hours
 * (the last two days silent, some answers slower than Shopify's read timeout), a paid order received
 * today, and a slot capacity of 2 with today's 10:00 slot full. Any console error fails the test.
 * Screenshots: test-results/e2e/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { slotKeyOf } from "~/schedule/capacity";
import { zonedDate } from "~/schedule/time-zone";
import { DEFAULT_SHOP_SETTINGS, ShopSettings } from "~/settings/shop-settings";
import { createShopifyStandIn, serveShopifyStandIn, type ServedStandIn } from "../shopify-stand-in";
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

const SHOP = "insight-florist.myshopify.com";
const LA = "America/Los_Angeles";
const SCREENSHOTS = path.join(ROOT, "test-results", "e2e");
const SF = { city: "San Francisco", province: "California", provinceCode: "CA", countryCode: "US" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let database: TempDatabase;
let db: Db;
let served: ServedStandIn;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
const consoleErrors: string[] = [];
let delivered = 0;

const host = Buffer.from(`admin.shopify.com/store/${SHOP.replace(".myshopify.com", "")}`).toString("base64");
const token = () => mintSessionToken({ shop: SHOP, apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET, expiresInS: 900 });
const pageUrl = (pathname: string) => {
  const [route, query] = pathname.split("?");
  return `${server.url}${route}?embedded=1&shop=${SHOP}&host=${host}&id_token=${token()}${query ? `&${query}` : ""}`;
};

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

async function seed() {
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({
    myshopifyDomain: SHOP,
    name: "Insight Florist",
    ianaTimezone: LA,
    address: { address1: "1 Market St", zip: "94105", ...SF },
    locations: [{ name: "Harbor Street" }],
    carrierCalculatedShipping: true,
  });
  await db.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken: standIn.issueAccessToken(SHOP),
      scope: standIn.issuedTokens[0]!.scope,
    },
  });
  const location = shop.locations[0]!.id;
  const settings = ShopSettings.parse({
    ...structuredClone(DEFAULT_SHOP_SETTINGS),
    deliveryWindows: [
      {
        id: "slots",
        kind: "slots",
        serviceName: "Delivery",
        description: "Two-hour slots",
        enabled: true,
        slotMinutes: 120,
        startTimes: ["10:00", "14:00"],
        repeat: null,
        daysAhead: 3,
        maxRates: 3,
      },
    ],
    defaultWindowId: "slots",
    openingHours: [
      {
        locationGid: location,
        weekly: Array.from({ length: 7 }, () => [{ start: "08:00", end: "20:00" }]),
        closedDates: [],
        preparationMinutes: 0,
        slotCapacity: 2,
      },
    ],
  });
  const row = await db.shop.create({
    data: { domain: SHOP, timezone: LA, webhookPathId: "e2e-insights-path-01", settingsJson: JSON.stringify(settings) },
  });
  await db.pickupLocation.create({
    data: { shopId: row.id, locationGid: location, name: "Harbor Street", enabled: true },
  });

  // A month of deliveries, one to three a day, mostly delivered (some late), a few returned, cancelled, expired.
  const now = Date.now();
  const outcomes = ["delivered", "delivered", "delivered", "delivered", "returned", "canceled", "expired"];
  let n = 0;
  for (let day = 1; day <= 29; day += 1) {
    for (let k = 0; k < 1 + (day % 3); k += 1) {
      n += 1;
      const state = outcomes[(day + k) % outcomes.length]!;
      const start = new Date(now - day * DAY + k * 2 * HOUR);
      const late = n % 4 === 0;
      if (state === "delivered") delivered += 1;
      const id = `e2e-insights-${n}`;
      await db.shipment.create({
        data: {
          id,
          shopId: row.id,
          orderGid: `gid://shopify/Order/${7000 + n}`,
          orderName: `#${7000 + n}`,
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${7000 + n}`,
          locationGid: location,
          idempotencyKey: id,
          courierShipmentId: String(990_000 + n),
          state,
          createdAt: new Date(start.getTime() - HOUR),
          pickupAfter: start,
          deliverStart: start,
          deliverEnd: new Date(start.getTime() + 2 * HOUR),
          driverAssignedAt: state === "expired" ? null : new Date(start.getTime() + (late ? 40 : -10) * 60_000),
          atPickupAt: state === "expired" ? null : new Date(start.getTime() + 45 * 60_000),
          pickedUpAt: state === "expired" ? null : new Date(start.getTime() + 50 * 60_000),
          deliveredAt: state === "delivered" ? new Date(start.getTime() + (late ? 150 : 90) * 60_000) : null,
          // What the tracking flow fixes at delivery (app/shipments/delivery-verdict.ts).
          deliveryVerdict: state === "delivered" ? (late ? "late:no_driver" : "on_time") : null,
          paidToDeliveredMinutes: state === "delivered" ? (late ? 210 : 150) : null,
          priceCents: 1100 + (n % 5) * 100,
          shopperPriceCents: 1499,
          tipCents: n % 6 === 0 ? 300 : null,
        },
      });
      if (state === "expired" || n % 9 === 0) {
        await db.noDriverRaise.create({
          data: {
            shopId: row.id,
            shipmentId: id,
            courierShipmentId: String(990_000 + n),
            checkAt: start,
            amountCents: 200,
            extraCompensationCents: 200,
            raisedAt: start,
            sentAt: start,
          },
        });
      }
    }
  }
  // A month of checkout's rate requests, silent for the last two days; 2 % slower than 10 s.
  const firstHour = Math.floor((now - 30 * DAY) / HOUR) * HOUR;
  for (let h = 0; h < 28 * 24; h += 1) {
    const requests = 10 + (h % 7);
    await db.quoteFunnelHour.create({
      data: {
        shopDomain: SHOP,
        locationGid: location,
        hourStart: new Date(firstHour + h * HOUR),
        requests,
        ratedLive: 4,
        ratedCache: requests - 6,
        noneOutOfArea: 1,
        noneClosed: 1,
        msUpTo10: requests - 6,
        msUpTo25: 2,
        msUpTo500: h % 5 === 0 ? 3 : 4,
        msOver10000: h % 5 === 0 ? 1 : 0,
      },
    });
  }
  // A paid order today: checkout sells, yet asks for no rate.
  await db.webhookDelivery.create({
    data: { shopDomain: SHOP, webhookId: "e2e-paid-1", topic: "orders/paid", receivedAt: new Date(now - HOUR) },
  });
  // Today's 10:00 slot full (2 of 2), 14:00 half.
  const today = zonedDate(new Date(), LA);
  for (const [start, count] of [
    ["10:00", 2],
    ["14:00", 1],
  ] as const) {
    for (let place = 1; place <= count; place += 1) {
      const shipment = await db.shipment.create({
        data: {
          shopId: row.id,
          orderGid: `gid://shopify/Order/slot-${start}-${place}`,
          orderName: `#slot-${start}-${place}`,
          fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/slot-${start}-${place}`,
          locationGid: location,
          idempotencyKey: `e2e-slot-${start}-${place}`,
          state: "scheduled",
        },
      });
      await db.slotReservation.create({
        data: {
          shopDomain: SHOP,
          shipmentId: shipment.id,
          slotKey: slotKeyOf(location, "slots", today, start),
          slotWords: `Today ${start}`,
          capacity: 2,
          place,
          createdAt: new Date(),
        },
      });
    }
  }
  return standIn;
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  ensureProductionBuild();
  database = migratedTempDatabase("courier-e2e-insights-");
  db = createDb(database.url);
  served = await serveShopifyStandIn(await seed());
  const port = await freePort();
  const env = {
    ...testEnv(database.url),
    NODE_ENV: "production",
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    WORKER_ENABLED: "false",
    // No courier account is connected: the pages never call it (the worker that would check it is off).
    ...localCourierEnv("http://127.0.0.1:9"),
    ...served.proxyEnv(),
  };
  server = await startAppServer({ env, port });
  ({ browser, context } = await launchEmbeddedBrowser({ serverUrl: server.url, shop: SHOP, token }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) writeFileSync(path.join(SCREENSHOTS, "insights-server.log"), server.logs.join(""));
  await served?.close();
  await db?.$disconnect();
  database?.remove();
});

describe("insights", () => {
  it("shows the month's charts with their numbers, every figure against the month before, and the diagnosis", async () => {
    const page = await open("/app/insights?days=30");
    await page.getByRole("heading", { name: "Deliveries per day by outcome" }).waitFor();
    // The charts drew (polaris-viz renders SVG in the browser).
    await expect.poll(() => page.locator("svg").count()).toBeGreaterThan(1);
    const deliveredRow = page
      .locator("tbody tr")
      .filter({ has: page.getByText("Delivered", { exact: true }) })
      .first();
    await expect.poll(() => deliveredRow.textContent()).toContain(String(delivered));
    await page.getByText("Delivered inside the chosen window").waitFor();
    await page.getByText("Late: no driver in time").waitFor();
    await page.getByText("Deliveries saved per dollar raised").waitFor();
    await page.getByRole("heading", { name: "Checkout: rate requests and answers per day" }).waitFor();
    await page.getByText("Why is my rate not showing at checkout?").waitFor();
    await page.getByText("Orders arrive but Shopify has not asked for a rate in 24 hours").waitFor();
    await page.getByText("Answers are slow enough for Shopify to give up").waitFor();
    await page.getByText(/Lower the time budget in Settings › Prices and checkout/).waitFor();
    const budget = page.getByRole("link", { name: "Lower the time budget in Settings" });
    expect(await budget.getAttribute("href")).toMatch(/^\/app\/settings\/pricing/);
    await page.getByRole("heading", { name: "Slot capacity, today and the next 7 days" }).waitFor();
    expect(await page.getByText("Full", { exact: true }).count()).toBeGreaterThan(0);
    const csv = page.getByRole("link", { name: "CSV" }).first();
    expect(await csv.getAttribute("href")).toMatch(/^\/app\/insights\/export\?days=30&figure=outcomes$/);
    await shoot(page, "40-insights-30-days");
    await page.close();
  });

  it("the 7-day view", async () => {
    const page = await open("/app/insights?days=7");
    await page.getByRole("heading", { name: "Deliveries per day by outcome" }).waitFor();
    await page.getByText("Last 7 days").first().waitFor();
    await shoot(page, "41-insights-7-days");
    await page.close();
  });

  it("Home shows the slot capacity and the diagnosis banner", async () => {
    const page = await open("/app");
    await page.getByText("Why is my rate not showing at checkout?").waitFor();
    await page.getByRole("heading", { name: "Slot capacity, today and the next 7 days" }).waitFor();
    await page.getByText("Harbor Street: 2 per slot").waitFor();
    const todayRow = page.locator("tr", { hasText: "Delivery 10:00" }).first();
    await expect.poll(() => todayRow.textContent()).toMatch(/Today.*Delivery 10:0020.*Full/);
    await shoot(page, "42-home-capacity-and-diagnosis");
    await page.close();
  });

  it("logged no console error in the browser and no request error on the server", () => {
    expect(consoleErrors).toEqual([]);
    expect(server.logs.join("")).not.toMatch(/Unhandled request error|Error:/);
  });
});
