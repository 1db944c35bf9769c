import { withAreaOf } from "~/settings/area-draft";
import { describe, expect, it } from "vitest";
import {
  centsToDollarsText,
  dollarsTextToCents,
  draftFromSettings,
  draftToEntries,
  newWindowDraft,
  windowErrorKey,
} from "~/settings/settings-draft";
import {
  DEFAULT_SHOP_SETTINGS,
  validateSettingsInput,
  type DeliveryWindow,
  type ShopSettings,
} from "~/settings/shop-settings";

const defaults = structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;
const submit = (entries: [string, string][]) => validateSettingsInput({ entries: () => entries }, defaults);

describe("the settings page's draft", () => {
  it("posts back exactly the settings it was made from", () => {
    const result = submit(draftToEntries(draftFromSettings(defaults, [])));
    expect(result).toEqual({ ok: true, settings: defaults });
  });

  it("shows each location's delivery area as miles and ZIP text, posts it back, and clears it", () => {
    const deliveryAreas = [
      { locationGid: "gid://shopify/Location/1", radiusMiles: 7.5, zipCodes: ["94110", "941"] },
      { locationGid: "gid://shopify/Location/2", radiusMiles: null, zipCodes: ["10001"] },
    ];
    const draft = draftFromSettings({ ...defaults, deliveryAreas }, []);
    expect(draft.areas[0]).toEqual({
      locationGid: "gid://shopify/Location/1",
      radiusMiles: "7.5",
      zipCodes: "94110 941",
    });
    const withAreas = { ...defaults, deliveryAreas };
    const again = (entries: [string, string][]) => validateSettingsInput({ entries: () => entries }, withAreas);
    expect(again(draftToEntries(draft))).toEqual({ ok: true, settings: withAreas });
    // Both fields emptied: the location has no area, and the saved one is gone.
    const cleared = withAreaOf(withAreaOf(draft.areas, { ...draft.areas[0]!, radiusMiles: "", zipCodes: "" }), {
      ...draft.areas[1]!,
      zipCodes: " ",
    });
    expect(again(draftToEntries({ ...draft, areas: cleared }))).toEqual({ ok: true, settings: defaults });
  });

  it("shows a window's own price in dollars and tiers, and posts it back in cents", () => {
    const price = {
      mode: "distance_tiers" as const,
      flatCents: null,
      tiers: [
        { upToMiles: 3, priceCents: 600 },
        { upToMiles: 8.5, priceCents: 950 },
      ],
      surchargeCents: 150,
      offerWhileCourierAtMostCents: 2500,
    };
    const windows = defaults.deliveryWindows.map((w, i) => (i === 0 ? { ...w, price } : w));
    const settings = {
      ...defaults,
      deliveryWindows: windows,
      pricing: { ...defaults.pricing, freeForCustomerTags: ["VIP"] },
    };
    const draft = draftFromSettings(settings, []);
    expect(draft.windows[0]!.price).toEqual({
      mode: "distance_tiers",
      flat: "",
      tiers: [
        { upToMiles: "3", price: "6.00" },
        { upToMiles: "8.5", price: "9.50" },
      ],
      surcharge: "1.50",
      courierLimit: "25.00",
    });
    expect(draft.windows[1]!.price).toBeNull();
    expect(submit(draftToEntries(draft))).toEqual({ ok: true, settings });
    // A flat price the merchant leaves empty is named on its field.
    const flat = {
      ...draft,
      windows: draft.windows.map((w, i) => (i === 0 ? { ...w, price: { ...w.price!, mode: "flat" as const } } : w)),
    };
    const refused = submit(draftToEntries(flat));
    expect(refused.ok === false && refused.fieldErrors).toEqual({
      "deliveryWindows.0.price.flatCents": "Enter the flat price",
    });
    // With the price filled in it saves, the tiers gone with their mode.
    const filled = {
      ...flat,
      windows: flat.windows.map((w, i) => (i === 0 ? { ...w, price: { ...w.price!, flat: "7.99" } } : w)),
    };
    const saved = submit(draftToEntries(filled));
    expect(saved.ok && saved.settings.deliveryWindows[0]!.price).toEqual({
      ...price,
      mode: "flat",
      flatCents: 799,
      tiers: [],
    });
  });

  it("shows the watchdog's times as one text and its money in dollars, and posts them back", () => {
    const watch = {
      raisesEnabled: true,
      raiseMinutesBeforePickup: [45, 15, 0],
      stepCents: 250,
      maxPerShipmentCents: 750,
      maxPerShopPerDayCents: 10_000,
    };
    const draft = draftFromSettings({ ...defaults, noDriverWatch: watch }, []);
    expect(draft.fields["noDriverWatch.raiseMinutesBeforePickup"]).toBe("45, 15, 0");
    expect(draft.fields["noDriverWatch.stepCents"]).toBe("2.50");
    expect(submit(draftToEntries(draft))).toEqual({ ok: true, settings: { ...defaults, noDriverWatch: watch } });
  });

  it.each([
    { name: "listed times", startTimes: ["10:00", "14:00"], repeat: null },
    { name: "a pattern only", startTimes: [], repeat: { from: "09:00", until: "17:00", everyMinutes: 60 } },
  ])("posts back a slots window ($name) and the opening hours as they were", ({ startTimes, repeat }) => {
    const slots: DeliveryWindow = {
      serviceName: "Scheduled",
      description: "",
      enabled: true,
      fallbackPriceCents: null,
      id: "slots",
      kind: "slots" as const,
      slotMinutes: 90,
      daysAhead: 2,
      maxRates: 5,
      startTimes,
      repeat,
    };
    const settings: ShopSettings = {
      ...defaults,
      deliveryWindows: [...defaults.deliveryWindows, slots],
      openingHours: [
        {
          locationGid: "gid://shopify/Location/1",
          weekly: Array.from({ length: 7 }, () => [{ start: "08:00", end: "18:00" }]),
          closedDates: [],
          preparationMinutes: 20,
          slotCapacity: null,
        },
      ],
    };
    const entries = draftToEntries(draftFromSettings(settings, []));
    expect(validateSettingsInput({ entries: () => entries }, settings)).toEqual({ ok: true, settings });
  });

  it.each([
    { name: "in dollars (kept in cents)", tolerance: { unit: "cents" as const, amount: 250 }, shown: "2.50" },
    { name: "in percent", tolerance: { unit: "percent" as const, amount: 12.5 }, shown: "12.5" },
  ])("shows a price tolerance $name and posts it back as it was", ({ tolerance, shown }) => {
    const settings: ShopSettings = { ...defaults, priceTolerance: tolerance };
    const draft = draftFromSettings(settings, []);
    expect(draft.fields["priceTolerance.amount"]).toBe(shown);
    expect(validateSettingsInput({ entries: () => draftToEntries(draft) }, settings)).toEqual({ ok: true, settings });
  });

  it("reads a tolerance the merchant switches to dollars as dollars", () => {
    const draft = draftFromSettings(defaults, []);
    draft.fields["priceTolerance.unit"] = "cents";
    draft.fields["priceTolerance.amount"] = "1.75";
    const result = submit(draftToEntries(draft));
    expect(result.ok && result.settings.priceTolerance).toEqual({ unit: "cents", amount: 175 });
  });

  it("posts a slots window's start times as listed, leaving out a blank one", () => {
    const draft = draftFromSettings(defaults, []);
    draft.windows[0] = { ...draft.windows[0]!, kind: "slots", startTimes: ["09:30", "", "13:15"] };
    const entries = draftToEntries(draft).filter(([name]) => name.startsWith("deliveryWindows.0.startTimes"));
    expect(entries).toEqual([
      ["deliveryWindows.0.startTimes.0", "09:30"],
      ["deliveryWindows.0.startTimes.1", "13:15"],
    ]);
  });

  it("sends money in cents, booleans explicitly and the windows whole", () => {
    const draft = draftFromSettings(defaults, []);
    draft.fields["pricing.minimumPriceCents"] = "4.5";
    draft.fields["pricing.fixedMarkupCents"] = "-1.25";
    draft.flags["deliveryOptions.signatureRequired"] = true;
    draft.windows = [{ ...draft.windows[1]!, fallbackPrice: "7" }];
    draft.fields.defaultWindowId = draft.windows[0]!.id;
    const result = submit(draftToEntries(draft));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.pricing).toMatchObject({ minimumPriceCents: 450, fixedMarkupCents: -125 });
    expect(result.settings.deliveryOptions.signatureRequired).toBe(true);
    expect(result.settings.deliveryWindows).toEqual([{ ...defaults.deliveryWindows[1]!, fallbackPriceCents: 700 }]);
  });

  it("a new window of each kind is valid as it comes", () => {
    const draft = draftFromSettings(defaults, []);
    for (const kind of ["within_hours", "today_by", "tomorrow", "slots"] as const) {
      draft.windows.push({ ...newWindowDraft(draft.windows.map((w) => w.id)), kind });
    }
    expect(new Set(draft.windows.map((w) => w.id)).size).toBe(7);
    expect(submit(draftToEntries(draft)).ok).toBe(true);
  });

  it("reports a slot pattern's mistake under the draft field the page shows it on", () => {
    const draft = draftFromSettings(defaults, []);
    draft.windows[0] = {
      ...draft.windows[0]!,
      kind: "slots",
      startTimes: [],
      repeatFrom: "17:00",
      repeatUntil: "09:00",
      repeatEveryMinutes: "60",
    };
    const result = submit(draftToEntries(draft));
    expect(result.ok ? {} : Object.keys(result.fieldErrors)).toEqual([windowErrorKey(0, "repeatUntil")]);
  });

  it("reports a mistake under the name the page shows it", () => {
    const draft = draftFromSettings(defaults, []);
    draft.windows[0] = { ...draft.windows[0]!, fallbackPrice: "lots" };
    const result = submit(draftToEntries(draft));
    expect(result.ok ? {} : Object.keys(result.fieldErrors)).toEqual([windowErrorKey(0, "fallbackPrice")]);
  });

  it("sends each pickup location's fields", () => {
    const draft = draftFromSettings(defaults, [
      {
        locationGid: "gid://shopify/Location/1",
        name: "Main",
        addressLine: "",
        enabled: true,
        contactName: "Maria",
        contactPhone: "4155550132",
        notes: "",
        missingInShopify: false,
      },
    ]);
    expect(draftToEntries(draft).filter(([name]) => name.startsWith("pickupLocations."))).toEqual([
      ["pickupLocations.0.locationGid", "gid://shopify/Location/1"],
      ["pickupLocations.0.enabled", "true"],
      ["pickupLocations.0.contactName", "Maria"],
      ["pickupLocations.0.contactPhone", "4155550132"],
      ["pickupLocations.0.notes", ""],
    ]);
  });

  it.each([
    ["", ""],
    ["12", "1200"],
    ["12.5", "1250"],
    ["$1,234.56", "123456"],
    ["-3", "-300"],
    ["1.234", "1.234"],
    ["ten", "ten"],
  ])("dollars %j → cents %j", (text, cents) => {
    expect(dollarsTextToCents(text)).toBe(cents);
  });

  it.each([
    [null, ""],
    [0, "0.00"],
    [1250, "12.50"],
    [-5, "-0.05"],
  ])("cents %j → dollars %j", (cents, text) => {
    expect(centsToDollarsText(cents)).toBe(text);
  });
});
