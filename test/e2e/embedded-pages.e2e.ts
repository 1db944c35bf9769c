/**
 * The embedded pages in a real browser (Debian's Chromium through playwright-core) against the real
 * production server (`node build/server/index.js`, started by test/support/app-server.ts): each
 * page is opened as the admin opens it, with a valid session token; the onboarding is clicked
 * through, settings are sections of their own, each saved through the contextual save bar (pickup
 * contact, lead time with the courier's advice, opening hours copied to all days and closed dates, with
 * inline errors), and the rates preview is asked. Any console error fails the
 * test. Screenshots: test-results/e2e/.
 *
 * Outside systems, all on 127.0.0.1: the courier sandbox (HTTP), the Shopify stand-in behind an
 * HTTPS proxy (the server reaches the shop's myshopify.com host through HTTPS_PROXY), and a local
 * stand-in for App Bridge's CDN script (test/e2e/app-bridge-stand-in.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { createDb, type Db } from "~/db/client.server";
import { isoDate, weekdayOf } from "~/schedule/opening-hours";
import { addDays, zonedDate, type CalendarDate } from "~/schedule/time-zone";
import { SETTINGS_SECTIONS } from "~/settings/settings-sections";
import { parseShopSettings } from "~/settings/shop-settings";
import { ALL_FEATURES } from "../courier-sandbox/model";
import { startCourierSandbox, type CourierSandbox } from "../courier-sandbox/server";
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
import { appBridgeStandInScript } from "./app-bridge-stand-in";
import {
  ensureProductionBuild,
  freePort,
  migratedTempDatabase,
  ROOT,
  startAppServer,
  type AppServer,
  type TempDatabase,
} from "../support/app-server";

const SHOP = "sunset-bakery.myshopify.com";
const COURIER_TOKEN = "e2e-courier-token-7Q4Z";
const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
const SCREENSHOTS = path.join(ROOT, "test-results", "e2e");
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
const SF = { city: "San Francisco", province: "California", provinceCode: "CA", countryCode: "US" };

let database: TempDatabase;
let db: Db;
let sandbox: CourierSandbox;
let standIn: ShopifyStandIn;
let served: ServedStandIn;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
const consoleErrors: string[] = [];
let shipmentId: string;
/** A Monday at least three days ahead in the shop's zone: the courier sandbox takes pickups then. */
const monday: CalendarDate = (() => {
  let day = addDays(zonedDate(new Date(), "America/Los_Angeles"), 3);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  return day;
})();

const host = Buffer.from(`admin.shopify.com/store/${SHOP.replace(".myshopify.com", "")}`).toString("base64");
// Real App Bridge refreshes its one-minute tokens; the stand-in gets one that outlives the test.
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
  // Hydrated: Remix has attached its router.
  await page.waitForFunction(() => "__remixRouter" in window);
  return page;
}

const shoot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

