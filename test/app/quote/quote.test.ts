import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import type { CourierRateLimiter } from "~/courier/rate-limit-policy";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { db } from "~/db.server";
import { createEstimateCache, ESTIMATE_TTL_MS } from "~/quote/estimate-cache.server";
import { createPostalCentroids } from "~/quote/postal-centroids.server";
import { createPriceMemory } from "~/quote/price-memory";
import { QUOTE_MEMORY_TTL_MS, createQuoteMemory } from "~/quote/quote-memory.server";
import { loadQuoteShop } from "~/quote/quote-shop.server";
import {
  BACKUP_RATES_STATUS,
  MIN_COURIER_CALL_MS,
  quoteRates,
  RESPONSE_MARGIN_MS,
  type QuoteDeps,
  type QuoteResult,
} from "~/quote/quote.server";
import { cartSignature } from "~/quote/cart-to-estimate";
import type { ShopifyRate } from "~/quote/rate-response";
import { dayWord } from "~/schedule/rate-wording";
import { isoDate } from "~/schedule/opening-hours";
import { slotKeyOf } from "~/schedule/capacity";
import { serviceCodeFor } from "~/schedule/service-code";
import { releaseSlotPlace, takeSlotPlace, takenPlaces } from "~/schedule/slot-reservations.server";
import { addDays, zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import type { LocationHours, ShopSettings } from "~/settings/shop-settings";
import { TIME_BUDGET_MS_DEFAULT } from "~/settings/limits";
import { geocode, priceFor, roadMiles, sizeOf } from "../../courier-sandbox/geo";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { countingFetch, shiftableClock } from "../../courier-sandbox/testing";
import {
  PICKUP_ADDRESS,
  cartItem,
  destinationAddress,
  distinctCart,
  originAddress,
  rateRequestBody,
  type RateRequestOptions,
} from "./rate-request-fixture";
import { testBudgetTimer, type TestBudgetTimer } from "./budget-timer";
import { TOMORROW_MORNING, WITHIN_3_HOURS, quoteSettings, seedQuoteShop } from "./quote-shop";

/** The quote flow against the real courier sandbox and the test database. */

const SHOP = "candles.myshopify.com";
/**
 * The shop's time budget; the courier is cut off RESPONSE_MARGIN_MS before it. The tests' budget timer
 * (budget-timer.ts) ends it only when a test says so: no answer here depends on the machine's speed.
 */
const BUDGET_MS = 700;
/**
 * The test shop is in Los Angeles. Quotes run days ahead of the real clock (so the sandbox takes the pickups), at
 * a fixed time of day: early in a 5-minute pickup slot, far from midnight and from the windows' edges, so no test
 * depends on when it runs.
 */
const LA = "America/Los_Angeles";
const day = zonedDate(new Date(Date.now() + 3 * 86_400_000), LA);
const MID_MORNING = zonedTimeOnDate(day, "10:01", LA);

let sandbox: CourierSandbox;
beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
});
afterAll(() => sandbox.close());
const harnesses: Harness[] = [];
afterEach(async () => {
  // Refreshes of stale estimates run after the answer: let them end inside their own test.
  await expect.poll(() => harnesses.every((h) => h.deps.estimates.inFlightCount === 0), { timeout: 3_000 }).toBe(true);
  harnesses.length = 0;
  sandbox.resetFaults();
});

beforeEach(async () => {
  await db.quoteMemory.deleteMany();
  await db.pickupLocation.deleteMany();
  await db.shop.deleteMany();
  await seedQuoteShop(db, { domain: SHOP, settings: quoteSettings({ timeBudgetMs: BUDGET_MS }) });
});

async function setSettings(overrides: Partial<ShopSettings>) {
  await db.shop.update({
    where: { domain: SHOP },
    data: { settingsJson: JSON.stringify(quoteSettings({ timeBudgetMs: BUDGET_MS, ...overrides })) },
  });
}

type Harness = {
  deps: QuoteDeps;
  estimateCalls: () => { body: string | null }[];
  warnings: string[];
  clock: ReturnType<typeof shiftableClock>;
};

