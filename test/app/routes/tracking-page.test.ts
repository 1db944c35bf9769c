/**
 * The shoppers' tracking page as a browser and Shopify's app proxy reach it: on the app's URL and
 * through the proxy (signed as Shopify signs it, verified by the library), with its status endpoint,
 * headers, expiry, rate limit and what redaction leaves of it.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { loader as proxyPage } from "~/routes/proxy.track.$token";
import { loader as proxyStatus } from "~/routes/proxy.track.$token_.status";
import { loader as appPage } from "~/routes/t.$token";
import { loader as appStatus } from "~/routes/t.$token_.status";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import {
  TRACKING_PAGE_REQUESTS_PER_MINUTE,
  TRACKING_TOKEN_REQUESTS_PER_MINUTE,
} from "~/server/tracking-page-http.server";
import { shopRedactPayload } from "../../fixtures/shopify-webhooks";
import { appProxyQuery } from "../../support/shopify-signing";
import { TEST_API_SECRET, TEST_APP_URL } from "../../support/test-env";
import { makeCollection, redactCustomer, seedTrackedShipment, type SeedOverrides } from "./tracked-shipment";
import { shopifyWebhook } from "./webhook-request";

const SHOP = "sunset-bakery.myshopify.com";
const OTHER_SHOP = "other-shop.myshopify.com";
const DAY_MS = 24 * 60 * 60 * 1000;

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

/** Each test its own client address, so the per-client limit of one test never reaches another. */
let clientCounter = 0;
let client = "";

