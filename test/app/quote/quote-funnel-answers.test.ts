import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCourierClient } from "~/courier/client.server";
import { createInProcessRateLimiter } from "~/courier/rate-limiter.server";
import { db } from "~/db.server";
import { createEstimateCache } from "~/quote/estimate-cache.server";
import { createQuoteFunnel } from "~/quote/quote-funnel.server";
import { createPostalCentroids } from "~/quote/postal-centroids.server";
import { createPriceMemory } from "~/quote/price-memory";
import { createQuoteMemory } from "~/quote/quote-memory.server";
import { loadQuoteShop } from "~/quote/quote-shop.server";
import { quoteRates, type QuoteDeps } from "~/quote/quote.server";
import { shopHourStart } from "~/quote/quote-funnel";
import { takenPlaces } from "~/schedule/slot-reservations.server";
import { zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";
import type { LocationHours, ShopSettings } from "~/settings/shop-settings";
import { startCourierSandbox, type CourierSandbox } from "../../courier-sandbox/server";
import { testBudgetTimer } from "./budget-timer";
import { destinationAddress, originAddress, rateRequestBody, type RateRequestOptions } from "./rate-request-fixture";
import { WITHIN_3_HOURS, quoteSettings, seedQuoteShop } from "./quote-shop";

/** Every answer of the quote flow is counted in the funnel, by its outcome, location and the shop's hour. */

const SHOP = "candles.myshopify.com";
const LOCATION = "gid://shopify/Location/1";
const LA = "America/Los_Angeles";
const day = zonedDate(new Date(Date.now() + 3 * 86_400_000), LA);
const MID_MORNING = zonedTimeOnDate(day, "10:01", LA);

let sandbox: CourierSandbox;
beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await db.quoteFunnelHour.deleteMany();
  await db.quoteMemory.deleteMany();
  await db.pickupLocation.deleteMany();
  await db.shop.deleteMany();
  await seedQuoteShop(db, { domain: SHOP, settings: quoteSettings({ timeBudgetMs: 700 }) });
});

async function setSettings(overrides: Partial<ShopSettings>) {
  await db.shop.update({
    where: { domain: SHOP },
    data: { settingsJson: JSON.stringify(quoteSettings({ timeBudgetMs: 700, ...overrides })) },
  });
}

function deps(options: { connected?: boolean; takenPlaces?: QuoteDeps["takenPlaces"] } = {}): QuoteDeps {
  const token = `tok-${randomUUID()}`;
  sandbox.addToken(token);
  const clock = () => MID_MORNING;
  return {
    clock,
    shopFor: (shopDomain) => loadQuoteShop(db, shopDomain),
    courierFor: async () =>
      options.connected === false
        ? null
        : createCourierClient({ baseUrl: sandbox.url, token, limiter: createInProcessRateLimiter({ clock }) }),
    estimates: createEstimateCache({ clock }),
    prices: createPriceMemory({ clock }),
    centroids: createPostalCentroids(),
    memory: createQuoteMemory({ db, clock }),
    takenPlaces: options.takenPlaces ?? ((shopDomain, keys) => takenPlaces(db, shopDomain, keys)),
    budgetTimer: testBudgetTimer().timer,
    funnel: createQuoteFunnel({ db }),
  };
}

const ask = (d: QuoteDeps, options: RateRequestOptions = {}, shopDomain = SHOP) =>
  quoteRates(d, { shopDomain, body: JSON.stringify(rateRequestBody(options)) });

async function funnelRows(d: QuoteDeps) {
  await d.funnel!.flush();
  return db.quoteFunnelHour.findMany({ orderBy: { locationGid: "asc" } });
}

const HOUR = shopHourStart(MID_MORNING, LA);

describe("the quote funnel counts every answer", () => {
  it("a live price, then the same cart from the cache, at the pickup location in the shop's hour", async () => {
    const d = deps();
    expect((await ask(d)).source).toBe("live");
    expect((await ask(d)).source).toBe("cache");
    const [row, ...rest] = await funnelRows(d);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      shopDomain: SHOP,
      locationGid: LOCATION,
      hourStart: HOUR,
      requests: 2,
      ratedLive: 1,
      ratedCache: 1,
    });
  });

  it("a price from the memory while the courier fails: counted as memory", async () => {
    const d = deps();
    expect((await ask(d)).source).toBe("live");
    sandbox.setFaults({ failNext: [{ status: 500, count: 2, pathPrefix: "/v1/estimates" }] });
    expect((await ask(d, { destination: destinationAddress({ address1: "9 Other St" }) })).source).toBe("memory");
    expect(await funnelRows(d)).toMatchObject([{ requests: 2, ratedLive: 1, ratedMemory: 1, ratedFallback: 0 }]);
  });

  it("an origin that is no pickup location: counted under no location, as a setup problem", async () => {
    const d = deps();
    await ask(d, { origin: originAddress({ address1: "77 Elsewhere Ave" }) });
    expect(await funnelRows(d)).toMatchObject([{ locationGid: "", requests: 1, noneSetup: 1 }]);
  });

  it("every slot full: slot full, not closed", async () => {
    const slots = {
      ...WITHIN_3_HOURS,
      id: "slots",
      kind: "slots" as const,
      slotMinutes: 120,
      startTimes: ["12:00", "14:00"],
      repeat: null,
      daysAhead: 1,
      maxRates: 3,
    };
    const open: LocationHours = {
      locationGid: LOCATION,
      weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
      closedDates: [],
      preparationMinutes: 0,
      slotCapacity: 2,
    };
    await setSettings({ openingHours: [open], deliveryWindows: [slots], defaultWindowId: "slots" });
    const full = deps({ takenPlaces: async (_shop, keys) => new Map(keys.map((key) => [key, 2])) });
    expect(await ask(full)).toMatchObject({ body: { rates: [] }, reason: "slots_full" });
    expect(await funnelRows(full)).toMatchObject([{ requests: 1, noneSlotFull: 1, noneClosed: 0 }]);

    // Closed every day: closed, whatever the capacity.
    await setSettings({
      openingHours: [{ ...open, weekly: Array.from({ length: 7 }, () => []) }],
      deliveryWindows: [slots],
      defaultWindowId: "slots",
    });
    await db.quoteFunnelHour.deleteMany();
    const closed = deps({ takenPlaces: async () => new Map() });
    expect(await ask(closed)).toMatchObject({ reason: "no_open_window" });
    expect(await funnelRows(closed)).toMatchObject([{ requests: 1, noneClosed: 1, noneSlotFull: 0 }]);
  });

  it("no courier account: courier; a shop that is not installed: not counted", async () => {
    const d = deps({ connected: false });
    await ask(d);
    await ask(d, {}, "unknown.myshopify.com");
    expect(await funnelRows(d)).toMatchObject([{ shopDomain: SHOP, requests: 1, noneCourier: 1 }]);
  });

  it("times each answer into its bucket", async () => {
    const d = deps();
    await ask(d, { origin: originAddress({ address1: "77 Elsewhere Ave" }) });
    const [row] = await funnelRows(d);
    // Answering without the courier takes far under a second on any machine that runs the suite.
    const within1s =
      row!.msUpTo10 +
      row!.msUpTo25 +
      row!.msUpTo50 +
      row!.msUpTo100 +
      row!.msUpTo250 +
      row!.msUpTo500 +
      row!.msUpTo1000;
    expect(within1s).toBe(1);
  });
});
