import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHOP_SETTINGS,
  MAX_DELIVERY_WINDOWS,
  parseShopSettings,
  ShopSettings,
  trackingUrlFor,
  validateSettingsInput,
  type DeliveryWindow,
} from "~/settings/shop-settings";

const defaults = () => structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;

const within2h: DeliveryWindow = {
  id: "within-2h",
  kind: "within_hours",
  hours: 2,
  serviceName: "Within 2 hours",
  description: "Fast",
  enabled: true,
  fallbackPriceCents: 999,
};

/** A complete settings object unlike the defaults in every field. */
const custom: ShopSettings = {
  carrierServiceName: "Bolt Delivery",
  defaultPackage: { lengthInches: 6, widthInches: 4.5, heightInches: 2, weightPounds: 0.5 },
  leadTimeMinutes: 30,
  deliveryWindows: [
    within2h,
    {
      id: "tonight",
      kind: "today_by",
      deliverBy: "21:30",
      orderCutoff: "18:00",
      serviceName: "Tonight",
      description: "",
      enabled: false,
      fallbackPriceCents: null,
    },
  ],
  defaultWindowId: "tonight",
  pricing: {
    markupPercent: 12.5,
    fixedMarkupCents: -100,
    rounding: "up_to_99_cents",
    freeAboveSubtotalCents: 10_000,
    minimumPriceCents: 499,
    maximumPriceCents: 2999,
  },
  checkoutFallback: "flat_rate",
  timeBudgetMs: 2000,
  dispatchMode: "all_in_area",
  tags: { over21: ["alcohol"], over18: [], dispatched: "courier-booked", attention: "courier-help" },
  deliveryOptions: { signatureRequired: true, recipientSmsNotifications: false, declineInsurance: true },
  notifyCustomerOnFulfillment: false,
  tracking: {
    companyName: "Bolt",
    urlTemplate: "https://track.example.com/t/{tracking_number}?src=shop",
    pageDays: 14,
  },
  driverNotes: { shopperInstructions: false, instructionsAttribute: "Gate code", merchantNote: "Fragile" },
  priceTolerance: { unit: "cents", amount: 150 },
  reconciliationSilenceMinutes: 45,
};

