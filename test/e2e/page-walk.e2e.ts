/**
 * Every admin page at a desktop (1280 px) and a phone (390 px) width, against a shop with deliveries,
 * a return's collection, an exchange's round trip, an attention item and a data request: each page
 * must show no raw identifier (a `gid://`, a courier batch `rt-…`, a snake_case state or code, a
 * "Staff member <digits>", a time in UTC where the shop's zone applies), no settings page may be
 * taller than 4,000 px at 1280, and no console error may occur. Each page's height is printed, and
 * a full-page screenshot of each is saved (PNG) in E2E_SCREENSHOTS, else test-results/e2e/page-walk.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { SETTINGS_SECTIONS } from "~/settings/settings-sections";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import { recipientColumns } from "~/shipments/recipient";
import { cancellationInWords } from "~/tracking/reason-words";
import { createRequest } from "../courier-sandbox/testing";
import { ROOT } from "../support/app-server";
import { TEST_ENCRYPTION_KEY } from "../support/test-env";
import { startEmbeddedApp, type EmbeddedApp } from "./embedded-app";

const SHOP = "walk-bakery.myshopify.com";
const COURIER_TOKEN = "e2e-walk-courier-token-W41K";
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.join(ROOT, "test-results", "e2e", "page-walk");
const WIDTHS = [1280, 390] as const;
const MAX_SETTINGS_HEIGHT_PX = 4_000;
const SF = { city: "San Francisco", province: "California", provinceCode: "CA", countryCode: "US" };

/** Text staff must never read: identifiers and codes of the app, the courier or Shopify. */
const RAW_WORDS: [string, RegExp][] = [
  ["a Shopify gid", /gid:\/\//],
  ["a courier batch reference", /\brt-\d/],
  ["a snake_case state or code", /\b[a-z]+(?:_[a-z]+)+\b/],
  ["a staff member by user id", /Staff member \d+|\(staff \d+\)/],
  ["a time in UTC", /\bUTC\b/],
];

/** What staff read on a page, less what legitimately looks like a code: URLs, emails, {placeholders}. */
function visibleWords(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, "")
    .replace(/\S+@\S+/g, "")
    .replace(/\{[a-z_]+\}/g, "");
}

let app: EmbeddedApp;
const ids: Record<string, string> = {};
const heights: string[] = [];

