/**
 * The tracking page's map tile source of a shop: with none (and no app-wide provider, which these
 * tests leave unset) the page says the map is unavailable, and when the merchant sets one, its tiles under the map and that one host, no other,
 * added to the page's image policy; the poll's answer draws the same tiles.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { loader as appPage } from "~/routes/t.$token";
import { loader as appStatus } from "~/routes/t.$token_.status";
import { TEST_APP_URL } from "../../support/test-env";
import { seedTrackedShipment } from "./tracked-shipment";

const SHOP = "sunset-bakery.myshopify.com";
const TILES = "https://tiles.example.com/{z}/{x}/{y}.png";
let clientCounter = 0;

async function page(token: string, status = false) {
  const client = `203.0.113.${++clientCounter}`;
  const request = new Request(`${TEST_APP_URL}/t/${token}${status ? "/status" : ""}`, {
    headers: { "X-Forwarded-For": client },
  });
  return (status ? appStatus : appPage)({ request, params: { token }, context: { remoteAddress: client } });
}

async function withTracking(shopId: string, tracking: Record<string, unknown>) {
  await db.shop.update({ where: { id: shopId }, data: { settingsJson: JSON.stringify({ tracking }) } });
}

const imgSrc = (response: Response) => /img-src ([^;]+)/.exec(response.headers.get("Content-Security-Policy")!)![1];

beforeEach(async () => {
  for (const table of ["courierEvent", "shipment", "pickupLocation", "shop"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
});

describe("the map's tile source", () => {
  it("with none (no shop source, no app-wide provider): a 'map unavailable' card, no blank frame, no tile", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP });
    const response = await page(token);
    const html = await response.text();
    expect(html).toContain(
      '<section class="map-unavailable" aria-labelledby="map-unavailable"><h2 id="map-unavailable">Map unavailable</h2>',
    );
    expect(html).not.toMatch(/<svg[^>]*role="img"/);
    expect(html).not.toContain("<image");
    expect(imgSrc(response)).toBe(TEST_APP_URL);
    const status = (await (await page(token, true)).json()) as { html: string };
    expect(status.html).toContain("Map unavailable");
  });

  it("when set: its tiles under the map, its credit, and only its host added to the image policy", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP });
    await withTracking(shipment.shopId, { mapTileUrl: TILES, mapTileAttribution: "© Example Maps" });
    const response = await page(token);
    const html = await response.text();
    const tiles = [...html.matchAll(/<image href="([^"]+)"/g)].map((m) => m[1]!);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(tile).toMatch(/^https:\/\/tiles\.example\.com\/\d+\/\d+\/\d+\.png$/);
    expect(html).toContain('<span class="credit">© Example Maps</span>');
    expect(imgSrc(response)).toBe(`${TEST_APP_URL} https://tiles.example.com`);

    // The poll redraws the live part with the same tiles.
    const status = (await (await page(token, true)).json()) as { html: string };
    expect([...status.html.matchAll(/<image href="([^"]+)"/g)].map((m) => m[1])).toEqual(tiles);
  });

  it("a stored template that is not a valid one (plain http) is not used, and adds no host", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP });
    await withTracking(shipment.shopId, { mapTileUrl: "http://tiles.example.com/{z}/{x}/{y}.png" });
    const response = await page(token);
    const html = await response.text();
    expect(html).not.toContain("<image");
    expect(html).not.toContain("http://tiles.example.com");
    expect(imgSrc(response)).toBe(TEST_APP_URL);
  });

  it("a stored host with a ; or , (saved before hosts were checked) never reaches the page's CSP", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP });
    await withTracking(shipment.shopId, {
      mapTileUrl: "https://tiles.example.com;sandbox/{z}/{x}/{y}.png",
      logoUrl: "https://cdn.example.com,script-src/logo.png",
    });
    for (const response of [await page(token), await page(token, true)]) {
      const policy = response.headers.get("Content-Security-Policy")!;
      expect(policy).not.toContain("sandbox");
      expect(policy).not.toContain("script-src/");
      expect(policy).not.toContain("cdn.example.com");
      expect(policy).not.toContain(",");
    }
    const response = await page(token);
    expect(imgSrc(response)).toBe(TEST_APP_URL);
    const html = await response.text();
    expect(html).not.toContain("<image");
    expect(html).not.toContain("cdn.example.com");
  });
});