function harness(
  options: {
    limiter?: CourierRateLimiter;
    fetch?: typeof fetch;
    token?: string;
    connected?: boolean;
    at?: Date;
    takenPlaces?: QuoteDeps["takenPlaces"];
    budget?: TestBudgetTimer;
  } = {},
): Harness {
  const clock = shiftableClock((options.at ?? MID_MORNING).getTime() - Date.now());
  const counting = countingFetch(options.fetch);
  const limiter = options.limiter ?? createInProcessRateLimiter({ clock: clock.now });
  const warnings: string[] = [];
  // A token per test: the sandbox limits each token to 10 requests per second.
  const token = options.token ?? `tok-${randomUUID()}`;
  if (!options.token) sandbox.addToken(token);
  const deps: QuoteDeps = {
    clock: clock.now,
    shopFor: (shopDomain) => loadQuoteShop(db, shopDomain),
    courierFor: async (shopDomain) =>
      options.connected === false || shopDomain !== SHOP
        ? null
        : createCourierClient({ baseUrl: sandbox.url, token, fetch: counting.fetch, limiter }),
    estimates: createEstimateCache({ clock: clock.now }),
    prices: createPriceMemory({ clock: clock.now }),
    centroids: createPostalCentroids(),
    memory: createQuoteMemory({ db, clock: clock.now }),
    takenPlaces: options.takenPlaces ?? ((shopDomain, keys) => takenPlaces(db, shopDomain, keys)),
    logger: { warn: (event, fields) => warnings.push(`${event} ${JSON.stringify(fields)}`) },
    budgetTimer: (options.budget ?? testBudgetTimer()).timer,
  };
  const h = {
    deps,
    estimateCalls: () => counting.calls.filter((c) => c.url.endsWith("/v1/estimates")),
    warnings,
    clock,
  };
  harnesses.push(h);
  return h;
}

/** One quote, and its quote memory write finished (an answer waits for it QUOTE_MEMORY_WAIT_MS at most). */
async function quote(h: Harness, body: unknown = rateRequestBody(), shopDomain = SHOP) {
  const result = await quoteRates(h.deps, { shopDomain, body: JSON.stringify(body) });
  await h.deps.memory.settled();
  return result;
}

function rates(result: QuoteResult): ShopifyRate[] {
  if (result.status !== 200) throw new Error(`expected rates, got ${result.status}`);
  return result.body.rates;
}

/** What the sandbox charges for the fixture cart (its own deterministic model). */
function sandboxPriceDollars(destinationZip = "94110", pounds = 2, quantity = 2): number {
  const from = geocode({ street1: "x", city: "x", state: "CA", zip: PICKUP_ADDRESS.zip })!;
  const to = geocode({ street1: "x", city: "x", state: "CA", zip: destinationZip })!;
  const size = sizeOf([{ description: "x", length: 12, width: 10, height: 8, weight: pounds, quantity }]);
  return priceFor(roadMiles(from, to), size);
}

/** courier cents × 1.10 + 100 (the test shop's markup), to the nearest cent. */
const marked = (dollars: number) => String(Math.round(Math.round(dollars * 100) * 1.1 + 100));

describe("pricing each open window with the courier", () => {
  it("answers one rate per window, priced by the courier and the shop's rules", async () => {
    const h = harness();
    const result = await quote(h);
    expect(result).toMatchObject({ status: 200, source: "live", reason: null });
    const expected = marked(sandboxPriceDollars());
    expect(rates(result)).toMatchObject([
      {
        // Three hours from 10:01, rounded down to the pickup step.
        service_name: "Within 3 hours, by 1 pm",
        description: "Same-day delivery by a local driver",
        service_code: "SAMEDAY_WITHIN-3-HOURS",
        currency: "USD",
        total_price: expected,
      },
      {
        service_name: "Tomorrow, 9 am–noon",
        description: "Next-day delivery by a local driver",
        service_code: "SAMEDAY_TOMORROW-MORNING",
        currency: "USD",
        total_price: expected,
      },
    ]);
    for (const rate of rates(result)) {
      expect(rate.min_delivery_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d -0[78]00$/);
      expect(rate.max_delivery_date > rate.min_delivery_date).toBe(true);
    }
    expect(h.estimateCalls()).toHaveLength(2);
  });

  it("names the rates in the buyer's language (rate.locale) when the shop publishes it, else its primary one", async () => {
    const h = harness();
    await db.shop.update({ where: { domain: SHOP }, data: { locales: "en,fr" } });
    const names = async (locale: string) =>
      rates(await quote(h, rateRequestBody({ locale }))).map((rate) => [rate.service_name, rate.description]);
    expect(await names("fr-FR")).toEqual([
      ["D'ici 3 heures, avant 13:00", "Livraison le jour même par un livreur local"],
      ["Demain, 09:00–12:00", "Livraison le lendemain par un livreur local"],
    ]);
    // Spanish is not published by this shop: English, its primary language.
    expect((await names("es"))[0]).toEqual(["Within 3 hours, by 1 pm", "Same-day delivery by a local driver"]);
  });

  it("sends the courier nothing about the shopper but street, city, state and ZIP", async () => {
    const h = harness();
    await quote(h);
    const sent = h
      .estimateCalls()
      .map((c) => c.body)
      .join("\n");
    expect(sent).toContain("500 Valencia St");
    expect(sent).not.toMatch(/Dana|4155550199|example\.com|Apt 4|Beeswax|VIP/);
  });

  it("makes delivery free above the shop's subtotal threshold, when the cart is in the shop's currency", async () => {
    await setSettings({ pricing: { ...quoteSettings().pricing, freeAboveSubtotalCents: 3000 } });
    const h = harness();
    expect(rates(await quote(h)).map((r) => r.total_price)).toEqual(["0", "0"]);
    const inCad = await quote(h, rateRequestBody({ currency: "CAD" }));
    expect(rates(inCad).map((r) => r.total_price)).not.toContain("0");
  });

  it("answers an identical request from the cache", async () => {
    const h = harness();
    const first = await quote(h);
    const second = await quote(
      h,
      rateRequestBody({ destination: destinationAddress({ name: "Other Person", address1: "500 valencia street" }) }),
    );
    expect(second).toMatchObject({ status: 200, source: "cache" });
    expect(rates(second)).toEqual(rates(first));
    expect(h.estimateCalls()).toHaveLength(2);
  });

  it("makes one courier call per window for ten identical concurrent requests", async () => {
    const h = harness();
    sandbox.setFaults({ latencyMs: 50 });
    const results = await Promise.all(Array.from({ length: 10 }, () => quote(h)));
    expect(h.estimateCalls()).toHaveLength(2);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(results.every((r) => r.source === "live")).toBe(true);
  });

  it("answers a cart quoted in an earlier pickup slot from the cache at once, then refreshes it", async () => {
    const h = harness();
    await quote(h);
    h.clock.advance(6 * 60_000); // the pickup time has moved to a later 5-minute slot
    sandbox.setFaults({ latencyMs: 600 });
    const stale = await quote(h);
    expect(stale.source).toBe("cache");
    // Only "within 3 hours" moved; "tomorrow morning" is the same span, still fresh.
    expect(h.deps.estimates.inFlightCount).toBe(1); // the refresh, after the answer
    await expect.poll(() => h.deps.estimates.inFlightCount, { timeout: 2_000 }).toBe(0);
    expect(h.estimateCalls()).toHaveLength(3);
    expect(await quote(h)).toMatchObject({ source: "cache" });
    expect(h.estimateCalls()).toHaveLength(3);
  });

  it("asks the courier again once the cached estimate is older than the TTL", async () => {
    const h = harness();
    await quote(h);
    h.clock.advance(ESTIMATE_TTL_MS);
    expect(await quote(h)).toMatchObject({ source: "live" });
    expect(h.estimateCalls()).toHaveLength(4);
  });
});