async function seed() {
  standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({
    myshopifyDomain: SHOP,
    name: "Sunset Bakery",
    ianaTimezone: "America/Los_Angeles",
    address: { address1: "1 Market St", zip: "94105", ...SF },
    locations: [{ name: "Market Street Bakery" }],
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
    data: { domain: SHOP, timezone: "America/Los_Angeles", webhookPathId: "e2e-webhook-path-0001" },
  });

  // One delivery already done, with its photos at the courier, for the shipments pages.
  const courier = createCourierClient({
    baseUrl: sandbox.url,
    token: COURIER_TOKEN,
    limiter: createInProcessRateLimiter(),
  });
  const order = addOrder(shop, {
    shippingAddress: {
      firstName: "Ada",
      lastName: "Buyer",
      address1: "500 Valencia St",
      zip: "94110",
      ...SF,
      countryCodeV2: "US",
    },
  });
  const now = new Date();
  const start = new Date(now.getTime() + 2 * 3600_000);
  const created = await courier.createShipment(
    createRequest(now, {
      reference_id: order.name,
      pickup_after: start.toISOString(),
      deliver_between: { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3600_000).toISOString() },
    }),
  );
  for (let i = 0; i < 9; i++) sandbox.advance(created.id);
  const remote = sandbox.shipment(created.id)!;
  const shipment = await db.shipment.create({
    data: {
      shopId: row.id,
      orderGid: order.id,
      orderName: order.name,
      fulfillmentOrderGid: order.fulfillmentOrders[0]!.id,
      locationGid: shop.locations[0]!.id,
      idempotencyKey: "e2e-1",
      courierShipmentId: String(created.id),
      trackingNumber: remote.trackingNumber,
      state: "delivered",
      priceCents: Math.round(remote.price * 100),
      quotedPriceCents: Math.round(remote.price * 100),
      deliverStart: start,
      deliverEnd: new Date(start.getTime() + 2 * 3600_000),
      driverName: remote.driver?.name ?? null,
      driverPhone: remote.driver?.phone ?? null,
      vehicleJson: JSON.stringify(remote.driver?.vehicle ?? null),
      signatoryName: remote.signatoryName ?? null,
      lastEventAt: now,
      photosJson: JSON.stringify(
        remote.images.map((kind) => `${sandbox.url}/v1/shipments/${created.id}/images/${kind}`),
      ),
    },
  });
  await db.shipmentActivity.create({
    data: {
      shipmentId: shipment.id,
      kind: "dispatched",
      message: `Courier shipment ${created.id} created (tracking ${remote.trackingNumber}).`,
    },
  });
  await db.courierEvent.create({
    data: {
      shopId: row.id,
      shipmentId: shipment.id,
      courierShipmentId: String(created.id),
      eventName: "shipment.delivery_confirmed",
      occurredAt: now,
      dedupeKey: "e2e-delivered",
      payloadJson: "{}",
      appliedAt: now,
      outcome: "en_route → delivered",
    },
  });
  shipmentId = shipment.id;
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  ensureProductionBuild();
  database = migratedTempDatabase("courier-e2e-");
  db = createDb(database.url);
  sandbox = await startCourierSandbox({ tokens: [COURIER_TOKEN], account: ALL_FEATURES });
  await seed();
  served = await serveShopifyStandIn(standIn);
  const port = await freePort();
  const env = {
    ...testEnv(database.url),
    NODE_ENV: "production",
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    WORKER_ENABLED: "false",
    ...localCourierEnv(sandbox.url),
    ...served.proxyEnv(),
  };
  server = await startAppServer({ env, port });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  // The library answers bots (isbot: "HeadlessChrome") with 410; the admin's iframe is a real browser.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(APP_BRIDGE_URL)) {
      return route.fulfill({
        contentType: "text/javascript",
        body: appBridgeStandInScript({ idToken: token(), apiKey: TEST_API_KEY, shop: SHOP }),
      });
    }
    if (url.startsWith(server.url) || url.startsWith("data:")) return route.continue();
    // Nothing else may leave the machine.
    return route.abort("blockedbyclient");
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  // Kept beside the screenshots: what the server said while the pages were used.
  if (server) writeFileSync(path.join(SCREENSHOTS, "server.log"), server.logs.join(""));
  await served?.close();
  await sandbox?.close();
  await db?.$disconnect();
  database?.remove();
});

