import { beforeEach, describe, expect, it } from "vitest";
import { loadShop } from "~/dispatch/plan.server";
import { JobError } from "~/jobs/errors";
import { getRuntime } from "~/runtime.server";
import { readLocationAddress } from "~/shipments/location-address";
import { parseShopSettings } from "~/settings/shop-settings";
import { custom } from "../settings/fixtures";

/** loadShop as the dispatch and return jobs read it: one plain SQL statement on either database, the settings as stored now. */

const { db } = getRuntime();
const DOMAIN = "load-shop.myshopify.com";
const address = { address1: "1 Main St", city: "Brooklyn", provinceCode: "NY", zip: "11201", countryCode: "US" };

async function shopWith(locations: { gid: string; enabled: boolean }[], data: Record<string, unknown> = {}) {
  const shop = await db.shop.create({
    data: { domain: DOMAIN, timezone: "America/New_York", settingsJson: JSON.stringify(custom), ...data },
  });
  for (const [i, location] of locations.entries())
    await db.pickupLocation.create({
      data: {
        shopId: shop.id,
        locationGid: location.gid,
        name: `Location ${i}`,
        enabled: location.enabled,
        contactName: i === 0 ? "Dana" : null,
        contactPhone: i === 0 ? "+17185550100" : null,
        notes: i === 0 ? "Back door" : null,
        addressJson: JSON.stringify(address),
      },
    });
  return shop;
}

beforeEach(async () => {
  await db.shop.deleteMany({});
});

describe("loadShop", () => {
  it("reads the shop's columns, its settings and its enabled pickup locations only", async () => {
    const stored = await shopWith(
      [
        { gid: "gid://shopify/Location/1", enabled: true },
        { gid: "gid://shopify/Location/2", enabled: false },
        { gid: "gid://shopify/Location/3", enabled: true },
      ],
      { carrierServiceRefusedAt: new Date("2026-11-20T10:00:00.000Z") },
    );
    const { shop, settings, pickupPoints } = await loadShop(db, DOMAIN);
    expect(shop).toEqual({
      id: stored.id,
      timezone: "America/New_York",
      updatedAt: stored.updatedAt,
      uninstalledAt: null,
      carrierServiceRefusedAt: new Date("2026-11-20T10:00:00.000Z"),
    });
    expect(shop.updatedAt).toBeInstanceOf(Date);
    expect(settings).toEqual(custom);
    expect([...pickupPoints.keys()]).toEqual(["gid://shopify/Location/1", "gid://shopify/Location/3"]);
    expect(pickupPoints.get("gid://shopify/Location/1")).toEqual({
      locationGid: "gid://shopify/Location/1",
      name: "Location 0",
      address: readLocationAddress(JSON.stringify(address)),
      contactName: "Dana",
      contactPhone: "+17185550100",
      notes: "Back door",
    });
    expect(pickupPoints.get("gid://shopify/Location/3")).toMatchObject({ contactName: null, notes: null });
  });

  it("reads a shop without enabled pickup locations with none, and the stored defaults for {}", async () => {
    await shopWith([{ gid: "gid://shopify/Location/1", enabled: false }], { settingsJson: "{}" });
    const { shop, settings, pickupPoints } = await loadShop(db, DOMAIN);
    expect(shop.carrierServiceRefusedAt).toBeNull();
    expect(settings).toEqual(parseShopSettings("{}"));
    expect(pickupPoints.size).toBe(0);
  });

  it("sees a settings change and a location enabled by staff on the very next read", async () => {
    const stored = await shopWith([{ gid: "gid://shopify/Location/1", enabled: false }]);
    const before = await loadShop(db, DOMAIN);
    expect(before.settings.leadTimeMinutes).toBe(custom.leadTimeMinutes);
    await db.shop.update({
      where: { id: stored.id },
      data: { settingsJson: JSON.stringify({ ...custom, leadTimeMinutes: 95 }) },
    });
    await db.pickupLocation.updateMany({ where: { shopId: stored.id }, data: { enabled: true } });
    const after = await loadShop(db, DOMAIN);
    expect(after.settings.leadTimeMinutes).toBe(95);
    expect(after.shop.updatedAt.getTime()).toBeGreaterThanOrEqual(before.shop.updatedAt.getTime());
    expect([...after.pickupPoints.keys()]).toEqual(["gid://shopify/Location/1"]);
    // Back to the first text: its settings again, not the last ones read.
    await db.shop.update({ where: { id: stored.id }, data: { settingsJson: JSON.stringify(custom) } });
    expect((await loadShop(db, DOMAIN)).settings).toEqual(custom);
  });

  it.each([
    ["an unknown shop", false],
    ["an uninstalled shop", true],
  ])("refuses %s for good", async (_name, installedOnce) => {
    if (installedOnce)
      await shopWith([{ gid: "gid://shopify/Location/1", enabled: true }], { uninstalledAt: new Date() });
    const failure = await loadShop(db, DOMAIN).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobError);
    expect(failure).toMatchObject({ permanent: true, message: "The shop has uninstalled the app." });
  });
});