describe("prices the merchant sets per window", () => {
  const courierAt = (dollars: number) =>
    (async () => Response.json({ price: dollars, size: "small", estimated_distance: 4 })) as typeof fetch;
  const priced = (result: QuoteResult) => rates(result).map((r) => [r.service_code, r.total_price]);

  it("a flat price with a surcharge, distance tiers, and a window offered only while the courier is cheap enough", async () => {
    const base = { flatCents: null, tiers: [], surchargeCents: 0, offerWhileCourierAtMostCents: null };
    await setSettings({
      deliveryWindows: [
        { ...WITHIN_3_HOURS, price: { ...base, mode: "flat", flatCents: 799, surchargeCents: 200 } },
        {
          ...TOMORROW_MORNING,
          price: {
            ...base,
            mode: "distance_tiers",
            tiers: [
              { upToMiles: 3, priceCents: 500 },
              { upToMiles: 8, priceCents: 700 },
            ],
          },
        },
      ],
    });
    expect(priced(await quote(harness({ fetch: courierAt(12) }), rateRequestBody({ customer: null })))).toEqual([
      ["SAMEDAY_WITHIN-3-HOURS", "999"],
      ["SAMEDAY_TOMORROW-MORNING", "700"],
    ]);
    await setSettings({
      deliveryWindows: [
        { ...WITHIN_3_HOURS, price: { ...base, mode: "courier", offerWhileCourierAtMostCents: 1000 } },
        TOMORROW_MORNING,
      ],
    });
    expect(priced(await quote(harness({ fetch: courierAt(12) }), rateRequestBody({ customer: null })))).toEqual([
      ["SAMEDAY_TOMORROW-MORNING", "1420"],
    ]);
  });

  it("free for a customer tag the rate request carries", async () => {
    await setSettings({ pricing: { ...quoteSettings().pricing, freeForCustomerTags: ["vip"] } });
    const h = harness({ fetch: courierAt(12) });
    expect(priced(await quote(h))).toEqual([
      ["SAMEDAY_WITHIN-3-HOURS", "0"],
      ["SAMEDAY_TOMORROW-MORNING", "0"],
    ]);
    expect(priced(await quote(h, rateRequestBody({ customer: { id: 1, tags: ["wholesale"] } })))).toEqual([
      ["SAMEDAY_WITHIN-3-HOURS", "1420"],
      ["SAMEDAY_TOMORROW-MORNING", "1420"],
    ]);
  });
});

