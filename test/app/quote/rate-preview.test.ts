import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { db } from "~/db.server";
import { createEstimateCache } from "~/quote/estimate-cache.server";
import { sizeClassOf } from "~/quote/package-size-class";
import { createPostalCentroids } from "~/quote/postal-centroids.server";
import { createPriceMemory } from "~/quote/price-memory";
import { countedFullSlots, previewRates, type FullSlots, type RatePreviewDeps } from "~/quote/rate-preview.server";
import { isoDate, parseIsoDate } from "~/schedule/opening-hours";
import { serviceCodeFor } from "~/schedule/service-code";
import { addDays, zonedDate } from "~/schedule/time-zone";
import type { DeliveryWindow, LocationHours, ShopSettings } from "~/settings/shop-settings";
import { geocode, priceFor, roadMiles, sizeOf } from "../../courier-sandbox/geo";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { countingFetch } from "../../courier-sandbox/testing";
import { PICKUP_ADDRESS } from "./rate-request-fixture";
import { quoteSettings, seedQuoteShop, WITHIN_3_HOURS } from "./quote-shop";

/** The settings page's preview against the real courier sandbox and the test database (a Los Angeles shop). */

const SHOP = "preview.myshopify.com";
const GID = "gid://shopify/Location/1";
const LA = "America/Los_Angeles";
// Three days ahead of the real clock, so the sandbox takes the pickups; the time of day is given.
const day = isoDate(zonedDate(new Date(Date.now() + 3 * 86_400_000), LA));
const SLOTS: DeliveryWindow = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: ["14:00", "16:00"],
  repeat: null,
  daysAhead: 1,
  maxRates: 2,
};
const hours = (change: Partial<LocationHours> = {}): LocationHours => ({
  locationGid: GID,
  weekly: Array.from({ length: 7 }, () => [{ start: "08:00", end: "20:00" }]),
  closedDates: [],
  preparationMinutes: 30,
  slotCapacity: null,
  ...change,
});

let sandbox: CourierSandbox;
beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
});
afterAll(() => sandbox.close());

async function seed(settings: Partial<ShopSettings> = {}) {
  await db.pickupLocation.deleteMany();
  await db.shop.deleteMany();
  await seedQuoteShop(db, {
    domain: SHOP,
    settings: quoteSettings({ deliveryWindows: [WITHIN_3_HOURS, SLOTS], openingHours: [hours()], ...settings }),
  });
}
beforeEach(() => seed());

function deps(options: { connected?: boolean; fullSlots?: FullSlots } = {}) {
  const token = `tok-${randomUUID()}`;
  sandbox.addToken(token);
  const counting = countingFetch();
  const value: RatePreviewDeps = {
    db,
    courierFor: async () =>
      options.connected === false
        ? null
        : createCourierClient({
            baseUrl: sandbox.url,
            token,
            fetch: counting.fetch,
            limiter: createInProcessRateLimiter(),
          }),
    fullSlots: options.fullSlots,
  };
  return { deps: value, estimateCalls: () => counting.calls.filter((c) => c.url.endsWith("/v1/estimates")).length };
}

const ask = (d: RatePreviewDeps, change: Record<string, string> = {}) =>
  previewRates(d, SHOP, {
    locationGid: GID,
    address1: "500 Valencia St",
    city: "San Francisco",
    state: "ca",
    zip: "94110",
    date: day,
    time: "10:01",
    ...change,
  });

/** The sandbox's price for the default package, marked up as the test shop's rules say (×1.10 + $1). */
function expectedCents(settings = quoteSettings()): number {
  const p = settings.defaultPackage;
  const from = geocode({ street1: "x", city: "x", state: "CA", zip: PICKUP_ADDRESS.zip })!;
  const to = geocode({ street1: "x", city: "x", state: "CA", zip: "94110" })!;
  const size = sizeOf([
    {
      description: "x",
      length: p.lengthInches,
      width: p.widthInches,
      height: p.heightInches,
      weight: p.weightPounds,
      quantity: 1,
    },
  ]);
  return Math.round(Math.round(priceFor(roadMiles(from, to), size) * 100) * 1.1 + 100);
}

