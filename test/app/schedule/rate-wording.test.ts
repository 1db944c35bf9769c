import { shopperText } from "~/text/shopper/shopper-text";
import { describe, expect, it } from "vitest";
import { formatShopifyDate, toShopifyRate, withUniqueNames, type ShopifyRate } from "~/quote/rate-response";
import { ALWAYS_OPEN, type LocationHours } from "~/schedule/opening-hours";
import { rateWording, uniqueNames } from "~/schedule/rate-wording";
import { zonedDateTimeToUtc } from "~/schedule/time-zone";
import { openWindows } from "~/schedule/windows";
import { DEFAULT_SHOP_SETTINGS, type DeliveryWindow, type SlotsWindow } from "~/settings/shop-settings";
import { LA } from "./fixtures";

/**
 * What a shopper reads at 20 moments, through the same path as checkout: the open windows at that
 * instant (windows.ts), each shaped as Shopify's rate (rate-response.ts), names made unique.
 */

const nineToFive = [{ start: "09:00", end: "17:00" }];
/** The bakery: Tuesday to Saturday 9–5, nothing to prepare (the shop's 60-minute lead time applies). */
const bakery: LocationHours = {
  weekly: [[], [], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive],
  closedDates: [{ from: "2026-12-10", to: "2026-12-10", reason: "Inventory" }],
  preparationMinutes: 0,
};
const everyDay = [{ start: "08:00", end: "22:00" }];
/** Open every day 8–10 pm: the clock changes fall on Sundays. */
const daily: LocationHours = {
  weekly: [everyDay, everyDay, everyDay, everyDay, everyDay, everyDay, everyDay],
  closedDates: [],
  preparationMinutes: 30,
};

const defaults = DEFAULT_SHOP_SETTINGS.deliveryWindows as DeliveryWindow[];
const withoutTomorrow = defaults.map((w) => (w.kind === "tomorrow" ? { ...w, enabled: false } : w));
const lateSlots: SlotsWindow = {
  id: "evening",
  kind: "slots",
  serviceName: "Evening",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: ["20:00", "23:00"],
  repeat: null,
  daysAhead: 2,
  maxRates: 3,
};

/** A shop-local wall time in Los Angeles as an instant. */
function la(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return zonedDateTimeToUtc(year, month, day, hour, minute, LA);
}

function ratesAt(now: Date, hours: LocationHours, windows: DeliveryWindow[]): ShopifyRate[] {
  const open = openWindows({ now, timeZone: LA, leadTimeMinutes: 60, windows, hours });
  const rates = open.map((openWindow) => {
    const window = windows.find((w) => w.id === openWindow.windowId)!;
    const rate = toShopifyRate({ window, openWindow, totalCents: 1000, currency: "USD", timeZone: LA, now });
    // The dates Shopify shows are the window itself.
    expect(rate.min_delivery_date).toBe(formatShopifyDate(openWindow.deliverBetween.start, LA));
    expect(rate.max_delivery_date).toBe(formatShopifyDate(openWindow.deliverBetween.end, LA));
    // A within-hours count is the time from the request to the window's end, rounded up.
    const within = /^Within (\d+) hours?/.exec(rate.service_name);
    if (within) {
      const hoursLeft = (openWindow.deliverBetween.end.getTime() - now.getTime()) / 3_600_000;
      expect(hoursLeft).toBeLessThanOrEqual(Number(within[1]));
      expect(hoursLeft).toBeGreaterThan(Number(within[1]) - 1);
    }
    return rate;
  });
  return withUniqueNames(rates);
}

const names = (rates: ShopifyRate[]) => rates.map((rate) => `${rate.service_name} | ${rate.description}`);

type Row = [label: string, now: Date, hours: LocationHours, windows: DeliveryWindow[], expected: string[]];

const SAME = "Same-day delivery by a local driver";
const NEXT = "Next-day delivery by a local driver";
const LATER = "Scheduled delivery by a local driver";