describe("opening hours: the windows of the location the cart ships from", () => {
  const nineToFive = [{ start: "09:00", end: "17:00" }];
  const hours = (closed: LocationHours["closedDates"] = []): LocationHours => ({
    locationGid: "gid://shopify/Location/1",
    weekly: Array.from({ length: 7 }, () => nineToFive),
    closedDates: closed,
    preparationMinutes: 0,
    slotCapacity: null,
  });

  it("after closing: no within-hours rate, tomorrow's window", async () => {
    await setSettings({ openingHours: [hours()] });
    const h = harness({ at: zonedTimeOnDate(day, "20:00", LA) });
    expect(rates(await quote(h)).map((r) => [r.service_code, r.service_name])).toEqual([
      ["SAMEDAY_TOMORROW-MORNING", "Tomorrow, 9 am–noon"],
    ]);
  });

  it("closed tomorrow: the next open day's window, named by its date, with that day's code", async () => {
    const tomorrow = addDays(day, 1);
    const closed = [{ from: isoDate(tomorrow), to: isoDate(tomorrow), reason: "Inventory" }];
    await setSettings({ openingHours: [hours(closed)] });
    const h = harness({ at: zonedTimeOnDate(day, "20:00", LA) });
    const later = addDays(day, 2);
    expect(rates(await quote(h)).map((r) => [r.service_code, r.service_name])).toEqual([
      [serviceCodeFor(TOMORROW_MORNING.id, later), `${dayWord(later, day)}, 9 am–noon`],
    ]);
  });

  it("scheduled slots: one rate per slot, by name, each priced by the courier", async () => {
    const slots = {
      ...WITHIN_3_HOURS,
      id: "slots",
      kind: "slots" as const,
      slotMinutes: 120,
      startTimes: ["10:00", "14:00"],
      repeat: null,
      daysAhead: 1,
      maxRates: 3,
    };
    await setSettings({ openingHours: [hours()], deliveryWindows: [slots], defaultWindowId: "slots" });
    const h = harness({ at: zonedTimeOnDate(day, "08:00", LA) });
    const result = await quote(h);
    expect(rates(result).map((r) => [r.service_code, r.service_name, r.min_delivery_date.slice(11, 16)])).toEqual([
      [serviceCodeFor("slots", day, "10:00"), "Today, 10 am–noon", "10:00"],
      [serviceCodeFor("slots", day, "14:00"), "Today, 2–4 pm", "14:00"],
    ]);
    expect(h.estimateCalls()).toHaveLength(2);
  });

  describe("capacity: a full slot is not offered", () => {
    const slots = {
      ...WITHIN_3_HOURS,
      id: "slots",
      kind: "slots" as const,
      slotMinutes: 120,
      startTimes: ["10:00", "14:00"],
      repeat: null,
      daysAhead: 1,
      maxRates: 3,
    };
    const LOCATION = "gid://shopify/Location/1";

    /** `count` shipments booked in the day's slot at `start`; the first `released` of them canceled since. */
    async function book(start: string, count: number, released = 0) {
      const shop = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
      for (let n = 0; n < count; n++) {
        const shipment = await db.shipment.create({
          data: {
            shopId: shop.id,
            orderGid: `gid://shopify/Order/${start.replace(":", "")}${n}`,
            orderName: `#${n}`,
            fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${start.replace(":", "")}${n}`,
            locationGid: LOCATION,
            idempotencyKey: `cap-${start}-${n}`,
          },
        });
        await db.$transaction((tx) =>
          takeSlotPlace(tx, {
            shopDomain: SHOP,
            shipmentId: shipment.id,
            slotKey: slotKeyOf(LOCATION, "slots", day, start),
            slotWords: start,
            capacity: 2,
            at: MID_MORNING,
          }),
        );
        if (n < released) await releaseSlotPlace(db, shipment.id, MID_MORNING);
      }
    }

    async function offeredCodes(takenPlacesOf?: QuoteDeps["takenPlaces"]) {
      const h = harness({ at: zonedTimeOnDate(day, "08:00", LA), takenPlaces: takenPlacesOf });
      const codes = rates(await quote(h)).map((r) => r.service_code);
      return { codes, warnings: h.warnings };
    }

    beforeEach(async () => {
      await db.shipment.deleteMany();
      await setSettings({
        openingHours: [{ ...hours(), slotCapacity: 2 }],
        deliveryWindows: [slots],
        defaultWindowId: "slots",
      });
    });

    it("offers the slots with a place left, counting a released place as free", async () => {
      await book("10:00", 2);
      await book("14:00", 2, 1);
      expect((await offeredCodes()).codes).toEqual([serviceCodeFor("slots", day, "14:00")]);
    });

    it("offers every slot when no capacity is set", async () => {
      await book("10:00", 2);
      await setSettings({ openingHours: [hours()], deliveryWindows: [slots], defaultWindowId: "slots" });
      expect((await offeredCodes()).codes).toEqual([
        serviceCodeFor("slots", day, "10:00"),
        serviceCodeFor("slots", day, "14:00"),
      ]);
    });

    it("counts the places of every offered slot in one query", async () => {
      const asked: string[][] = [];
      await offeredCodes(async (shopDomain, keys) => {
        asked.push([...keys]);
        return takenPlaces(db, shopDomain, keys);
      });
      expect(asked).toEqual([[slotKeyOf(LOCATION, "slots", day, "10:00"), slotKeyOf(LOCATION, "slots", day, "14:00")]]);
    });

    it("offers every slot, and logs why, when the places cannot be counted", async () => {
      const { codes, warnings } = await offeredCodes(() => Promise.reject(new Error("database down")));
      expect(codes).toHaveLength(2);
      expect(warnings).toEqual(['slot places not counted {"error":"Error"}']);
    });
  });
});

describe("out of area: no rate, status 200", () => {
  it.each([
    [
      "courier 1004: address not found",
      { destination: destinationAddress({ postal_code: "00000" }) },
      "out_of_area:address_not_found",
      2,
    ],
    [
      "courier 1005: no route (Boston from San Francisco)",
      { destination: destinationAddress({ postal_code: "02108", province: "MA", city: "Boston" }) },
      "out_of_area:no_route",
      2,
    ],
    [
      "not the US",
      { destination: destinationAddress({ country: "CA", province: "ON", postal_code: "K2P 1L4" }) },
      "destination_not_us",
      0,
    ],
    [
      "no pickup location at the origin",
      { origin: originAddress({ address1: "77 Elsewhere Ave" }) },
      "no_pickup_location",
      0,
    ],
    ["nothing to ship", { items: [cartItem({ requires_shipping: false })] }, "nothing_to_ship", 0],
    [
      "missing address fields",
      { destination: destinationAddress({ city: null }) },
      "destination_address_incomplete",
      0,
    ],
  ] as const)("%s", async (_label, options, reason, courierCalls) => {
    const h = harness();
    const result = await quote(h, rateRequestBody(options as RateRequestOptions));
    expect(result).toEqual({ status: 200, body: { rates: [] }, source: "none", reason });
    expect(h.estimateCalls()).toHaveLength(courierCalls);
  });

  it("more than 350 miles by the courier's estimated_distance", async () => {
    const far = (async () => Response.json({ price: 420.5, size: "small", estimated_distance: 351.2 })) as typeof fetch;
    const h = harness({ fetch: far });
    expect(await quote(h)).toMatchObject({ status: 200, body: { rates: [] }, reason: "out_of_area:too_far" });
  });

  describe("the pickup location's delivery area", () => {
    const areaOf = (radiusMiles: number | null, zipCodes: string[]) => ({
      deliveryAreas: [{ locationGid: "gid://shopify/Location/1", radiusMiles, zipCodes }],
    });
    /** The courier's answer for every estimate: a price and a distance. */
    const at = (miles: number) =>
      (async () => Response.json({ price: 12.5, size: "small", estimated_distance: miles })) as typeof fetch;

    it("a ZIP outside the list: no rate and no courier call", async () => {
      await setSettings(areaOf(null, ["94103", "946"]));
      const h = harness();
      expect(await quote(h)).toEqual({ status: 200, body: { rates: [] }, source: "none", reason: "out_of_area:zip" });
      expect(h.estimateCalls()).toHaveLength(0);
    });

    it("a listed ZIP prefix: the rates", async () => {
      await setSettings(areaOf(null, ["941"]));
      const h = harness();
      expect(rates(await quote(h))).toHaveLength(2);
    });

    it("beyond the radius by the courier's estimated_distance: no rate, and the courier asked once per window", async () => {
      await setSettings(areaOf(3, []));
      const h = harness({ fetch: at(4.2) });
      expect(await quote(h)).toMatchObject({ status: 200, body: { rates: [] }, reason: "out_of_area:radius" });
      expect(h.estimateCalls()).toHaveLength(2);
      // The same cart again: the cached distance decides, no second courier call.
      expect(await quote(h)).toMatchObject({ body: { rates: [] }, reason: "out_of_area:radius" });
      expect(h.estimateCalls()).toHaveLength(2);
    });

    it("inside the radius and the ZIP list: the rates", async () => {
      await setSettings(areaOf(5, ["94110"]));
      const h = harness({ fetch: at(4.2) });
      expect(rates(await quote(h))).toHaveLength(2);
    });
  });

  it("remembers that an address is out of area: no second courier call", async () => {
    const h = harness();
    const body = rateRequestBody({ destination: destinationAddress({ postal_code: "00000" }) });
    await quote(h, body);
    expect(await quote(h, body)).toMatchObject({ body: { rates: [] } });
    expect(h.estimateCalls()).toHaveLength(2);
  });

  it.each([
    ["a shop that never installed the app", async () => undefined, "unknown.myshopify.com"],
    [
      "a shop that uninstalled the app",
      async () => db.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: new Date() } }),
      SHOP,
    ],
    [
      "a pickup location that is not enabled",
      async () => db.pickupLocation.updateMany({ data: { enabled: false } }),
      SHOP,
    ],
  ])("%s", async (_label, arrange, shopDomain) => {
    await arrange();
    const h = harness();
    expect(rates(await quote(h, rateRequestBody(), shopDomain))).toEqual([]);
    expect(h.estimateCalls()).toHaveLength(0);
  });

  it("a shop without a courier account connected", async () => {
    const h = harness({ connected: false });
    expect(await quote(h)).toMatchObject({ body: { rates: [] }, reason: "not_connected" });
  });

  it("an unreadable request, logged by field names only", async () => {
    const h = harness();
    const body = rateRequestBody({ items: [cartItem({ quantity: "lots" })] });
    expect(await quote(h, body)).toMatchObject({ body: { rates: [] }, reason: "unreadable_request" });
    expect(h.warnings.join()).toContain("rate.items.0.quantity");
    expect(h.warnings.join()).not.toMatch(/Valencia|Dana/);
  });
});

/** Memory and model off: the courier's exact price or the fallback, as before they existed. */
const EXACT_OR_FALLBACK = { priceMemory: { enabled: false, maxAgeMinutes: 15 } };

describe("courier slow, throttled or failing, memory and model off: the shop's fallback within the time budget", () => {
  beforeEach(() => setSettings(EXACT_OR_FALLBACK));
  const flat = [
    { service_code: "SAMEDAY_WITHIN-3-HOURS", total_price: "1500" },
    { service_code: "SAMEDAY_TOMORROW-MORNING", total_price: "900" },
  ];

  it("on timeout: the courier cut off by the shop's budget less the margin, answered with the flat rates", async () => {
    sandbox.setFaults({ latencyMs: 3_000 });
    const budget = testBudgetTimer();
    const h = harness({ budget });
    const answer = quote(h, distinctCart(1));
    // Both windows' courier calls under way, then the budget runs out.
    await expect.poll(() => h.estimateCalls().length).toBe(2);
    budget.endAll();
    const result = await answer;
    expect(result).toMatchObject({ status: 200, source: "fallback", reason: "courier_unavailable" });
    expect(rates(result)).toMatchObject(flat);
    // The shop read's default budget, then the courier's: the shop's own, less the margin and the read.
    expect(budget.asked).toHaveLength(2);
    expect(budget.asked[0]).toBe(TIME_BUDGET_MS_DEFAULT - RESPONSE_MARGIN_MS);
    expect(budget.asked[1]).toBeLessThanOrEqual(BUDGET_MS - RESPONSE_MARGIN_MS);
    expect(budget.asked[1]).toBeGreaterThanOrEqual(MIN_COURIER_CALL_MS);
  });

  it.each([
    ["429", 429],
    ["500", 500],
    ["503", 503],
  ])("on %s: the flat rates at once (no retry inside checkout)", async (_label, status) => {
    sandbox.setFaults({ failNext: [{ status, count: 2, pathPrefix: "/v1/estimates", retryAfterS: 1 }] });
    // The budget never runs out here: the flat rates come from the failure itself, not a timeout.
    const h = harness();
    const result = await quote(h, distinctCart(2));
    expect(result).toMatchObject({ status: 200, source: "fallback" });
    expect(rates(result)).toMatchObject(flat);
    expect(h.estimateCalls()).toHaveLength(2);
  });

  it("does not ask the courier again until the 429's Retry-After has passed", async () => {
    sandbox.setFaults({ failNext: [{ status: 429, count: 2, pathPrefix: "/v1/estimates", retryAfterS: 1 }] });
    const h = harness();
    await quote(h, distinctCart(3));
    expect(await quote(h, distinctCart(4))).toMatchObject({ source: "fallback" });
    expect(h.estimateCalls()).toHaveLength(2);
    h.clock.advance(1_000);
    expect(await quote(h, distinctCart(4))).toMatchObject({ source: "live" });
    expect(h.estimateCalls()).toHaveLength(4);
  });

  it("when the quote share of the courier's rate limit is used up: fallback at once, never a queue", async () => {
    const h = harness({ limiter: createInProcessRateLimiter({ perSecond: 2 }) });
    expect(await quote(h, distinctCart(5))).toMatchObject({ source: "live" });
    // The budget never runs out here: a queue would wait for the next second and then ask the courier.
    expect(await quote(h, distinctCart(6))).toMatchObject({ source: "fallback", body: { rates: flat } });
    expect(await quote(h, distinctCart(5))).toMatchObject({ source: "cache" });
    expect(h.estimateCalls()).toHaveLength(2);
  });

  it("with the no-rate fallback, offers nothing", async () => {
    await setSettings({ ...EXACT_OR_FALLBACK, checkoutFallback: "no_rate" });
    sandbox.setFaults({ failNext: [{ status: 500, count: 2, pathPrefix: "/v1/estimates" }] });
    expect(await quote(harness(), distinctCart(7))).toMatchObject({
      status: 200,
      body: { rates: [] },
      source: "fallback",
    });
  });

  it("offers no flat rate for a window that has none", async () => {
    await setSettings({
      ...EXACT_OR_FALLBACK,
      deliveryWindows: quoteSettings().deliveryWindows.map((w) =>
        w.id === "tomorrow-morning" ? { ...w, fallbackPriceCents: null } : w,
      ),
    });
    sandbox.setFaults({ failNext: [{ status: 500, count: 2, pathPrefix: "/v1/estimates" }] });
    expect(rates(await quote(harness(), distinctCart(8)))).toMatchObject([flat[0]]);
  });

  it("logs an unexpected failure by kind and status only", async () => {
    const h = harness({ token: "a-token-the-courier-does-not-know" });
    expect(await quote(h, distinctCart(9))).toMatchObject({ source: "fallback" });
    expect(h.warnings[0]).toBe('courier estimate failed {"why":"unauthorized","status":401}');
  });
});

describe("Shopify's backup rates, only when the merchant chose them", () => {
  beforeEach(() => setSettings({ ...EXACT_OR_FALLBACK, checkoutFallback: "shopify_backup_rates" }));

  it("answers an error status when the courier fails, so Shopify shows the backup rates", async () => {
    sandbox.setFaults({ failNext: [{ status: 503, count: 2, pathPrefix: "/v1/estimates" }] });
    expect(await quote(harness(), distinctCart(10))).toEqual({
      status: BACKUP_RATES_STATUS,
      body: { error: "Courier unavailable" },
      source: "backup",
      reason: "courier_unavailable",
    });
  });

  it("answers the courier's rates when it answers", async () => {
    expect(await quote(harness(), distinctCart(11))).toMatchObject({ status: 200, source: "live" });
  });

  it("answers no rate (not an error) out of area", async () => {
    const result = await quote(
      harness(),
      rateRequestBody({ destination: destinationAddress({ postal_code: "00000" }) }),
    );
    expect(result).toMatchObject({ status: 200, body: { rates: [] } });
  });

  it("keeps the windows the courier priced when only some failed", async () => {
    sandbox.setFaults({ failNext: [{ status: 500, count: 1, pathPrefix: "/v1/estimates" }] });
    const result = await quote(harness(), distinctCart(12));
    expect(result).toMatchObject({ status: 200, source: "fallback" });
    expect(rates(result)).toHaveLength(1);
  });

  it("the flat-rate shop never answers an error status", async () => {
    await setSettings({ ...EXACT_OR_FALLBACK, checkoutFallback: "flat_rate" });
    sandbox.setFaults({ failNext: [{ status: 503, count: 2, pathPrefix: "/v1/estimates" }] });
    expect((await quote(harness(), distinctCart(13))).status).toBe(200);
  });
});

describe("quote memory", () => {
  it("keeps each courier-priced rate a day, per shop, cart signature and service code", async () => {
    const h = harness();
    const result = await quote(h);
    const rows = await db.quoteMemory.findMany({ orderBy: { serviceCode: "desc" } });
    const courierCents = Math.round(sandboxPriceDollars() * 100);
    expect(rows).toMatchObject([
      {
        shopDomain: SHOP,
        serviceCode: "SAMEDAY_WITHIN-3-HOURS",
        priceCents: Number(rates(result)[0]!.total_price),
        courierCents,
        priceSource: "live",
      },
      {
        shopDomain: SHOP,
        serviceCode: "SAMEDAY_TOMORROW-MORNING",
        priceCents: Number(rates(result)[1]!.total_price),
        courierCents,
      },
    ]);
    expect(rows[0]!.cartSignature).toBe(rows[1]!.cartSignature);
    expect(rows[0]!.cartSignature).not.toMatch(/Valencia|94110/);
    expect(rows[0]!.expiresAt.getTime() - h.clock.now().getTime()).toBeGreaterThan(QUOTE_MEMORY_TTL_MS - 5_000);
    // The signature dispatch computes from the paid order finds this quote.
    expect(rows[0]!.cartSignature).toBe(
      cartSignature({
        locationGid: "gid://shopify/Location/1",
        destination: {
          address1: "500 Valencia St",
          city: "San Francisco",
          provinceCode: "CA",
          zip: "94110",
          countryCode: "US",
        },
        lines: [{ variantId: "gid://shopify/ProductVariant/258644705304", quantity: 2 }],
      }),
    );
  });

  it("does not rewrite an unchanged quote, and updates a changed one", async () => {
    const h = harness();
    await quote(h);
    const before = await db.quoteMemory.findMany({ orderBy: { serviceCode: "asc" } });
    h.clock.advance(60_000);
    await quote(h);
    expect(await db.quoteMemory.findMany({ orderBy: { serviceCode: "asc" } })).toEqual(before);

    await setSettings({ pricing: { ...quoteSettings().pricing, fixedMarkupCents: 500 } });
    await quote(h);
    const after = await db.quoteMemory.findMany({ orderBy: { serviceCode: "asc" } });
    expect(after).toHaveLength(2);
    expect(after[0]!.priceCents).toBe(before[0]!.priceCents + 400);
    expect(after[0]!.createdAt.getTime()).toBeGreaterThan(before[0]!.createdAt.getTime());
  });

  it("remembers a fallback rate with no courier price, its source fallback", async () => {
    sandbox.setFaults({ failNext: [{ status: 500, count: 2, pathPrefix: "/v1/estimates" }] });
    const result = await quote(harness(), distinctCart(14));
    expect(result).toMatchObject({ source: "fallback" });
    const rows = await db.quoteMemory.findMany({ orderBy: { serviceCode: "desc" } });
    expect(rows).toMatchObject([
      { serviceCode: "SAMEDAY_WITHIN-3-HOURS", priceCents: 1500, courierCents: null, priceSource: "fallback" },
      { serviceCode: "SAMEDAY_TOMORROW-MORNING", priceCents: 900, courierCents: null, priceSource: "fallback" },
    ]);
  });
});

describe("when the courier cannot answer in time: the price memory, then the price model", () => {
  /** A cart to another street of `zip` (same items: the same package size class as the fixture cart). */
  const cartTo = (zip: string, street = "77 Elm St") =>
    rateRequestBody({ destination: destinationAddress({ postal_code: zip, address1: street }) });
  const failNextEstimates = (count: number) =>
    sandbox.setFaults({ failNext: [{ status: 500, count, pathPrefix: "/v1/estimates" }] });
  const rememberedRows = () => db.quoteMemory.findMany({ orderBy: { createdAt: "desc" } });

  it("prices a cart to the same postal code and size from the memory, recorded on the quote", async () => {
    const h = harness();
    const live = await quote(h, cartTo("94110", "1 Mission St"));
    expect(live).toMatchObject({ source: "live" });
    failNextEstimates(2);
    const remembered = await quote(h, cartTo("94110", "2 Mission St"));
    expect(remembered).toMatchObject({ status: 200, source: "memory", reason: null });
    expect(rates(remembered)).toEqual(rates(live));
    const rows = await db.quoteMemory.findMany({ where: { priceSource: "memory" } });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.courierCents === Math.round(sandboxPriceDollars() * 100))).toBe(true);
  });

  it("forgets a price older than the shop's limit (15 minutes by default)", async () => {
    const h = harness();
    await quote(h, cartTo("94110", "1 Mission St"));
    h.clock.advance(14 * 60_000);
    failNextEstimates(2);
    expect(await quote(h, cartTo("94110", "3 Mission St"))).toMatchObject({ source: "memory" });
    h.clock.advance(60_000);
    failNextEstimates(2);
    // One estimate gives the model no slope: the fallback.
    expect(await quote(h, cartTo("94110", "4 Mission St"))).toMatchObject({ source: "fallback" });
  });

  it("prices a new postal code from the location's model, within cents of the courier's exact price", async () => {
    const h = harness();
    for (const zip of ["94110", "94117", "94122", "94131"]) {
      expect(await quote(h, cartTo(zip))).toMatchObject({ source: "live" });
    }
    // The postal-code table loads on the first quote; it is there before the model is needed.
    await h.deps.centroids.load();
    failNextEstimates(2);
    const modelled = await quote(h, cartTo("94112"));
    expect(modelled).toMatchObject({ status: 200, source: "model" });
    const [row] = await rememberedRows();
    expect(row).toMatchObject({ priceSource: "model" });
    expect(Math.abs(row!.courierCents! - Math.round(sandboxPriceDollars("94112") * 100))).toBeLessThanOrEqual(2);
  });

  it("with memory and model off: the fallback, as before", async () => {
    await setSettings(EXACT_OR_FALLBACK);
    const h = harness();
    await quote(h, cartTo("94110", "1 Mission St"));
    failNextEstimates(2);
    expect(await quote(h, cartTo("94110", "2 Mission St"))).toMatchObject({ source: "fallback" });
  });

  it("in a rush, spends no courier call on a covered combination and one per uncovered cart", async () => {
    const h = harness();
    await quote(h, cartTo("94110", "1 Mission St"));
    expect(h.estimateCalls()).toHaveLength(2);
    // The quote lane was just refused a call: a rush.
    h.deps.estimates.noteRefused(SHOP);
    expect(await quote(h, cartTo("94110", "2 Mission St"))).toMatchObject({ source: "memory" });
    expect(h.estimateCalls()).toHaveLength(2);
    // Uncovered: the first window asks, the second takes its answer from the memory.
    const uncovered = await quote(h, cartTo("94117"));
    expect(uncovered).toMatchObject({ source: "memory" });
    expect(rates(uncovered)).toHaveLength(2);
    expect(h.estimateCalls()).toHaveLength(3);
  });
});