async function call(loader: Loader, url: string, token: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers: { "X-Forwarded-For": client, ...headers } });
  try {
    return await loader({ request, params: { token }, context: { remoteAddress: client } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const onApp = (token: string, status = false) =>
  call(status ? appStatus : appPage, `${TEST_APP_URL}/t/${token}${status ? "/status" : ""}`, token);

type ProxyOptions = { status?: boolean; shop?: string; secret?: string; pathPrefix?: string };
function proxyUrl(token: string, options: ProxyOptions = {}) {
  const query = appProxyQuery({
    shop: options.shop ?? SHOP,
    secret: options.secret ?? TEST_API_SECRET,
    ...(options.pathPrefix ? { pathPrefix: options.pathPrefix } : {}),
  });
  return `${TEST_APP_URL}/proxy/track/${token}${options.status ? "/status" : ""}?${query}`;
}
const throughProxy = (token: string, options: ProxyOptions = {}) =>
  call(options.status ? proxyStatus : proxyPage, proxyUrl(token, options), token);

const PERSONAL = ["Gonzalez", "742 Evergreen", "94114", "5551234567", "Whitfield", "5559876543", "37.761234"];

/** A shop's own tile source: with none (and no app-wide one), the page shows "map unavailable" instead. */
const TILES = "https://tiles.example.com/{z}/{x}/{y}.png";
const seedShipment = (overrides: SeedOverrides = {}) => seedTrackedShipment({ shopDomain: SHOP, ...overrides });

beforeEach(async () => {
  client = `198.51.100.${++clientCounter}`;
  for (const table of ["courierEvent", "shipment", "pickupLocation", "shop", "webhookDelivery", "session"] as const) {
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
  }
});

describe("the page on the app's URL", () => {
  it("looks like the store: its logo (allowed by the image policy), accent, order number and contact", async () => {
    const { token, shipment } = await seedShipment();
    await db.shop.update({
      where: { id: shipment.shopId },
      data: {
        settingsJson: JSON.stringify({
          tracking: {
            logoUrl: "https://cdn.shopify.com/s/files/1/sunset-logo.png",
            accentColor: "#FDE68A",
            contactEmail: "hello@sunset.example",
          },
        }),
      },
    });
    await db.pickupLocation.updateMany({ data: { contactPhone: "+1 415 555 0100" } });
    const response = await onApp(token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<img class="logo" src="https://cdn.shopify.com/s/files/1/sunset-logo.png"');
    expect(html).toContain(":root{--accent:#fde68a;--on-accent:#0f172a}");
    expect(html).toContain("Order #1001");
    expect(response.headers.get("Content-Security-Policy")).toContain(
      `img-src ${TEST_APP_URL} https://cdn.shopify.com;`,
    );
    // Out for delivery: no more changes, and the store's phone, as text and a link, instead.
    expect(html).toContain("can no longer change");
    expect(html).toContain(
      '<li><span class="contact-label">Call the store</span><a href="tel:+14155550100">+1 415 555 0100</a></li>',
    );
    expect(html).not.toContain("Save notes");
  });

  it("marks a canceled delivery's last step as canceled, not as a completed one", async () => {
    const { token } = await seedShipment({ state: "canceled" });
    const html = await (await onApp(token)).text();
    expect(html).toContain('<li class="canceled"><span class="visually-hidden">Done: </span>Delivery canceled</li>');
    expect(html).toContain('<li class="done"><span class="visually-hidden">Done: </span>Order received</li>');
  });

  it("shows the store, the first name, the city, the step, the driver and the map, with strict headers", async () => {
    const { token, shipment } = await seedShipment();
    // The merchant shows the driver (off by default) and has a map tile source.
    await db.shop.update({
      where: { id: shipment.shopId },
      data: { settingsJson: JSON.stringify({ tracking: { showDriver: true, mapTileUrl: TILES } }) },
    });
    const response = await onApp(token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sunset Bakery");
    expect(html).toContain("Hi Maria, here is your delivery");
    expect(html).toContain("Delivering to San Francisco");
    expect(html).toContain("Your order is out for delivery");
    expect(html).toContain("Dana, driving a Blue Toyota Prius");
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toMatch(/<li class="current" aria-current="step">.*Out for delivery<\/li>/);

    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`img-src ${TEST_APP_URL}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("carries no street address, last name or phone of the shopper, nor the driver's last name or phone", async () => {
    const { token, shipment } = await seedShipment();
    const pages = [await (await onApp(token)).text(), await (await onApp(token, true)).text()];
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "delivered" } });
    pages.push(await (await onApp(token)).text(), await (await onApp(token, true)).text());
    for (const page of pages) for (const secret of PERSONAL) expect(page).not.toContain(secret);
  });

  it("shows the delivery photo through a signed file link once delivered, and stops polling", async () => {
    const { token } = await seedShipment({ state: "delivered" });
    const html = await (await onApp(token)).text();
    expect(html).toMatch(
      new RegExp(`<img src="${TEST_APP_URL}/api/files/[^/"]+/delivery\\?exp=\\d+&amp;sig=[A-Za-z0-9_-]{43}"`),
    );
    expect(html).toContain("Delivered");
    // No polling (no version to poll for); the script only sends the rating.
    expect(html).not.toMatch(/<main[^>]*data-version/);
    expect(html).toContain("How was your delivery?");
  });

  it("answers the status the page polls: its live part and a version that changes with what it shows", async () => {
    const { token, shipment } = await seedShipment();
    const answer = await onApp(token, true);
    expect(answer.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    const first = (await answer.json()) as { version: string; final: boolean; html: string };
    expect(first).toMatchObject({ final: false, html: expect.stringContaining("out for delivery") });
    const again = (await (await onApp(token, true)).json()) as { version: string };
    expect(again.version).toBe(first.version);
    await db.shipment.update({ where: { id: shipment.id }, data: { state: "delivered" } });
    const delivered = (await (await onApp(token, true)).json()) as { version: string; final: boolean; html: string };
    expect(delivered.version).not.toBe(first.version);
    expect(delivered).toMatchObject({ final: true, html: expect.stringContaining("/delivery?exp=") });
  });

  it.each([
    ["an unknown token", "AAAAAAAAAAAAAAAAAAAAAA"],
    ["a malformed token", "not-a-token"],
  ])("answers 404 with a page that says nothing for %s", async (_, token) => {
    await seedShipment();
    const response = await onApp(token);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("We could not find this delivery");
    expect(html).not.toContain("Sunset Bakery");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect((await onApp(token, true)).status).toBe(404);
  });

  it("keeps working for the shop's days after the final state, then answers 410 'this delivery has ended'", async () => {
    const recent = await seedShipment({ state: "delivered", lastEventAt: new Date(Date.now() - 29 * DAY_MS) });
    expect((await onApp(recent.token)).status).toBe(200);
    const old = await seedShipment({ state: "delivered", lastEventAt: new Date(Date.now() - 31 * DAY_MS) });
    const ended = await onApp(old.token);
    expect(ended.status).toBe(410);
    const html = await ended.text();
    expect(html).toContain("This delivery has ended");
    expect(html).not.toContain("Maria");
    expect((await onApp(old.token, true)).status).toBe(410);
    // A shorter setting ends the recent one too; a delivery still going never ends.
    await db.shop.update({
      where: { domain: SHOP },
      data: { settingsJson: JSON.stringify({ tracking: { companyName: "X", urlTemplate: null, pageDays: 7 } }) },
    });
    expect((await onApp(recent.token)).status).toBe(410);
    const going = await seedShipment({ state: "en_route", lastEventAt: new Date(Date.now() - 90 * DAY_MS) });
    expect((await onApp(going.token)).status).toBe(200);
  });

  it(`answers 429 to a client past ${TRACKING_PAGE_REQUESTS_PER_MINUTE} requests a minute, and not to another`, async () => {
    const { token } = await seedShipment();
    for (let i = 0; i < TRACKING_PAGE_REQUESTS_PER_MINUTE; i++)
      expect((await onApp(token, i % 2 === 0)).status).toBe(200);
    const refused = await onApp(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).not.toContain("Sunset Bakery");
    client = "198.51.100.250";
    expect((await onApp(token)).status).toBe(200);
  });

  it("does not lock a shopper out for 61 requests that name their address in X-Forwarded-For", async () => {
    const { token } = await seedShipment();
    const victim = client;
    client = "198.51.100.249"; // the attacker's connection
    for (let i = 0; i <= TRACKING_PAGE_REQUESTS_PER_MINUTE; i++)
      await call(appStatus, `${TEST_APP_URL}/t/${token}/status`, token, { "X-Forwarded-For": victim });
    client = victim;
    expect((await call(appPage, `${TEST_APP_URL}/t/${token}`, token, { "X-Forwarded-For": victim })).status).toBe(200);
  });

  it(`limits one delivery's token to ${TRACKING_TOKEN_REQUESTS_PER_MINUTE} requests a minute from any number of clients`, async () => {
    const { token } = await seedShipment();
    for (let i = 0; i < TRACKING_TOKEN_REQUESTS_PER_MINUTE; i++) {
      client = `10.${Math.floor(i / 200)}.0.${i % 200}`;
      expect((await onApp(token, true)).status).toBe(200);
    }
    client = "192.0.2.250";
    const refused = await onApp(token, true);
    expect(refused.status).toBe(429);
    const other = await seedShipment({
      orderGid: "gid://shopify/Order/424242",
      fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/424242",
    });
    expect((await onApp(other.token, true)).status).toBe(200);
  });
  it("takes a token's limit only for a delivery's token: a made-up one is 404 every time, however often", async () => {
    const madeUp = "Z".repeat(22);
    const statuses = new Set<number>();
    for (let i = 0; i <= TRACKING_TOKEN_REQUESTS_PER_MINUTE; i++) {
      client = `10.9.${Math.floor(i / 200)}.${i % 200}`;
      statuses.add((await onApp(madeUp, i % 2 === 0)).status);
    }
    expect([...statuses]).toEqual([404]);
  });
});

describe("the page through the app proxy", () => {
  it("serves a request signed as Shopify signs it, page and status", async () => {
    const { token } = await seedShipment();
    const page = await throughProxy(token);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your order is out for delivery");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const status = await throughProxy(token, { status: true });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { final: boolean }).final).toBe(false);
  });

  it("speaks the storefront's language from its folder when the shop publishes it, else the shop's primary one", async () => {
    const { token } = await seedShipment();
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "en,fr,es" } });
    const french = await (await throughProxy(token, { pathPrefix: "/fr/apps/courier-track" })).text();
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain("Votre commande est en cours de livraison");
    expect(french).not.toContain("out for delivery");
    const status = await throughProxy(token, { status: true, pathPrefix: "/es/apps/courier-track" });
    expect(((await status.json()) as { html: string }).html).toContain("Tu pedido está en reparto");
    // German is shipped but not published by this shop; the bare proxy path is the primary language.
    for (const pathPrefix of ["/de/apps/courier-track", "/apps/courier-track"])
      expect(await (await throughProxy(token, { pathPrefix })).text()).toContain('<html lang="en">');
    // A shop whose primary language is French speaks it on the app's own URL too.
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "fr,en" } });
    expect(await (await onApp(token)).text()).toContain('<html lang="fr">');
    // An unknown delivery says so in the storefront's language.
    const unknown = await throughProxy("A".repeat(22), { pathPrefix: "/es/apps/courier-track" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No encontramos esta entrega");
  });

  it.each([
    ["signed with another secret", (token: string) => proxyUrl(token, { secret: "not-the-app-secret" })],
    ["with a changed shop", (token: string) => proxyUrl(token).replace(`shop=${SHOP}`, `shop=${OTHER_SHOP}`)],
    ["with an added parameter", (token: string) => `${proxyUrl(token)}&extra=1`],
    ["without a signature", (token: string) => `${TEST_APP_URL}/proxy/track/${token}?shop=${SHOP}`],
  ])("answers 401 and discloses nothing to a request %s", async (_, url) => {
    const { token } = await seedShipment();
    for (const loader of [proxyPage, proxyStatus]) {
      const response = await call(loader, url(token), token);
      expect(response.status).toBe(401);
      const body = await response.text();
      for (const word of ["Sunset", "Maria", "San Francisco", "Dana", "delivery"]) expect(body).not.toContain(word);
    }
  });

  it("does not show a delivery of another shop on this shop's domain", async () => {
    const { token } = await seedShipment({ shopDomain: OTHER_SHOP });
    expect((await throughProxy(token)).status).toBe(404);
    expect((await throughProxy(token, { shop: OTHER_SHOP })).status).toBe(200);
  });
});