describe("previewRates", () => {
  it("offers what checkout would, named and priced by the courier and the shop's rules", async () => {
    const { deps: d, estimateCalls } = deps();
    const result = await ask(d);
    expect(result).toMatchObject({ intent: "preview", ok: true, whyNone: null, priceNote: null, currency: "USD" });
    if (!result.ok) return;
    const compact = day.replaceAll("-", "");
    expect(result.rates.map((r) => [r.serviceCode, r.name, r.window, r.priceCents])).toEqual([
      // At 10:01: three hours from the request (rounded down to the pickup step), not from the pickup.
      ["SAMEDAY_WITHIN-3-HOURS", "Within 3 hours, by 1 pm", "Today, 11:05 am–1 pm", expectedCents()],
      [`SAMEDAY_SLOTS_${compact}T1400`, "Today, 2–4 pm", "Today, 2–4 pm", expectedCents()],
      [`SAMEDAY_SLOTS_${compact}T1600`, "Today, 4–6 pm", "Today, 4–6 pm", expectedCents()],
    ]);
    expect(result.rates[0]!.pickupAfter).toMatch(/, 11:05 am$/);
    expect(estimateCalls()).toBe(3);
  });

  it("shows the windows without prices for a ZIP code alone, or without a courier account", async () => {
    const zipOnly = await ask(deps().deps, { address1: "", city: "", state: "" });
    expect(zipOnly).toMatchObject({
      ok: true,
      priceNote: "Enter the street, city and state too for the courier's prices.",
    });
    expect(zipOnly.ok && zipOnly.rates.map((r) => r.priceCents)).toEqual([null, null, null]);
    const unconnected = await ask(deps({ connected: false }).deps);
    expect(unconnected).toMatchObject({ ok: true, priceNote: "Connect the courier account for prices." });
    expect(unconnected.ok && unconnected.rates).toHaveLength(3);
  });

  it.each([
    [
      "the ZIP list",
      { radiusMiles: null, zipCodes: ["94103"] },
      "area_zip",
      /its ZIP codes rule\)\. ZIP 94110 is not in/,
      0,
    ],
    [
      "the radius",
      { radiusMiles: 0.5, zipCodes: ["941"] },
      "area_radius",
      /its radius rule\)\. [\d.]+ mi away, beyond the location's 0\.5 mi\./,
      3,
    ],
  ])("says which rule of the delivery area hid the rates: %s", async (_name, rules, reason, message, calls) => {
    await seed({ deliveryAreas: [{ locationGid: GID, ...rules }] });
    const { deps: d, estimateCalls } = deps();
    const result = await ask(d);
    expect(result).toMatchObject({ ok: true, rates: [], whyNone: { reason, message: expect.stringMatching(message) } });
    expect(estimateCalls()).toBe(calls);
  });

  it("says out of area when the courier cannot route to the address", async () => {
    const result = await ask(deps().deps, { city: "Boston", state: "MA", zip: "02108", address1: "1 Tremont St" });
    expect(result).toMatchObject({ ok: true, rates: [], whyNone: { reason: "out_of_area" } });
  });

  it("offers the next open day's slots on a closed day, and says why nothing when closed for weeks", async () => {
    const closedOn = async (to: string) => {
      await seed({
        deliveryWindows: [SLOTS],
        defaultWindowId: "slots",
        openingHours: [hours({ closedDates: [{ from: day, to, reason: "Inventory" }] })],
      });
      return deps();
    };
    const oneDay = await ask((await closedOn(day)).deps);
    expect(oneDay.ok && oneDay.rates.map((r) => r.name)).toEqual(["Tomorrow, 2–4 pm", "Tomorrow, 4–6 pm"]);

    const weeks = await closedOn(isoDate(addDays(parseIsoDate(day), 40)));
    const result = await ask(weeks.deps);
    expect(result).toMatchObject({ ok: true, rates: [], whyNone: { reason: "closed_date" } });
    expect(result.ok && result.whyNone?.message).toMatch(/closed from .* \(Inventory\)\. It does not open/);
    expect(weeks.estimateCalls()).toBe(0);
  });

  it("leaves out the slots the capacity counts call full, and says so when all are", async () => {
    const compact = day.replaceAll("-", "");
    const first = `SAMEDAY_SLOTS_${compact}T1400`;
    const oneFull = await ask(deps({ fullSlots: async () => (offer) => offer.serviceCode === first }).deps);
    expect(oneFull.ok && oneFull.rates.map((r) => r.serviceCode)).toEqual([
      serviceCodeFor("within-3-hours"),
      `SAMEDAY_SLOTS_${compact}T1600`,
    ]);
    // Counted as checkout counts: the places in use per slot key, full at the location's capacity.
    await seed({ deliveryWindows: [WITHIN_3_HOURS, SLOTS], openingHours: [hours({ slotCapacity: 2 })] });
    const asked: string[][] = [];
    const counted = countedFullSlots(async (_shop, keys) => {
      asked.push([...keys]);
      return new Map([[`${GID}|${first}`, 2]]);
    });
    const fromCounts = await ask(deps({ fullSlots: counted }).deps);
    expect(asked[0]).toContain(`${GID}|${first}`);
    expect(fromCounts.ok && fromCounts.rates.map((r) => r.serviceCode)).toEqual([
      serviceCodeFor("within-3-hours"),
      `SAMEDAY_SLOTS_${compact}T1600`,
    ]);
    await seed({
      deliveryWindows: [SLOTS],
      defaultWindowId: "slots",
      openingHours: [hours({ slotCapacity: 3 })],
    });
    const seen: unknown[] = [];
    const allFull: FullSlots = async ({ slotCapacity, locationGid }) => {
      seen.push({ slotCapacity, locationGid });
      return () => true;
    };
    const result = await ask(deps({ fullSlots: allFull }).deps);
    expect(result).toMatchObject({ ok: true, rates: [], whyNone: { reason: "slot_full" } });
    expect(seen).toEqual([{ slotCapacity: 3, locationGid: GID }]);
  });

  it("refuses a question it cannot read, naming the fields", async () => {
    const result = await ask(deps().deps, { zip: "9411", time: "25:00", date: "2026-02-30", state: "XX" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["date", "state", "time", "zip"]);
    const unknown = await ask(deps().deps, { locationGid: "gid://shopify/Location/99" });
    expect(unknown).toMatchObject({ ok: false, fieldErrors: { locationGid: expect.stringMatching(/enabled pickup/) } });
  });
});