describe("DEFAULT_SHOP_SETTINGS", () => {
  it("is valid, as the issues describe it, and frozen", () => {
    expect(ShopSettings.safeParse(DEFAULT_SHOP_SETTINGS).success).toBe(true);
    expect(DEFAULT_SHOP_SETTINGS).toMatchObject({
      timeBudgetMs: 2500,
      dispatchMode: "carrier_orders",
      tags: {
        over21: ["21+", "age-21"],
        over18: ["18+", "age-18"],
        dispatched: "same-day-dispatched",
        attention: "same-day-attention",
      },
      notifyCustomerOnFulfillment: true,
      tracking: { companyName: "Same-Day Courier" },
      driverNotes: { shopperInstructions: true, instructionsAttribute: null, merchantNote: null },
    });
    expect(DEFAULT_SHOP_SETTINGS.deliveryWindows.map((w) => w.kind)).toEqual(["within_hours", "today_by", "tomorrow"]);
    expect(Object.isFrozen(DEFAULT_SHOP_SETTINGS.pricing)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SHOP_SETTINGS.deliveryWindows[0])).toBe(true);
  });

  it("is never shared with a parsed result", () => {
    const parsed = parseShopSettings("{}");
    parsed.tags.over21.push("mutated");
    parsed.leadTimeMinutes = 999;
    expect(DEFAULT_SHOP_SETTINGS.tags.over21).toEqual(["21+", "age-21"]);
    expect(parseShopSettings("{}").leadTimeMinutes).toBe(60);
  });
});

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

  it.each<[string, string, string, RegExp]>([
    ["driverNotes.merchantNote", "x".repeat(201), "driverNotes.merchantNote", /at most 200 characters/],
    ["driverNotes.instructionsAttribute", "x".repeat(101), "driverNotes.instructionsAttribute", /at most 100/],
    ["driverNotes.shopperInstructions", "maybe", "driverNotes.shopperInstructions", /Choose yes or no/],
  ])("refuses %s = %j with a message on the field", (name, value, key, message) => {
    const result = validateSettingsInput(new URLSearchParams([[name, value]]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[key]).toMatch(message);
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

function form(entries: Array<[string, string]>): URLSearchParams {
  return new URLSearchParams(entries);
}

const windowFields: Array<[string, string]> = [
  ["deliveryWindows.0.id", "within-2h"],
  ["deliveryWindows.0.kind", "within_hours"],
  ["deliveryWindows.0.hours", "2"],
  ["deliveryWindows.0.serviceName", "Within 2 hours"],
  ["deliveryWindows.0.description", "Fast"],
  ["deliveryWindows.0.enabled", "true"],
  ["deliveryWindows.0.fallbackPriceCents", "999"],
  ["deliveryWindows.1.id", "Tonight "],
  ["deliveryWindows.1.kind", "today_by"],
  ["deliveryWindows.1.deliverBy", "21:30"],
  ["deliveryWindows.1.orderCutoff", "18:00"],
  ["deliveryWindows.1.serviceName", " Tonight "],
  ["deliveryWindows.1.description", ""],
  ["deliveryWindows.1.enabled", "false"],
  ["deliveryWindows.1.fallbackPriceCents", ""],
];

/** Every field of `custom`, as the settings page submits them (strings, dotted names). */
const fullForm: Array<[string, string]> = [
  ["carrierServiceName", "Bolt Delivery"],
  ["defaultPackage.lengthInches", "6"],
  ["defaultPackage.widthInches", "4.5"],
  ["defaultPackage.heightInches", "2"],
  ["defaultPackage.weightPounds", "0.5"],
  ["leadTimeMinutes", "30"],
  ...windowFields,
  ["defaultWindowId", "tonight"],
  ["pricing.markupPercent", "12.5"],
  ["pricing.fixedMarkupCents", "-100"],
  ["pricing.rounding", "up_to_99_cents"],
  ["pricing.freeAboveSubtotalCents", "10000"],
  ["pricing.minimumPriceCents", "499"],
  ["pricing.maximumPriceCents", "2999"],
  ["checkoutFallback", "flat_rate"],
  ["timeBudgetMs", "2000"],
  ["dispatchMode", "all_in_area"],
  ["tags.over21", "alcohol"],
  ["tags.over18", ""],
  ["tags.dispatched", "courier-booked"],
  ["tags.attention", "courier-help"],
  ["deliveryOptions.signatureRequired", "false"],
  ["deliveryOptions.signatureRequired", "on"],
  ["deliveryOptions.recipientSmsNotifications", "false"],
  ["deliveryOptions.declineInsurance", "true"],
  ["notifyCustomerOnFulfillment", "false"],
  ["tracking.companyName", "Bolt"],
  ["tracking.urlTemplate", "https://track.example.com/t/{tracking_number}?src=shop"],
  ["tracking.pageDays", "14"],
  ["driverNotes.shopperInstructions", "false"],
  ["driverNotes.instructionsAttribute", " Gate code "],
  ["driverNotes.merchantNote", "Fragile"],
  ["priceTolerance.unit", "cents"],
  ["priceTolerance.amount", "150"],
  ["reconciliationSilenceMinutes", "45"],
];

describe("validateSettingsInput", () => {
  it("accepts the whole settings form (strings, dotted names, checkbox with hidden false) and normalises it", () => {
    expect(validateSettingsInput(form(fullForm))).toEqual({ ok: true, settings: custom });
  });

  it("accepts real FormData", () => {
    const data = new FormData();
    for (const [name, value] of fullForm) data.append(name, value);
    expect(validateSettingsInput(data)).toEqual({ ok: true, settings: custom });
  });

  it("accepts the settings as a nested JSON object", () => {
    expect(validateSettingsInput(JSON.parse(JSON.stringify(custom)) as Record<string, unknown>)).toEqual({
      ok: true,
      settings: custom,
    });
  });

  it("keeps what was not submitted and replaces submitted lists whole", () => {
    const result = validateSettingsInput(
      form([
        ["pricing.markupPercent", "7"],
        ["tags.over21", "beer, Wine ,BEER"],
      ]),
      custom,
    );
    expect(result).toEqual({
      ok: true,
      settings: {
        ...custom,
        pricing: { ...custom.pricing, markupPercent: 7 },
        tags: { ...custom.tags, over21: ["beer", "Wine"] },
      },
    });
  });

  it("replaces the windows with exactly the submitted ones", () => {
    const result = validateSettingsInput(form([...windowFields.slice(0, 7), ["defaultWindowId", "within-2h"]]), custom);
    expect(result.ok && result.settings.deliveryWindows).toEqual([within2h]);
  });

  it.each([
    ["a single hidden false", [["notifyCustomerOnFulfillment", "false"]], false],
    [
      "hidden false then a checked box",
      [
        ["notifyCustomerOnFulfillment", "false"],
        ["notifyCustomerOnFulfillment", "on"],
      ],
      true,
    ],
    ["yes", [["notifyCustomerOnFulfillment", "yes"]], true],
    ["0", [["notifyCustomerOnFulfillment", "0"]], false],
  ] as Array<[string, Array<[string, string]>, boolean]>)("reads a flag given as %s", (_name, entries, expected) => {
    const result = validateSettingsInput(form(entries), custom);
    expect(result.ok && result.settings.notifyCustomerOnFulfillment).toBe(expected);
  });

  it("normalises a one-digit hour", () => {
    const entries = fullForm.map(([name, value]): [string, string] => [
      name,
      name === "deliveryWindows.1.orderCutoff" ? "9:05" : value,
    ]);
    const result = validateSettingsInput(form(entries));
    expect(result.ok && result.settings.deliveryWindows[1]).toMatchObject({ orderCutoff: "09:05" });
  });

  it.each([
    [
      "an empty optional price",
      "pricing.maximumPriceCents",
      "",
      (s: ShopSettings) => s.pricing.maximumPriceCents,
      null,
    ],
    ["an empty tracking template", "tracking.urlTemplate", " ", (s: ShopSettings) => s.tracking.urlTemplate, null],
    ["a padded name", "carrierServiceName", "  Bolt  ", (s: ShopSettings) => s.carrierServiceName, "Bolt"],
    ["an uppercase default id", "defaultWindowId", "WITHIN-2H", (s: ShopSettings) => s.defaultWindowId, "within-2h"],
    ["tags on separate lines", "tags.over18", "18+\nmeds\n\n", (s: ShopSettings) => s.tags.over18, ["18+", "meds"]],
  ] as const)("normalises %s", (_name, field, value, read, expected) => {
    const result = validateSettingsInput(form([[field, value]]), custom);
    expect(result.ok).toBe(true);
    if (result.ok) expect(read(result.settings)).toEqual(expected);
  });

  it.each([
    ["carrierServiceName", "", /Enter a carrier service name/],
    ["carrierServiceName", "x".repeat(101), /at most 100 characters/],
    ["defaultPackage.lengthInches", "0", /greater than 0/],
    ["defaultPackage.widthInches", "121", /at most 120/],
    ["defaultPackage.heightInches", "tall", /greater than 0/],
    ["defaultPackage.weightPounds", "-2", /pounds greater than 0/],
    ["leadTimeMinutes", "0", /from 1 to 1440/],
    ["leadTimeMinutes", "1.5", /whole number of minutes/],
    ["leadTimeMinutes", "1441", /from 1 to 1440/],
    ["leadTimeMinutes", "", /whole number of minutes/],
    ["defaultWindowId", "nope", /Choose one of the delivery windows/],
    ["defaultWindowId", "Not a slug!", /lowercase letters and digits/],
    ["pricing.markupPercent", "-101", /percentage from -100 to 1000/],
    ["pricing.markupPercent", "1001", /percentage from -100 to 1000/],
    ["pricing.fixedMarkupCents", "12.5", /amount from -\$1,000\.00 to \$1,000\.00/],
    ["pricing.rounding", "ceil", /how prices are rounded/],
    ["pricing.freeAboveSubtotalCents", "-1", /amount from \$0\.00 to \$1,000,000\.00/],
    ["pricing.minimumPriceCents", "abc", /amount from \$0\.00 to \$1,000\.00/],
    ["pricing.maximumPriceCents", "100001", /amount from \$0\.00 to \$1,000\.00/],
    ["pricing.maximumPriceCents", "300", /maximum price must not be below the minimum/],
    ["checkoutFallback", "retry", /when the courier cannot answer/],
    ["timeBudgetMs", "499", /from 500 to 2900/],
    ["timeBudgetMs", "2901", /from 500 to 2900/],
    ["dispatchMode", "everything", /which orders are dispatched/],
    ["tags.over21", "ok, " + "x".repeat(41), /at most 40 characters/],
    ["tags.over18", Array.from({ length: 21 }, (_, i) => `t${i}`).join(","), /at most 20 tags/],
    ["tags.dispatched", "", /Enter a tag/],
    ["tags.attention", "a,b", /cannot contain commas/],
    ["deliveryOptions.signatureRequired", "maybe", /yes or no/],
    ["deliveryOptions.declineInsurance", "", null],
    ["notifyCustomerOnFulfillment", "perhaps", /yes or no/],
    ["tracking.companyName", " ", /Enter a tracking company name/],
    ["tracking.urlTemplate", "https://track.example.com/", /Include \{tracking_number\}/],
    ["tracking.urlTemplate", "http://track.example.com/{tracking_number}", /https:\/\//],
    ["tracking.urlTemplate", "{tracking_number}", /https:\/\//],
    ["tracking.urlTemplate", "https://" + "x".repeat(500) + "/{tracking_number}", /at most 500 characters/],
    ["priceTolerance.unit", "dollars", /cents or percent/],
    ["priceTolerance.amount", "1.5", /whole number of cents/],
    ["priceTolerance.amount", "-1", /0 or more/],
    ["reconciliationSilenceMinutes", "4", /from 5 to 1440/],
    ["deliveryWindows.0.id", "", /Enter an id/],
    ["deliveryWindows.0.id", "fast--lane", /lowercase letters and digits/],
    ["deliveryWindows.0.id", "a".repeat(41), /at most 40 characters/],
    ["deliveryWindows.1.id", "within-2h", /already uses this id/, ["defaultWindowId"]],
    ["deliveryWindows.0.kind", "weekly", /Choose a kind of window/],
    ["deliveryWindows.0.hours", "0.25", /in whole or half hours/],
    ["deliveryWindows.0.hours", "1.25", /in whole or half hours/],
    ["deliveryWindows.0.hours", "25", /in whole or half hours/],
    ["deliveryWindows.0.serviceName", "", /Enter a name shoppers see/],
    ["deliveryWindows.0.description", "d".repeat(256), /at most 255 characters/],
    ["deliveryWindows.0.enabled", "sometimes", /yes or no/],
    ["deliveryWindows.0.fallbackPriceCents", "-5", /amount from \$0\.00 to \$1,000\.00/],
    ["deliveryWindows.1.deliverBy", "25:00", /HH:MM/],
    ["deliveryWindows.1.orderCutoff", "noon", /HH:MM/],
    ["deliveryWindows.1.orderCutoff", "21:30", /cutoff must be before the delivery deadline/],
  ] as Array<[string, string, RegExp | null, string[]?]>)(
    "%s = %j → an error on that field",
    (field, value, message, alsoWrong = []) => {
      // Submit the whole valid form with one field changed (or added).
      const entries = fullForm.filter(([name]) => name !== field);
      entries.push([field, value]);
      const result = validateSettingsInput(form(entries));
      if (message === null) {
        expect(result.ok).toBe(true); // an empty checkbox value means "off"
        return;
      }
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(Object.keys(result.fieldErrors).sort()).toEqual([field, ...alsoWrong].sort());
        expect(result.fieldErrors[field]).toMatch(message);
      }
    },
  );

  it("a tomorrow window must end after it starts", () => {
    const result = validateSettingsInput(
      {
        deliveryWindows: [
          { id: "am", kind: "tomorrow", startTime: "12:00", endTime: "09:00", serviceName: "AM", enabled: true },
        ],
        defaultWindowId: "am",
      },
      custom,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: { "deliveryWindows.0.endTime": "The window must end after it starts" },
    });
  });

  it("reports every wrong field at once, cross-field rules included", () => {
    const result = validateSettingsInput(
      form([
        ["leadTimeMinutes", "abc"],
        ["pricing.minimumPriceCents", "900"],
        ["pricing.maximumPriceCents", "100"],
        ["pricing.rounding", "weird"],
        ["deliveryWindows.0.id", "a"],
        ["deliveryWindows.0.kind", "today_by"],
        ["deliveryWindows.0.deliverBy", "12:00"],
        ["deliveryWindows.0.orderCutoff", "13:00"],
        ["deliveryWindows.0.serviceName", ""],
        ["deliveryWindows.0.enabled", "true"],
        ["deliveryWindows.1.id", "a"],
        ["deliveryWindows.1.kind", "within_hours"],
        ["deliveryWindows.1.hours", "3"],
        ["deliveryWindows.1.serviceName", "B"],
        ["deliveryWindows.1.enabled", "true"],
        ["defaultWindowId", "a"],
      ]),
      custom,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fieldErrors).sort()).toEqual([
        "deliveryWindows.0.orderCutoff",
        "deliveryWindows.0.serviceName",
        "deliveryWindows.1.id",
        "leadTimeMinutes",
        "pricing.maximumPriceCents",
        "pricing.rounding",
      ]);
    }
  });

  it.each([
    ["percent", "101", { "priceTolerance.amount": "Enter a percentage from 0 to 100" }],
    ["percent", "7.5", null],
    ["cents", "101", null],
  ])("price tolerance in %s of %s", (unit, amount, errors) => {
    const result = validateSettingsInput(
      form([
        ["priceTolerance.unit", unit],
        ["priceTolerance.amount", amount],
      ]),
      custom,
    );
    expect(result).toEqual(
      errors === null
        ? { ok: true, settings: { ...custom, priceTolerance: { unit, amount: Number(amount) } } }
        : { ok: false, fieldErrors: errors },
    );
  });

  it("needs at least one window and at most ten", () => {
    const none = validateSettingsInput({ deliveryWindows: [] }, custom);
    expect(none).toEqual({ ok: false, fieldErrors: { deliveryWindows: "Add at least one delivery window" } });
    const many = validateSettingsInput(
      { deliveryWindows: Array.from({ length: 11 }, (_, i) => ({ ...within2h, id: `w${i}` })), defaultWindowId: "w0" },
      custom,
    );
    expect(many).toEqual({ ok: false, fieldErrors: { deliveryWindows: "Use at most 10 delivery windows" } });
  });

  it("refuses a window missing from the middle of the list", () => {
    const result = validateSettingsInput(form([...windowFields.slice(0, 7), ["deliveryWindows.2.id", "z"]]), custom);
    expect(result.ok).toBe(false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors["deliveryWindows.1"]).toMatch(/Choose a kind of window/);
  });

  it("refuses absurd list positions without building huge arrays", () => {
    expect(validateSettingsInput(form([["deliveryWindows.100000000.id", "x"]]), custom)).toEqual({
      ok: false,
      fieldErrors: { "deliveryWindows.100000000.id": "Too many entries" },
    });
  });

  it("ignores prototype-polluting and unknown field names", () => {
    const result = validateSettingsInput(
      form([
        ["__proto__.polluted", "yes"],
        ["constructor.prototype.polluted", "yes"],
        ["pricing.__proto__.polluted", "yes"],
        ["_action", "save"],
        ["..", "x"],
      ]),
      custom,
    );
    expect(result).toEqual({ ok: true, settings: custom });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("validates on top of the defaults when no current settings are given", () => {
    expect(validateSettingsInput({})).toEqual({ ok: true, settings: defaults() });
  });
});

describe("trackingUrlFor", () => {
  it.each([
    ["https://track.example.com/{tracking_number}", "ABC123", "https://track.example.com/ABC123"],
    [
      "https://t.example/?n={tracking_number}&again={tracking_number}",
      "A B/1",
      "https://t.example/?n=A%20B%2F1&again=A%20B%2F1",
    ],
    [null, "ABC123", null],
  ])("%s with %s → %s", (template, number, expected) => {
    expect(trackingUrlFor(template, number)).toBe(expected);
  });
});
