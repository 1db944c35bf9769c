/**
 * The app-wide map tile provider (MAP_TILE_URL, set by whoever runs the app): the tracking page draws
 * its map over that provider's tiles with its credit, and the page's image policy adds that one host;
 * a shop's own tile source, when it set one, wins. This file's environment sets the provider before
 * the app reads its configuration (each test file runs in its own process).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { loader as appPage } from "~/routes/t.$token";
import { loader as appStatus } from "~/routes/t.$token_.status";
import { TEST_APP_URL } from "../../support/test-env";
import { seedTrackedShipment } from "./tracked-shipment";

vi.hoisted(() => {
  process.env.MAP_TILE_URL = "https://streets.example.net/styles/{z}/{x}/{y}.png?key={key}";
  process.env.MAP_TILE_KEY = "browser-key";
  process.env.MAP_TILE_ATTRIBUTION = "© Street Maps, © OpenStreetMap contributors";
});

const SHOP = "sunset-bakery.myshopify.com";
let clientCounter = 0;

async function page(token: string, status = false) {
  const client = `198.51.100.${++clientCounter}`;
  const request = new Request(`${TEST_APP_URL}/t/${token}${status ? "/status" : ""}`, {
    headers: { "X-Forwarded-For": client },
  });
  return (status ? appStatus : appPage)({ request, params: { token }, context: { remoteAddress: client } });
}

const imgSrc = (response: Response) => /img-src ([^;]+)/.exec(response.headers.get("Content-Security-Policy")!)![1];
const tilesOf = (html: string) =>
  [...html.matchAll(/<image href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

beforeEach(async () => {
  for (const table of ["courierEvent", "shipment", "pickupLocation", "shop"] as const)
    await (db[table] as unknown as { deleteMany: () => Promise<unknown> }).deleteMany();
});

describe("the app-wide map tile provider", () => {
  it("draws the map over its tiles (its key in place), with its credit; the image policy adds its host only", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP });
    const response = await page(token);
    const html = await response.text();
    expect(html).not.toContain("Map unavailable");
    const tiles = tilesOf(html);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles)
      expect(tile).toMatch(/^https:\/\/streets\.example\.net\/styles\/\d+\/\d+\/\d+\.png\?key=browser-key$/);
    expect(html).toContain('<span class="credit">© Street Maps, © OpenStreetMap contributors</span>');
    // The delivery area is a circle around its cell's centre, never a point at the door.
    expect(html).toMatch(/<circle cx="[\d.]+" cy="[\d.]+" r="[\d.]+" fill="#2563eb"/);
    expect(imgSrc(response)).toBe(`${TEST_APP_URL} https://streets.example.net`);
    const status = (await (await page(token, true)).json()) as { html: string };
    expect(tilesOf(status.html)).toEqual(tiles);
  });

  it("gives way to a shop's own source: its tiles, its credit and its host alone", async () => {
    const { token, shipment } = await seedTrackedShipment({ shopDomain: SHOP });
    await db.shop.update({
      where: { id: shipment.shopId },
      data: {
        settingsJson: JSON.stringify({
          tracking: { mapTileUrl: "https://tiles.shop.example/{z}/{x}/{y}.png", mapTileAttribution: "© Shop Maps" },
        }),
      },
    });
    const response = await page(token);
    const html = await response.text();
    const tiles = tilesOf(html);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(tile).toMatch(/^https:\/\/tiles\.shop\.example\/\d+\/\d+\/\d+\.png$/);
    expect(html).toContain('<span class="credit">© Shop Maps</span>');
    expect(html).not.toContain("streets.example.net");
    expect(imgSrc(response)).toBe(`${TEST_APP_URL} https://tiles.shop.example`);
  });

  it("is not drawn once the delivery has ended (no map, no card)", async () => {
    const { token } = await seedTrackedShipment({ shopDomain: SHOP, state: "delivered" });
    const html = await (await page(token)).text();
    expect(html).not.toContain("<image");
    expect(html).not.toContain("Map unavailable");
  });
});