async function seed({ db, standIn, sandbox }: Parameters<Parameters<typeof startEmbeddedApp>[0]["seed"]>[0]) {
  const shop = standIn.addShop({
    myshopifyDomain: SHOP,
    name: "Walk Bakery",
    ianaTimezone: "America/Los_Angeles",
    address: { address1: "1 Market St", zip: "94105", ...SF },
    locations: [{ name: "Market Street Bakery" }, { name: "Mission Kitchen" }],
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
  const [market, mission] = shop.locations.map((l) => l.id) as [string, string];
  const keys = { currentKeyId: "test1", keys: new Map([["test1", Buffer.from(TEST_ENCRYPTION_KEY, "base64")]]) };
  const week = (start: string, end: string) => Array.from({ length: 7 }, () => [{ start, end }]);
  const row = await db.shop.create({
    data: {
      domain: SHOP,
      name: "Walk Bakery",
      timezone: "America/Los_Angeles",
      webhookPathId: "e2e-walk-webhook-path",
      // The demo's shop: a lead time under the courier's advice, hours at one location.
      settingsJson: JSON.stringify({
        leadTimeMinutes: 5,
        openingHours: [
          {
            locationGid: market,
            weekly: week("08:00", "18:00"),
            closedDates: [],
            preparationMinutes: 15,
            slotCapacity: null,
          },
        ],
      }),
      pickupLocations: {
        create: [market, mission].map((locationGid, i) => ({
          locationGid,
          name: i === 0 ? "Market Street Bakery" : "Mission Kitchen",
          addressJson: JSON.stringify({ address1: "1 Market St", zip: "94105", ...SF }),
          enabled: true,
          contactName: "Maria Lopez",
          contactPhone: "(415) 555-0132",
        })),
      },
    },
  });
  await saveCourierToken({ db, keys }, SHOP, { token: COURIER_TOKEN, environment: "sandbox", baseUrl: sandbox.url });
  await seedShipments(db, row.id, market);
  await db.dataRequest.create({
    data: {
      shopDomain: SHOP,
      customerGid: "gid://shopify/Customer/191167",
      reportJson: JSON.stringify({ shipments: [{ order: "#1001" }] }),
    },
  });
}

async function seedShipments(db: Db, shopId: string, locationGid: string) {
  const now = new Date();
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const customer = (name: string, phone: string, street1: string) => ({
    address: { street1, city: "San Francisco", state: "CA" as const, zip: "94110" },
    contact: { name, phone },
  });
  const dana = customer("Dana Whitfield", "5551700034", "500 Valencia St");
  const omar = customer("Omar Reyes", "+1 415 555 0188", "77 Dolores St");
  let n = 0;
  const shipment = (
    orderName: string,
    state: string,
    extra: { kind?: string; batch?: string; sequence?: number; who: ReturnType<typeof customer> } & Record<
      string,
      unknown
    >,
  ) => {
    n += 1;
    const { kind = "delivery", batch = null, sequence = null, who, ...rest } = extra;
    const requestJson = JSON.stringify(
      createRequest(now, {
        reference_id: orderName,
        pickup_after: at(60 * n).toISOString(),
        deliver_between: { start: at(60 * n).toISOString(), end: at(60 * n + 90).toISOString() },
        ...(kind === "return_pickup" ? { pickup_location: who } : { delivery_location: who }),
      }),
    );
    return db.shipment.create({
      data: {
        shopId,
        orderGid: `gid://shopify/Order/${orderName.slice(1)}`,
        orderName,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${9000 + n}`,
        locationGid,
        idempotencyKey: `walk-${n}`,
        courierShipmentId: String(4100 + n),
        trackingNumber: `WALK${4100 + n}`,
        state,
        priceCents: 3697,
        shopperPriceCents: 1299,
        pickupAfter: at(60 * n),
        deliverStart: at(60 * n),
        deliverEnd: at(60 * n + 90),
        kind,
        batchReferenceId: batch,
        batchSequence: sequence,
        requestJson,
        ...recipientColumns(requestJson, kind),
        ...rest,
      },
    });
  };
  const delivered = await shipment("#1001", "delivered", {
    who: dana,
    driverName: "Sam Driver",
    driverPhone: "5551700034",
    lastLatitude: 36.55,
    lastLongitude: -120,
    lastTrackingEventAt: now,
    etaAt: at(30),
    lastEventAt: now,
  });
  await db.courierEvent.createMany({
    data: [
      ["shipment.en_route_to_delivery", "assigned → en_route"],
      ["shipment.tracking_updated", "No state change from en_route"],
      ["shipment.delivery_confirmed", "en_route → delivered"],
    ].map(([eventName, outcome], i) => ({
      shopId,
      shipmentId: delivered.id,
      courierShipmentId: delivered.courierShipmentId,
      eventName: eventName!,
      occurredAt: at(-30 + i),
      dedupeKey: `walk-event-${i}`,
      payloadJson: "{}",
      appliedAt: at(-30 + i),
      outcome: outcome!,
    })),
  });
  await db.staffAction.create({
    data: {
      shopId,
      shipmentId: delivered.id,
      action: "tip",
      detail: "Tipped the driver $4.25.",
      staffUserId: "42",
      staffName: null,
      createdAt: at(-10),
    },
  });
  // Taken after the app asked Shopify for staff names (online tokens): recorded with the name.
  await db.staffAction.create({
    data: {
      shopId,
      shipmentId: delivered.id,
      action: "rating",
      detail: "Rated the driver 5 out of 5.",
      staffUserId: "43",
      staffName: "Dana Staffer",
      createdAt: at(-9),
    },
  });
  const collection = await shipment("#1002", "scheduled", {
    kind: "return_pickup",
    who: omar,
    returnGid: "gid://shopify/Return/1091",
  });
  const newItems = await shipment("#1003", "assigned", {
    batch: "rt-1092-1",
    sequence: 1,
    who: omar,
    returnGid: "gid://shopify/Return/1092",
  });
  const returned = await shipment("#1003", "scheduled", {
    kind: "return_pickup",
    batch: "rt-1092-1",
    sequence: 2,
    who: omar,
    returnGid: "gid://shopify/Return/1092",
  });
  // Written before the wording said the leg's place instead of the batch.
  await db.shipmentActivity.create({
    data: {
      shipmentId: returned.id,
      kind: "return_booked",
      message: "Return collection: courier shipment 4104 created (tracking WALK4104), round trip rt-1092-1 leg 2.",
    },
  });
  const canceled = await shipment("#1004", "canceled", {
    who: dana,
    needsAttention: true,
    attentionReason: `The courier canceled the delivery: ${cancellationInWords("driver_canceled", "The driver canceled (flat tire).")}.`,
    attentionCode: "courier_canceled",
    etaAt: at(20),
  });
  Object.assign(ids, {
    delivered: delivered.id,
    collection: collection.id,
    newItems: newItems.id,
    returned: returned.id,
    canceled: canceled.id,
  });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  app = await startEmbeddedApp({ shop: SHOP, courierToken: COURIER_TOKEN, seed });
});

afterAll(async () => {
  if (heights.length) console.log(`Page heights (px):\n${heights.join("\n")}`);
  // Kept beside the screenshots: what the server said while the pages were walked.
  if (app) writeFileSync(path.join(SCREENSHOTS, "server.log"), app.server.logs.join(""));
  await app?.close();
});

const PAGES = () => [
  ["home", "/app"],
  ["attention", "/app/attention"],
  ["deliveries", "/app/shipments?sort=pickup_asc"],
  ["deliveries-exchanges", "/app/shipments?kind=exchange"],
  ["deliveries-search-dana", "/app/shipments?q=dana"],
  ["delivery-delivered", `/app/shipments/${ids.delivered}`],
  ["delivery-canceled", `/app/shipments/${ids.canceled}`],
  ["return-collection", `/app/shipments/${ids.collection}`],
  ["exchange-new-items", `/app/shipments/${ids.newItems}`],
  ["exchange-returned-items", `/app/shipments/${ids.returned}`],
  ["insights", "/app/insights"],
  ["data-requests", "/app/data-requests"],
  ["settings", "/app/settings"],
  ...SETTINGS_SECTIONS.map((section) => [`settings-${section.id}`, `/app/settings/${section.id}`]),
];

describe("every admin page at 1280 and 390 px", () => {
  for (const width of WIDTHS) {
    it(`shows no raw identifier at ${width} px; settings pages fit in ${MAX_SETTINGS_HEIGHT_PX} px at 1280`, async () => {
      const problems: string[] = [];
      for (const [name, pathname] of PAGES()) {
        const page = await app.open(pathname!, width).catch((error: Error) => {
          problems.push(`${name} @${width}: ${error.message}`);
          return null;
        });
        if (!page) continue;
        const text = visibleWords(await page.locator("body").innerText());
        for (const [what, pattern] of RAW_WORDS) {
          const found = pattern.exec(text);
          if (found) problems.push(`${name} @${width}: ${what}: "${found[0]}"`);
        }
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        heights.push(`${name} @${width}: ${height}`);
        if (width === 1280 && name!.startsWith("settings") && height > MAX_SETTINGS_HEIGHT_PX)
          problems.push(`${name} @${width}: ${height} px tall`);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
        await page.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it("shows the customer, the legs and the staff's wording where staff look", async () => {
    const list = await app.open("/app/shipments?sort=pickup_asc", 1280);
    for (const words of [
      "Dana Whitfield",
      "(555) 170-0034",
      "Return collection",
      "Exchange: new items to the customer",
      // The round trip is one entry over its legs; the return collection names its order's delivery.
      "#1003 · Exchange: one round trip, 2 legs",
      "Leg 2: Exchange: returned items from the customer",
    ])
      await list.getByText(words).first().waitFor();
    await list.close();
    const delivered = await app.open(`/app/shipments/${ids.delivered}`, 1280);
    await delivered.getByRole("heading", { name: "Delivery for #1001" }).waitFor();
    await delivered.getByText("500 Valencia St, San Francisco, CA 94110").waitFor();
    await delivered.getByText("No change: still Out for delivery").waitFor();
    await delivered.getByText(/^Seen Today, .* \(map\)$/).waitFor();
    const body = await delivered.locator("body").innerText();
    expect(body).not.toMatch(/36\.55|Expected/);
    expect(body).toContain("$36.97 USD");
    // Who acted: the name Shopify gave with the action, else "A staff member" (an older action).
    expect(body).toContain("Dana Staffer");
    expect(body).toContain("A staff member");
    await delivered.close();
    const leg = await app.open(`/app/shipments/${ids.returned}`, 1280);
    await leg.getByRole("heading", { name: "Exchange for #1003: returned items from the customer" }).waitFor();
    await leg.getByText("Exchange: one round trip, 2 legs with one driver").waitFor();
    await leg.getByText(/leg 2 of the exchange's round trip/).waitFor();
    await leg.close();
    const index = await app.open("/app/settings", 1280);
    await index.getByText("1 warning").waitFor();
    await index.close();
  });

  it("logged no console error in the browser", () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