describe("previewRates: which source would price the address now", () => {
  function pricingState() {
    let now = Date.now();
    const clock = () => new Date(now);
    const pricing = {
      estimates: createEstimateCache({ clock }),
      prices: createPriceMemory({ clock }),
      centroids: createPostalCentroids(),
    };
    const p = quoteSettings().defaultPackage;
    const key = {
      shopDomain: SHOP,
      locationGid: GID,
      postalCode: "94110",
      sizeClass: sizeClassOf([
        { weight: p.weightPounds, quantity: 1, length: p.lengthInches, width: p.widthInches, height: p.heightInches },
      ]),
    };
    return { pricing, clock, key, advance: (ms: number) => (now += ms) };
  }

  it("the courier's live price while it has room, saying what would price it when it cannot answer", async () => {
    const state = pricingState();
    const { deps: d } = deps();
    const calm = await ask({ ...d, pricing: state.pricing, clock: state.clock });
    expect(calm).toMatchObject({
      ok: true,
      priceSource: {
        source: "live",
        message:
          "The courier's live price. If it cannot answer in time: the window's fallback (no recent courier price for this size and area yet).",
      },
    });
    state.pricing.prices.remember(state.key, { priceDollars: 11.4, distanceMiles: 2.5, centroidMiles: 2.1 });
    state.advance(4 * 60_000);
    state.pricing.estimates.noteRefused(SHOP);
    const rushed = await ask({ ...d, pricing: state.pricing, clock: state.clock });
    expect(rushed).toMatchObject({
      priceSource: {
        source: "memory",
        message:
          "The courier is busy right now: checkout would use the courier's price for this size to this ZIP code from 4 min ago ($11.40).",
      },
    });
  });

  it("says so when the merchant turned pricing from recent prices off", async () => {
    await seed({ priceMemory: { enabled: false, maxAgeMinutes: 15 } });
    const state = pricingState();
    const result = await ask({ ...deps().deps, pricing: state.pricing, clock: state.clock });
    expect(result).toMatchObject({ priceSource: { source: "live" } });
    expect(result.ok && result.priceSource?.message).toContain("Pricing from its recent prices is off");
  });
});