describe("redaction removes what the page shows", () => {
  it("customers/redact: the page is gone and the driver's and shopper's details are removed", async () => {
    const { token, shipment } = await seedShipment();
    expect((await redactCustomer(SHOP)).status).toBe(200);
    expect((await onApp(token)).status).toBe(404);
    const row = await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({
      trackingTokenHash: null,
      requestJson: null,
      photosJson: null,
      driverName: null,
      driverPhone: null,
      vehicleJson: null,
      lastLatitude: null,
      lastLongitude: null,
    });
  });

  it("shop/redact: the shop's pages are gone", async () => {
    const { token } = await seedShipment();
    const response = await shopRedact({
      request: shopifyWebhook({
        path: "/webhooks/shop/redact",
        topic: "shop/redact",
        shop: SHOP,
        payload: shopRedactPayload(SHOP),
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect((await onApp(token)).status).toBe(404);
  });
});

describe("a return's collection", () => {
  it("reads as a driver collecting the return, on the page and in its status, and offers no change panel", async () => {
    const { token, shipment } = await seedShipment({ state: "assigned" });
    await makeCollection(shipment.id);
    await db.shop.update({
      where: { id: shipment.shopId },
      data: { settingsJson: JSON.stringify({ tracking: { mapTileUrl: TILES } }) },
    });
    const page = await onApp(token);
    expect(page.status).toBe(200);
    // What the shopper reads: the live part of the page.
    const html = /<main[^>]*>([\s\S]*)<\/main>/.exec(await page.text())![1]!;
    expect(html).toContain("Hi Maria, here is your return collection");
    expect(html).toContain("A driver is on the way to collect your return");
    expect(html).toContain("Driver on the way to you");
    expect(html).toContain("Collection window");
    expect(html).toContain("Map showing the store, your area in San Francisco");
    expect(html).not.toMatch(/deliver|your order|out for/i);
    const status = await onApp(token, true);
    expect(JSON.stringify(await status.json())).toContain("A driver is on the way to collect your return");
  });

  it("the exchange's delivery leg of the same round trip stays a delivery", async () => {
    const { token, shipment } = await seedShipment({ state: "assigned" });
    await db.shipment.update({
      where: { id: shipment.id },
      data: { kind: "delivery", returnGid: "gid://shopify/Return/945000954", batchSequence: 1 },
    });
    const html = /<main[^>]*>([\s\S]*)<\/main>/.exec(await (await onApp(token)).text())![1]!;
    expect(html).toContain("A driver is on the way to the store");
    expect(html).toContain("Delivery window");
    expect(html).not.toMatch(/return|collect/i);
  });
});
