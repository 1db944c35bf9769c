import { describe, expect, it } from "vitest";
import { MAX_DELIVERY_WINDOWS } from "~/settings/limits";
import { NO_DRIVER_WATCH_DEFAULTS } from "~/settings/no-driver-schema";
import { ShopSettings } from "~/settings/settings-schema";
import { parseShopSettings } from "~/settings/stored-settings";
import { custom, defaults, within2h } from "./fixtures";

describe("parseShopSettings", () => {
  it.each([
    ["the column default {}", "{}"],
    ["an empty string", ""],
    ["text that is not JSON", "{not json"],
    ["JSON null", "null"],
    ["a JSON array", "[1,2]"],
    ["a JSON number", "42"],
    ["undefined", undefined],
    ["null", null],
    ["a number", 7],
  ])("%s → the defaults", (_name, stored) => {
    expect(parseShopSettings(stored)).toEqual(defaults());
  });

  it.each([
    ["as JSON text", JSON.stringify(custom)],
    ["as a parsed object", structuredClone(custom)],
  ])("returns complete valid settings unchanged (%s)", (_name, stored) => {
    expect(parseShopSettings(stored)).toEqual(custom);
  });

  it("reads settings saved before the driver notes existed with the shopper's instructions on", () => {
    const { driverNotes: _added, ...older } = structuredClone(custom);
    expect(parseShopSettings(JSON.stringify(older))).toEqual({
      ...custom,
      driverNotes: { shopperInstructions: true, instructionsAttribute: null, merchantNote: null },
    });
  });

  it("reads settings saved before opening hours as always open (no hours), keeping everything else", () => {
    const { openingHours: _added, ...older } = structuredClone(custom);
    expect(parseShopSettings(JSON.stringify(older))).toEqual({ ...custom, openingHours: [] });
  });

  it("reads settings saved before the no-driver watchdog with its defaults: raises off, 20 and 10 minutes before and at pickup", () => {
    const { noDriverWatch: _added, ...older } = structuredClone(custom);
    expect(parseShopSettings(JSON.stringify(older))).toEqual({ ...custom, noDriverWatch: NO_DRIVER_WATCH_DEFAULTS });
    expect(NO_DRIVER_WATCH_DEFAULTS).toMatchObject({ raisesEnabled: false, raiseMinutesBeforePickup: [20, 10, 0] });
  });

  it("an unreadable watchdog field takes its default alone", () => {
    const broken = { ...structuredClone(custom), noDriverWatch: { ...custom.noDriverWatch, stepCents: -5 } };
    expect(parseShopSettings(broken).noDriverWatch).toEqual({
      ...custom.noDriverWatch,
      stepCents: NO_DRIVER_WATCH_DEFAULTS.stepCents,
    });
  });

  it("an unreadable opening-hours entry falls back to no hours, not to broken settings", () => {
    const broken = {
      ...structuredClone(custom),
      openingHours: [{ locationGid: "gid://shopify/Location/1", weekly: "?" }],
    };
    expect(parseShopSettings(broken)).toEqual({ ...custom, openingHours: [] });
  });

  it("ignores keys it does not know (settings removed in a later version)", () => {
    expect(parseShopSettings({ ...custom, legacyFlag: true, pricing: { ...custom.pricing, oldRule: 3 } })).toEqual(
      custom,
    );
  });

  type Case = [name: string, stored: Record<string, unknown>, expected: (d: ShopSettings) => ShopSettings];
  it.each<Case>([
    [
      "an old row with one key keeps it and takes defaults for the rest",
      { leadTimeMinutes: 30 },
      (d) => ({ ...d, leadTimeMinutes: 30 }),
    ],
    [
      "an old row without the newer groups",
      { carrierServiceName: "Old name", pricing: { markupPercent: 5 } },
      (d) => ({ ...d, carrierServiceName: "Old name", pricing: { ...d.pricing, markupPercent: 5 } }),
    ],
    [
      "old windows without enabled, description and fallback price",
      {
        deliveryWindows: [{ id: "quick", kind: "within_hours", hours: 1, serviceName: "Quick" }],
        defaultWindowId: "quick",
      },
      (d) => ({
        ...d,
        deliveryWindows: [
          {
            id: "quick",
            kind: "within_hours",
            hours: 1,
            serviceName: "Quick",
            description: "",
            enabled: true,
            fallbackPriceCents: null,
          },
        ],
        defaultWindowId: "quick",
      }),
    ],
    [
      "an invalid lead time → its default only",
      { ...custom, leadTimeMinutes: 0 },
      () => ({ ...custom, leadTimeMinutes: 60 }),
    ],
    [
      "a time budget over Shopify's timeout → 2500",
      { ...custom, timeBudgetMs: 5000 },
      () => ({ ...custom, timeBudgetMs: 2500 }),
    ],
    [
      "an unknown dispatch mode → the default mode",
      { ...custom, dispatchMode: "everything" },
      () => ({ ...custom, dispatchMode: "carrier_orders" }),
    ],
    [
      "an unknown rounding → only rounding falls back",
      { ...custom, pricing: { ...custom.pricing, rounding: "ceil" } },
      () => ({ ...custom, pricing: { ...custom.pricing, rounding: "none" } }),
    ],
    [
      "pricing that is not an object → default pricing",
      { ...custom, pricing: "cheap" },
      (d) => ({ ...custom, pricing: d.pricing }),
    ],
    [
      "crossed minimum and maximum → default pricing (the pair cannot be trusted)",
      { ...custom, pricing: { ...custom.pricing, minimumPriceCents: 5000, maximumPriceCents: 100 } },
      (d) => ({ ...custom, pricing: d.pricing }),
    ],
    [
      "a tag with a comma → that list's default",
      { ...custom, tags: { ...custom.tags, over18: ["a,b"] } },
      (d) => ({ ...custom, tags: { ...custom.tags, over18: d.tags.over18 } }),
    ],
    [
      "an http tracking URL → no template",
      { ...custom, tracking: { ...custom.tracking, urlTemplate: "http://track.example.com/{tracking_number}" } },
      () => ({ ...custom, tracking: { ...custom.tracking, urlTemplate: null } }),
    ],
    [
      "numbers and flags stored as strings are read",
      { ...custom, leadTimeMinutes: "45", notifyCustomerOnFulfillment: "true" },
      () => ({ ...custom, leadTimeMinutes: 45, notifyCustomerOnFulfillment: true }),
    ],
    [
      "an invalid window is dropped, the others kept",
      { ...custom, deliveryWindows: [within2h, { id: "broken", kind: "weekly" }, custom.deliveryWindows[1]] },
      () => custom,
    ],
    [
      "a window with cutoff after deadline is dropped",
      {
        ...custom,
        deliveryWindows: [within2h, { ...custom.deliveryWindows[1], orderCutoff: "22:00" }],
        defaultWindowId: "within-2h",
      },
      () => ({ ...custom, deliveryWindows: [within2h], defaultWindowId: "within-2h" }),
    ],
    [
      "a second window with the same id is dropped",
      { ...custom, deliveryWindows: [within2h, { ...within2h, serviceName: "Copy" }, custom.deliveryWindows[1]] },
      () => custom,
    ],
    [
      "every window invalid → the default windows and default window",
      { ...custom, deliveryWindows: [{ id: "x" }, "nonsense"] },
      (d) => ({ ...custom, deliveryWindows: d.deliveryWindows, defaultWindowId: d.defaultWindowId }),
    ],
    [
      "windows not a list → the default windows",
      { ...custom, deliveryWindows: { id: "x" }, defaultWindowId: "within-3-hours" },
      (d) => ({ ...custom, deliveryWindows: d.deliveryWindows, defaultWindowId: "within-3-hours" }),
    ],
    [
      "an empty list → the default windows",
      { ...custom, deliveryWindows: [] },
      (d) => ({ ...custom, deliveryWindows: d.deliveryWindows, defaultWindowId: d.defaultWindowId }),
    ],
    [
      "a default window id naming no window → the first window",
      { ...custom, defaultWindowId: "deleted-window" },
      () => ({ ...custom, defaultWindowId: "within-2h" }),
    ],
    [
      "more windows than allowed → the first ones",
      {
        ...custom,
        deliveryWindows: Array.from({ length: 12 }, (_, i) => ({ ...within2h, id: `w${i}` })),
        defaultWindowId: "w0",
      },
      () => ({
        ...custom,
        deliveryWindows: Array.from({ length: MAX_DELIVERY_WINDOWS }, (_, i) => ({ ...within2h, id: `w${i}` })),
        defaultWindowId: "w0",
      }),
    ],
    [
      "a percent tolerance above 100 → the default tolerance",
      { ...custom, priceTolerance: { unit: "percent", amount: 500 } },
      (d) => ({ ...custom, priceTolerance: d.priceTolerance }),
    ],
  ])("%s", (_name, stored, expected) => {
    expect(parseShopSettings(JSON.stringify(stored))).toEqual(expected(defaults()));
  });

  it("always returns settings that pass the schema", () => {
    const junk: unknown[] = [
      { deliveryWindows: [{}], defaultWindowId: 5, pricing: null, tags: { over21: 7 }, tracking: [] },
      { defaultPackage: { lengthInches: -1, widthInches: "wide" }, priceTolerance: { unit: "cents", amount: 1.5 } },
      { timeBudgetMs: null, leadTimeMinutes: Infinity, deliveryOptions: "yes" },
    ];
    for (const stored of junk) expect(ShopSettings.safeParse(parseShopSettings(stored)).success).toBe(true);
  });
});