describe("embedded pages in Chromium", () => {
  let webhookSecret = "";

  it("home: connects the courier, sets up the webhook and chooses the dispatch mode", async () => {
    const page = await open("/app");
    await expect.poll(() => page.getByText("0 of 5 steps done").isVisible()).toBe(true);
    await shoot(page, "01-home-new-install");

    // 1. Courier account: the token is tested with a real estimate before it is saved.
    await page.getByLabel("Access token").fill(COURIER_TOKEN);
    await page.getByRole("button", { name: "Save and test" }).click();
    await page.getByText(/^Courier account saved\. The courier accepted the token/).waitFor();

    // 4. Courier webhook: the secret is shown once, with a copy button.
    await page.getByLabel("How the courier authenticates").selectOption("x-api-key");
    await page.getByRole("button", { name: "Generate secret" }).click();
    const secret = page.getByLabel("Secret", { exact: true });
    await secret.waitFor();
    webhookSecret = await secret.inputValue();
    expect(webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.getByLabel("Webhook URL", { exact: true }).inputValue()).toBe(
      `${server.url}/courier/webhooks/e2e-webhook-path-0001`,
    );
    await page.getByRole("button", { name: "Copy webhook url" }).click();

    // 5. Dispatch mode.
    await page.getByText("None automatically: staff dispatch from the order page").click();
    await page.getByRole("button", { name: "Save dispatch mode" }).click();
    await page.getByText("Dispatch mode saved.").waitFor();

    await expect.poll(() => page.getByText("2 of 5 steps done").isVisible()).toBe(true);
    await shoot(page, "02-home-courier-webhook-dispatch");

    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop.courierTokenLast4).toBe("7Q4Z");
    expect(shop.webhookAuthMethod).toBe("x-api-key");
    expect(parseShopSettings(shop.settingsJson).dispatchMode).toBe("manual");
    await page.close();
  });

  it("settings: the index lists every section; a pickup location saved through the contextual save bar", async () => {
    const index = await open("/app/settings");
    for (const section of SETTINGS_SECTIONS) await index.getByRole("link", { name: section.title }).waitFor();
    await index.getByText("0 of 1 location enabled").waitFor();
    await shoot(index, "03a-settings-index");
    await index.getByRole("link", { name: "Pickup locations" }).click();
    await index.getByRole("heading", { name: "Pickup locations" }).first().waitFor();
    expect(new URL(index.url()).pathname).toBe("/app/settings/locations");
    await index.close();

    const page = await open("/app/settings/locations");
    await page.getByText("Market Street Bakery").first().waitFor();
    const saveBar = page.locator("ui-save-bar");
    await expect.poll(() => saveBar.isVisible()).toBe(false);

    await page.getByLabel("Market Street Bakery").first().check({ force: true });
    await page.getByLabel("Contact name").fill("Maria Lopez");
    await page.getByLabel("Contact phone").fill("555-12");
    await expect.poll(() => saveBar.isVisible()).toBe(true);
    await saveBar.getByRole("button", { name: "Save" }).click();
    // Refused on the server: the message sits beside the field, the edits stay.
    await page.getByText("Enter a US phone number with 10 digits, for example (415) 555-0132.").first().waitFor();
    await page.getByLabel("Contact phone").scrollIntoViewIfNeeded();
    await shoot(page, "03-settings-inline-error", false);

    await page.getByLabel("Contact phone").fill("(415) 555-0132");
    await saveBar.getByRole("button", { name: "Save" }).click();
    await page.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).waitFor();
    await expect.poll(() => saveBar.isVisible()).toBe(false);
    await shoot(page, "04-settings-saved");

    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP }, include: { pickupLocations: true } });
    expect(shop.pickupLocations.map((p) => [p.name, p.enabled, p.contactName, p.contactPhone])).toEqual([
      ["Market Street Bakery", true, "Maria Lopez", "(415) 555-0132"],
    ]);
    expect(JSON.parse(shop.pickupLocations[0]!.addressJson)).toMatchObject({
      address1: "1 Market St",
      provinceCode: "CA",
    });
    await page.close();
  });

  it("settings: a lead time under the courier's advice is warned about, saved, and flagged on the index", async () => {
    const page = await open("/app/settings/windows");
    const saveBar = page.locator("ui-save-bar");
    const warning = page.getByText(/^A lead time of 45 minutes is under the 60 the courier recommends/);
    await page.getByLabel("Lead time before pickup (minutes)").fill("45");
    await warning.waitFor();
    await saveBar.getByRole("button", { name: "Save" }).click();
    await page.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).waitFor();
    await expect.poll(() => saveBar.isVisible()).toBe(false);
    await warning.scrollIntoViewIfNeeded();
    await shoot(page, "04b-settings-lead-time-warning", false);
    const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP }, include: { pickupLocations: true } });
    expect(parseShopSettings(shop.settingsJson).leadTimeMinutes).toBe(45);
    // The windows' save posted nothing of the pickup locations.
    expect(shop.pickupLocations.map((p) => p.contactName)).toEqual(["Maria Lopez"]);
    await page.close();
    const index = await open("/app/settings");
    await index.getByText("1 warning").waitFor();
    await index.close();
  });

  it("home: registers the carrier service, adds it to the shipping profile, and sees the first courier update", async () => {
    const page = await open("/app");
    await expect.poll(() => page.getByText("3 of 5 steps done").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Register with Shopify" }).click();
    await page
      .getByText("Same-day delivery is registered. Add it to your shipping profiles so shoppers see it.")
      .waitFor();
    await page
      .getByText(/^In Settings › Shipping and delivery, open the "General Profile" profile/)
      .first()
      .waitFor();
    await shoot(page, "05-home-carrier-registered");
    await page.getByRole("button", { name: "Add to shipping profiles" }).click();
    await page.getByText("Same-day delivery was added to your shipping profiles.").waitFor();
    await expect.poll(() => page.getByText("4 of 5 steps done").isVisible()).toBe(true);
    expect(standIn.shop(SHOP).carrierServices.map((s) => s.name)).toEqual(["Same-day delivery"]);
    expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).carrierServiceId).toMatch(
      /^gid:\/\/shopify\/DeliveryCarrierService\//,
    );

    // The courier's operator configured the URL and secret: its first event arrives.
    const event = await fetch(`${server.url}/courier/webhooks/e2e-webhook-path-0001`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-api-key": webhookSecret },
      body: JSON.stringify({
        event: "shipment.driver_assigned",
        data: { id: 1, occurred_at: new Date().toISOString() },
      }),
    });
    expect(event.status).toBe(200);
    await page.close();
    const reloaded = await open("/app");
    // Setup done: Home is today's board, the setup guide collapsed out of the way.
    await expect.poll(() => reloaded.getByText("All 5 steps done").isVisible()).toBe(true);
    await reloaded.getByRole("heading", { name: "Today", exact: true }).waitFor();
    await reloaded.getByText("Waiting for a driver").first().waitFor();
    expect(await reloaded.getByRole("button", { name: "Save dispatch mode" }).isVisible()).toBe(false);
    await shoot(reloaded, "06-home-today-board");
    await reloaded.getByRole("button", { name: "Show setup" }).click();
    await reloaded.getByRole("button", { name: "Save dispatch mode" }).waitFor();
    await reloaded.close();
  });

  it("shipments: the list and a delivery with its photos fetched through the app", async () => {
    const list = await open("/app/shipments");
    const shipment = await db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
    await list.getByRole("link", { name: shipment.orderName }).first().waitFor();
    await shoot(list, "07-shipments-list");
    await list.close();

    const page = await open(`/app/shipments/${shipmentId}`);
    await page.getByRole("heading", { name: `Delivery for ${shipment.orderName}` }).waitFor();
    await page.getByText("Timeline").waitFor();
    const images = page.locator("img");
    // Three images, each loaded (a counted <img> may still be fetching: wait for the pixels themselves).
    const loaded = () =>
      images.evaluateAll((elements) =>
        elements.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      );
    await expect.poll(loaded).toEqual([true, true, true]);
    const sources = await images.evaluateAll((elements) => elements.map((img) => (img as HTMLImageElement).src));
    expect(sources.every((src) => src.startsWith(`${server.url}/api/files/${shipmentId}/`))).toBe(true);
    expect(sources.join(" ")).not.toContain(COURIER_TOKEN);
    await page.getByRole("button", { name: "Send tip" }).waitFor();
    await shoot(page, "08-shipment-detail");

    await page.getByLabel("Amount").fill("6");
    await page.getByRole("button", { name: "Send tip" }).click();
    await page.getByText("Staff tipped the driver $6.00.").waitFor();
    expect(sandbox.shipment(shipment.courierShipmentId!)!.tip).toBe(6);
    // One timeline: the tip once, with who sent it; no separate staff actions card.
    const tipEntry = page
      .locator("div")
      .filter({ has: page.getByText("Staff tipped the driver $6.00.") })
      .filter({ has: page.getByText(/^By /) })
      .last();
    await tipEntry.waitFor();
    expect(await page.getByText("Staff tipped the driver $6.00.").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Staff actions" }).count()).toBe(0);
    await shoot(page, "08b-shipment-timeline-one-list");
    await page.close();
  });

  it("settings: opening hours (a split day, a closed day, closed dates, an inline error) and the rates preview", async () => {
    const page = await open("/app/settings/hours");
    const saveBar = page.locator("ui-save-bar");
    await page.getByRole("button", { name: "Set opening hours of Market Street Bakery" }).click();
    // Saturday 10:00–16:00 copied to every day, then the days set one by one.
    await page.getByLabel("Saturday opens (span 1)").selectOption("10:00");
    await page.getByLabel("Saturday closes (span 1)").selectOption("16:00");
    await page.getByRole("button", { name: "Copy Saturday's hours to all days" }).click();
    expect(await page.getByLabel("Wednesday opens (span 1)").inputValue()).toBe("10:00");
    expect(await page.getByLabel("Sunday closes (span 1)").inputValue()).toBe("16:00");
    await page.getByLabel("Open on Wednesday").uncheck({ force: true });
    await page.getByLabel("Open on Wednesday").check({ force: true });
    await page.getByRole("button", { name: "Copy Wednesday's hours to all days" }).click();
    expect(await page.getByLabel("Saturday opens (span 1)").inputValue()).toBe("09:00");
    // Monday split for lunch; Sunday closed.
    await page.getByLabel("Monday closes (span 1)").selectOption("12:00");
    await page.getByRole("button", { name: "Add hours on Monday" }).click();
    expect(await page.getByLabel("Monday opens (span 2)").inputValue()).toBe("13:00");
    await page.getByLabel("Open on Sunday").uncheck({ force: true });
    await page.getByLabel("Deliveries per slot at most").fill("5");
    await page.getByRole("button", { name: "Add closed dates" }).click();
    await page.getByLabel("Closed from (date 1)").fill(isoDate(addDays(monday, 7)));
    await page.getByLabel("Reason (date 1)").fill("Inventory day");
    await page.getByRole("button", { name: "Add closed dates" }).click();
    await page.getByLabel("Closed from (date 2)").fill(isoDate(addDays(monday, 14)));
    await page.getByLabel("Closed until (date 2)").fill(isoDate(addDays(monday, 60)));
    await page.getByLabel("Reason (date 2)").fill("Renovation");
    // A Tuesday that ends before it starts: refused, the message beside the field.
    await page.getByLabel("Tuesday closes (span 1)").selectOption("08:00");
    await saveBar.getByRole("button", { name: "Save" }).click();
    const tuesday = page.getByLabel("Tuesday closes (span 1)");
    await expect.poll(() => tuesday.getAttribute("aria-invalid")).toBe("true");
    // The message is the field's own description (Polaris' inline error beside it).
    const described = (await tuesday.getAttribute("aria-describedby"))!.split(" ");
    const descriptions = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(descriptions).toContain("The end must be after the start");
    await tuesday.scrollIntoViewIfNeeded();
    await shoot(page, "09-settings-hours-inline-error", false);

    await page.getByLabel("Tuesday closes (span 1)").selectOption("17:00");
    await saveBar.getByRole("button", { name: "Save" }).click();
    await page.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).last().waitFor();
    await expect.poll(() => saveBar.isVisible()).toBe(false);
    await page.getByText("Opening hours", { exact: true }).first().scrollIntoViewIfNeeded();
    await shoot(page, "10-settings-hours-saved");
    await page.close();
    const [saved] = parseShopSettings(
      (await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson,
    ).openingHours;
    expect(saved).toMatchObject({
      weekly: [
        [],
        [
          { start: "09:00", end: "12:00" },
          { start: "13:00", end: "17:00" },
        ],
        [{ start: "09:00", end: "17:00" }],
        ...Array.from({ length: 4 }, () => [{ start: "09:00", end: "17:00" }]),
      ],
      closedDates: [
        { from: isoDate(addDays(monday, 7)), to: isoDate(addDays(monday, 7)), reason: "Inventory day" },
        { from: isoDate(addDays(monday, 14)), to: isoDate(addDays(monday, 60)), reason: "Renovation" },
      ],
      preparationMinutes: 0,
      slotCapacity: 5,
    });

    // The preview: it starts now; then a Monday morning, priced by the courier sandbox.
    const preview = await open("/app/settings/preview");
    expect(await preview.getByLabel("Date", { exact: true }).inputValue()).toBe(
      isoDate(zonedDate(new Date(), "America/Los_Angeles")),
    );
    expect(await preview.getByLabel("Time", { exact: true }).inputValue()).toMatch(/^\d\d:\d\d$/);
    await preview.getByLabel("Shopper's street").fill("500 Valencia St");
    await preview.getByLabel("Shopper's city").fill("San Francisco");
    await preview.getByLabel("Shopper's state").fill("CA");
    await preview.getByLabel("Shopper's ZIP code").fill("94110");
    await preview.getByLabel("Date", { exact: true }).fill(isoDate(monday));
    await preview.getByLabel("Time", { exact: true }).fill("10:01");
    await preview.getByRole("button", { name: "Preview rates" }).click();
    const rates = preview.getByRole("list", { name: "Previewed rates" }).getByRole("listitem");
    await expect.poll(() => rates.count()).toBe(3);
    expect(await rates.allInnerTexts()).toEqual([
      // Named for what each delivers: three hours from 10:01 (rounded down to 5 minutes), not from the pickup.
      expect.stringMatching(
        /^Within 3 hours, by 1 pm — delivery Today, 10:50 am–1 pm, pickup from Mon, .*10:50 am — \$\d+\.\d\d$/,
      ),
      expect.stringMatching(
        /^Today by 8 pm — delivery Today, 10:50 am–8 pm, pickup from Mon, .*10:50 am — \$\d+\.\d\d$/,
      ),
      expect.stringMatching(
        /^Tomorrow, 9 am–noon — delivery Tomorrow, 9 am–noon, pickup from Tue, .* 9 am — \$\d+\.\d\d$/,
      ),
    ]);
    await rates.last().scrollIntoViewIfNeeded();
    await shoot(preview, "11-settings-preview-rates", false);

    // During the renovation nothing is offered, and the preview says why.
    await preview.getByLabel("Date", { exact: true }).fill(isoDate(addDays(monday, 20)));
    await preview.getByRole("button", { name: "Preview rates" }).click();
    const why = preview.getByText(
      /The location is closed from .* \(Renovation\)\. It does not open in the next 35 days\./,
    );
    await why.waitFor();
    await why.scrollIntoViewIfNeeded();
    await shoot(preview, "12-settings-preview-closed", false);
    await preview.close();
  });

  it("settings: a delivery area per location and a window's own price beside the window", async () => {
    const areas = await open("/app/settings/areas");
    const areasSaveBar = areas.locator("ui-save-bar");
    await areas.getByLabel("Deliver within (miles)").fill("8");
    await areas.getByLabel("Only these ZIP codes").fill("941 94601");
    await shoot(areas, "13-settings-delivery-area", false);
    await areasSaveBar.getByRole("button", { name: "Save" }).click();
    await areas.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).last().waitFor();
    await expect.poll(() => areasSaveBar.isVisible()).toBe(false);
    await areas.close();

    const page = await open("/app/settings/windows");
    const saveBar = page.locator("ui-save-bar");
    await page.getByLabel("Shoppers pay").first().selectOption("flat");
    await page.getByLabel("Flat price").first().fill("7.99");
    await page.getByLabel("Surcharge for this window").first().fill("1.50");
    await page.getByLabel("Flat price").first().scrollIntoViewIfNeeded();
    await shoot(page, "14-settings-window-price", false);
    await saveBar.getByRole("button", { name: "Save" }).click();
    await page.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).last().waitFor();
    await expect.poll(() => saveBar.isVisible()).toBe(false);
    const settings = parseShopSettings((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson);
    expect(settings.deliveryAreas).toEqual([
      {
        locationGid: expect.stringMatching(/^gid:\/\/shopify\/Location\//),
        radiusMiles: 8,
        zipCodes: ["941", "94601"],
      },
    ]);
    expect(settings.deliveryWindows[0]!.price).toEqual({
      mode: "flat",
      flatCents: 799,
      tiers: [],
      surchargeCents: 150,
      offerWhileCourierAtMostCents: null,
    });
    await page.close();
  });

  it("settings: times chosen from lists, money in dollars, checkout's wait in seconds; no codes or units of the app's own", async () => {
    // Nothing on any section asks for milliseconds, cents, an id or a typed "HH:MM".
    for (const section of SETTINGS_SECTIONS) {
      const other = await open(`/app/settings/${section.id}`);
      await other.getByRole("heading", { name: section.title }).first().waitFor();
      const words = await other.locator("body").innerText();
      expect(words, section.id).not.toMatch(/\(ms\)|\bCents\b|HH:MM|comma-separated|^Id$/m);
      await other.close();
    }
    const page = await open("/app/settings/windows");
    const saveBar = page.locator("ui-save-bar");
    await page.getByRole("button", { name: "Add a window" }).waitFor();

    await page.getByLabel("Delivered by", { exact: true }).selectOption("19:30");
    await page.getByLabel("Order cutoff", { exact: true }).selectOption("16:45");
    expect(await page.getByLabel("Delivered by", { exact: true }).locator("option:checked").innerText()).toBe(
      "7:30 pm",
    );
    await page.getByRole("button", { name: "Add a window" }).click();
    await page.getByLabel("Kind").last().selectOption("slots");
    await page.getByLabel("Slot start 1", { exact: true }).selectOption("09:30");
    await page.getByRole("button", { name: "Add a start time" }).click();
    await page.getByLabel("Slot start 3", { exact: true }).selectOption("16:00");
    await page.getByLabel("Slot start 3", { exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, "16-settings-window-times", false);
    await saveBar.getByRole("button", { name: "Save" }).click();
    await page.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).last().waitFor();
    await expect.poll(() => saveBar.isVisible()).toBe(false);
    await page.close();

    const pricing = await open("/app/settings/pricing");
    const pricingSaveBar = pricing.locator("ui-save-bar");
    const wait = pricing.getByLabel("Checkout waits for the courier at most");
    await wait.selectOption("1500");
    await pricing.getByLabel("Flag a delivery priced above the quote by").selectOption("cents");
    await pricing.getByLabel("Tolerance", { exact: true }).fill("2.50");
    await wait.scrollIntoViewIfNeeded();
    await shoot(pricing, "17-settings-checkout-seconds-dollars", false);

    await pricingSaveBar.getByRole("button", { name: "Save" }).click();
    await pricing.locator(".app-bridge-stand-in-toast", { hasText: "Settings saved." }).last().waitFor();
    await expect.poll(() => pricingSaveBar.isVisible()).toBe(false);
    const settings = parseShopSettings((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).settingsJson);
    expect(settings.deliveryWindows.find((w) => w.kind === "today_by")).toMatchObject({
      deliverBy: "19:30",
      orderCutoff: "16:45",
    });
    expect(settings.deliveryWindows.at(-1)).toMatchObject({ kind: "slots", startTimes: ["09:30", "14:00", "16:00"] });
    expect(settings.timeBudgetMs).toBe(1500);
    expect(settings.priceTolerance).toEqual({ unit: "cents", amount: 250 });
    await pricing.close();
  });

  it("home on a Basic-plan shop: Shopify refuses calculated rates, and Home guides Shopify Local Delivery", async () => {
    const shop = standIn.shop(SHOP);
    shop.carrierCalculatedShipping = null;
    shop.plan = { displayName: "Basic", partnerDevelopment: false, shopifyPlus: false };
    await db.shop.update({ where: { domain: SHOP }, data: { plan: "Basic", carrierServiceId: null } });
    const page = await open("/app");
    await page.getByText("Your plan may not show the app's rates").first().waitFor();
    await page.getByRole("button", { name: "Register with Shopify" }).click();
    await page
      .getByText(/Advanced Shopify and Shopify Plus/)
      .first()
      .waitFor();
    await page.close();
    const reloaded = await open("/app");
    await reloaded.getByText("Your plan cannot show the app's rates").first().waitFor();
    await reloaded
      .getByText(/^Shopify refused calculated rates on Basic\./)
      .first()
      .waitFor();
    await reloaded.getByRole("heading", { name: "Deliver with Shopify Local Delivery" }).waitFor();
    await reloaded.getByRole("link", { name: "Open Local delivery in Shopify" }).waitFor();
    await reloaded.getByText("Place a test order with local delivery").first().waitFor();
    await shoot(reloaded, "15-home-basic-plan-local-delivery");
    expect((await db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).carrierServiceRefusedAt).toBeInstanceOf(Date);
    await reloaded.close();
  });

  it("logged no console error in the browser and no request error on the server", () => {
    expect(consoleErrors).toEqual([]);
    expect(server.logs.join("")).not.toMatch(/Unhandled request error|Error:/);
  });
});