const rows: Row[] = [
  [
    "Tuesday 10:00 (the issue's order): within 3 hours of the order, not of the pickup",
    la("2026-12-01", "10:00"),
    bakery,
    defaults,
    [`Within 3 hours, by 1 pm | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Tuesday 10:10: the count is from the request's minute",
    la("2026-12-01", "10:10"),
    bakery,
    defaults,
    [`Within 3 hours, by 1:10 pm | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Tuesday 09:00, the opening edge",
    la("2026-12-01", "09:00"),
    bakery,
    defaults,
    [`Within 3 hours, by noon | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Tuesday 08:59, a minute before opening: no within-hours while closed, a minute before opening: preparation starts at 9",
    la("2026-12-01", "08:59"),
    bakery,
    defaults,
    [`Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Wednesday 15:30: the pickup leaves an hour before closing",
    la("2026-12-02", "15:30"),
    bakery,
    defaults,
    [`Within 3 hours, by 6:30 pm | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Wednesday 16:00, the pickup would be at closing: only the tomorrow window, the pickup at closing: today is over, the next open day is named",
    la("2026-12-02", "16:00"),
    bakery,
    defaults,
    [`Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Wednesday 17:00, the closing edge and the order cutoff",
    la("2026-12-02", "17:00"),
    bakery,
    defaults,
    [`Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Wednesday 16:59, the tomorrow window switched off: never 'today' for tomorrow",
    la("2026-12-02", "16:59"),
    bakery,
    withoutTomorrow,
    [`Tomorrow, 9 am–noon | ${NEXT}`, `Tomorrow by 8 pm | ${NEXT}`],
  ],
  [
    "Wednesday 20:00 before a closed Thursday: Friday by date",
    la("2026-12-09", "20:00"),
    bakery,
    defaults,
    [`Fri, Dec 11, 9 am–noon | ${LATER}`],
  ],
  ["Thursday 12:00 on the closed day", la("2026-12-10", "12:00"), bakery, defaults, [`Tomorrow, 9 am–noon | ${NEXT}`]],
  [
    "Friday 11:00",
    la("2026-12-04", "11:00"),
    bakery,
    defaults,
    [`Within 3 hours, by 2 pm | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "Saturday 14:00: tomorrow (Sunday) and Monday are closed, so Tuesday by date",
    la("2026-12-05", "14:00"),
    bakery,
    defaults,
    [`Within 3 hours, by 5 pm | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tue, Dec 8, 9 am–noon | ${LATER}`],
  ],
  [
    "Saturday 21:00 before a closed Sunday and Monday",
    la("2026-12-05", "21:00"),
    bakery,
    defaults,
    [`Tue, Dec 8, 9 am–noon | ${LATER}`],
  ],
  [
    "Saturday 21:00, the tomorrow window off",
    la("2026-12-05", "21:00"),
    bakery,
    withoutTomorrow,
    [`Tue, Dec 8, 9 am–noon | ${LATER}`, `Tue, Dec 8, by 8 pm | ${LATER}`],
  ],
  ["Sunday 10:00, closed", la("2026-12-06", "10:00"), bakery, defaults, [`Tue, Dec 8, 9 am–noon | ${LATER}`]],
  [
    "Monday 16:00, closed, Tuesday is tomorrow",
    la("2026-12-07", "16:00"),
    bakery,
    defaults,
    [`Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "the spring-forward Sunday at 00:30, always open: three real hours end at 4:30 am",
    la("2026-03-08", "00:30"),
    ALWAYS_OPEN,
    defaults,
    [`Within 3 hours, by 4:30 am | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "the fall-back Sunday at 00:30, always open: three real hours end at 2:30 am",
    la("2026-11-01", "00:30"),
    ALWAYS_OPEN,
    defaults,
    [`Within 3 hours, by 2:30 am | ${SAME}`, `Today by 8 pm | ${SAME}`, `Tomorrow, 9 am–noon | ${NEXT}`],
  ],
  [
    "slots across midnight, Tuesday 18:00",
    la("2026-12-01", "18:00"),
    daily,
    [lateSlots],
    [`Today, 8–10 pm | ${SAME}`, `Today, 11 pm–1 am next day | ${SAME}`, `Tomorrow, 8–10 pm | ${NEXT}`],
  ],
  [
    "slots across midnight, Saturday 19:30 (the night before spring forward): the first slot from its pickup-forward night (Saturday 19:30)",
    la("2026-03-07", "19:30"),
    daily,
    [lateSlots],
    [`Today, 8:30–10 pm | ${SAME}`, `Today, 11 pm–1 am next day | ${SAME}`, `Tomorrow, 8–10 pm | ${NEXT}`],
  ],
];

describe("rate names at 20 moments (Los Angeles)", () => {
  it("has 20 moments", () => expect(rows).toHaveLength(20));

  it.each(rows)("%s", (_label, now, hours, windows, expected) => {
    const rates = ratesAt(now, hours, windows);
    expect(names(rates)).toEqual(expected);
    expect(new Set(rates.map((rate) => rate.service_name)).size).toBe(rates.length);
  });
});

describe("rateWording", () => {
  const now = la("2026-12-01", "10:00");
  const span = (from: string, to: string) => ({ start: la("2026-12-01", from), end: la("2026-12-01", to) });

  it.each([
    ["within_hours", span("11:00", "11:30"), "Within 2 hours, by 11:30 am"],
    ["within_hours", span("11:00", "13:01"), "Within 4 hours, by 1:01 pm"],
    [
      "within_hours",
      { start: la("2026-12-01", "22:00"), end: la("2026-12-02", "00:30") },
      "Within 15 hours, by 12:30 am tomorrow",
    ],
    ["today_by", span("11:00", "20:00"), "Today by 8 pm"],
    ["today_by", span("11:00", "00:00"), "Today by midnight"],
    ["slots", span("11:00", "12:00"), "Today, 11 am–noon"],
    ["slots", span("00:00", "02:00"), "Today, midnight–2 am"],
    ["slots", { start: la("2026-12-01", "22:00"), end: la("2026-12-02", "00:00") }, "Today, 10 pm–midnight"],
    ["tomorrow", { start: la("2026-12-02", "09:30"), end: la("2026-12-02", "11:45") }, "Tomorrow, 9:30–11:45 am"],
    ["tomorrow", { start: la("2026-12-31", "09:00"), end: la("2026-12-31", "12:00") }, "Thu, Dec 31, 9 am–noon"],
    ["slots", { start: la("2026-12-02", "23:00"), end: la("2026-12-04", "01:00") }, "Tomorrow, 11 pm–1 am Fri, Dec 4"],
  ] as const)("%s over %o → %s", (kind, deliverBetween, expected) => {
    expect(rateWording({ kind, deliverBetween, now, timeZone: LA }).name).toBe(expected);
  });
});

describe("rateWording in the buyer's language (rate.locale)", () => {
  const now = la("2026-12-01", "10:00");
  const span = (from: string, to: string) => ({ start: la("2026-12-01", from), end: la("2026-12-01", to) });
  const nextDays = { start: la("2026-12-02", "23:00"), end: la("2026-12-04", "01:00") };

  it.each([
    [
      "fr",
      "within_hours",
      span("11:00", "11:30"),
      "D'ici 2 heures, avant 11:30",
      "Livraison le jour même par un livreur local",
    ],
    [
      "fr",
      "within_hours",
      span("10:30", "11:00"),
      "D'ici 1 heure, avant 11:00",
      "Livraison le jour même par un livreur local",
    ],
    [
      "fr",
      "today_by",
      span("11:00", "20:00"),
      "Aujourd'hui avant 20:00",
      "Livraison le jour même par un livreur local",
    ],
    ["fr", "slots", span("11:00", "12:00"), "Aujourd'hui, 11:00–12:00", "Livraison le jour même par un livreur local"],
    ["es", "slots", span("11:00", "14:00"), "Hoy, 11:00–14:00", "Entrega en el día por un repartidor local"],
    ["es", "slots", nextDays, "Mañana, 23:00–01:00 del vie, 4 dic", "Entrega al día siguiente por un repartidor local"],
    [
      "de",
      "within_hours",
      span("11:00", "13:01"),
      "Innerhalb von 4 Stunden, bis 13:01",
      "Lieferung am selben Tag durch einen lokalen Fahrer",
    ],
    [
      "de",
      "slots",
      { start: la("2026-12-01", "22:00"), end: la("2026-12-02", "00:30") },
      "Heute, 22:00–00:30 am Folgetag",
      "Lieferung am selben Tag durch einen lokalen Fahrer",
    ],
  ] as const)("%s: %s over %o → %s", (language, kind, deliverBetween, name, description) => {
    expect(rateWording({ kind, deliverBetween, now, timeZone: LA, text: shopperText(language) })).toEqual({
      name,
      description,
    });
  });

  it("keeps names unique in the buyer's words", () => {
    expect(uniqueNames([{ name: "Hoy" }, { name: "Hoy" }], shopperText("es")).map((r) => r.name)).toEqual([
      "Hoy",
      "Hoy (opción 2)",
    ]);
  });
});

describe("uniqueNames", () => {
  it.each([
    [
      ["A", "B"],
      ["A", "B"],
    ],
    [
      ["A", "A", "A"],
      ["A", "A (option 2)", "A (option 3)"],
    ],
    [
      ["A", "A (option 2)", "A"],
      ["A", "A (option 2)", "A (option 3)"],
    ],
    [[], []],
  ])("%o → %o", (given, expected) => {
    expect(uniqueNames(given.map((name) => ({ name }))).map((rate) => rate.name)).toEqual(expected);
  });
});
