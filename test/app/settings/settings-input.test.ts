import { describe, expect, it } from "vitest";
import { validateSettingsInput } from "~/settings/settings-input";
import type { ShopSettings } from "~/settings/settings-schema";
import { custom, defaults, form, fullForm, windowFields, within2h } from "./fixtures";

describe("validateSettingsInput", () => {
  it.each<[string, string, string, RegExp]>([
    ["driverNotes.merchantNote", "x".repeat(201), "driverNotes.merchantNote", /at most 200 characters/],
    ["driverNotes.instructionsAttribute", "x".repeat(101), "driverNotes.instructionsAttribute", /at most 100/],
    ["driverNotes.shopperInstructions", "maybe", "driverNotes.shopperInstructions", /Choose yes or no/],
  ])("refuses %s = %j with a message on the field", (name, value, key, message) => {
    const result = validateSettingsInput(new URLSearchParams([[name, value]]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[key]).toMatch(message);
  });

  // The settings page does not edit opening hours yet: its form leaves them as they were (here, the defaults).
  const fromPage = { ...custom, openingHours: defaults().openingHours, deliveryAreas: defaults().deliveryAreas };

  it("accepts the whole settings form (strings, dotted names, checkbox with hidden false) and normalises it", () => {
    expect(validateSettingsInput(form(fullForm))).toEqual({ ok: true, settings: fromPage });
  });

  it("accepts real FormData", () => {
    const data = new FormData();
    for (const [name, value] of fullForm) data.append(name, value);
    expect(validateSettingsInput(data)).toEqual({ ok: true, settings: fromPage });
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
    ["priceTolerance.unit", "dollars", /dollars or percent/],
    ["priceTolerance.amount", "1.5", /whole number of cents/],
    ["priceTolerance.amount", "-1", /0 or more/],
    ["reconciliationSilenceMinutes", "4", /from 5 to 1440/],
    ["noDriverWatch.raisesEnabled", "perhaps", /yes or no/],
    ["noDriverWatch.raiseMinutesBeforePickup", "-1, 10", /from 0 to 360, separated by commas/],
    ["noDriverWatch.raiseMinutesBeforePickup", "20, soon", /from 0 to 360/],
    ["noDriverWatch.raiseMinutesBeforePickup", "", /at least one time/],
    ["noDriverWatch.raiseMinutesBeforePickup", "1, 2, 3, 4, 5, 6, 7", /at most 6 times/],
    ["noDriverWatch.stepCents", "0", /amount from \$0\.01 to \$100\.00/],
    ["noDriverWatch.maxPerShipmentCents", "50001", /amount from \$0\.00 to \$500\.00/],
    ["noDriverWatch.maxPerShopPerDayCents", "1.5", /amount from/],
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
    ["deliveryWindows.1.deliverBy", "25:00", /Choose a time of day/],
    ["deliveryWindows.1.orderCutoff", "noon", /Choose a time of day/],
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

  it("the watchdog's raise times are kept earliest first and each may appear once", () => {
    const fromPage = validateSettingsInput(form(fullForm));
    expect(fromPage.ok && fromPage.settings.noDriverWatch.raiseMinutesBeforePickup).toEqual([30, 5]);
    const entries = fullForm.filter(([name]) => name !== "noDriverWatch.raiseMinutesBeforePickup");
    entries.push(["noDriverWatch.raiseMinutesBeforePickup", "30, 5, 30"]);
    expect(validateSettingsInput(form(entries))).toEqual({
      ok: false,
      fieldErrors: { "noDriverWatch.raiseMinutesBeforePickup": "Each time may appear once" },
    });
  });

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

  describe("opening hours and slots", () => {
    const location = custom.openingHours[0]!;
    const withHours = (change: Record<string, unknown>) =>
      validateSettingsInput({ openingHours: [{ ...location, ...change }] }, custom);

    it.each<[string, Record<string, unknown>, string, RegExp]>([
      [
        "overlapping spans",
        {
          weekly: [
            [],
            [
              { start: "08:00", end: "12:00" },
              { start: "11:00", end: "13:00" },
            ],
            [],
            [],
            [],
            [],
            [],
          ],
        },
        "openingHours.0.weekly.1.1.start",
        /overlaps/,
      ],
      [
        "a span that ends before it starts",
        { weekly: [[{ start: "12:00", end: "09:00" }], [], [], [], [], [], []] },
        "openingHours.0.weekly.0.0.end",
        /after the start/,
      ],
      ["eight days", { weekly: [[], [], [], [], [], [], [], []] }, "openingHours.0.weekly", /all seven days/],
      [
        "a closed range backwards",
        { closedDates: [{ from: "2026-12-26", to: "2026-12-24", reason: "" }] },
        "openingHours.0.closedDates.0.to",
        /not be before/,
      ],
      [
        "a date that does not exist",
        { closedDates: [{ from: "2026-02-30", to: "2026-03-01", reason: "" }] },
        "openingHours.0.closedDates.0.from",
        /YYYY-MM-DD/,
      ],
      ["a negative preparation", { preparationMinutes: -5 }, "openingHours.0.preparationMinutes", /from 0/],
      ["not a Shopify location", { locationGid: "store-1" }, "openingHours.0.locationGid", /Unknown location/],
    ])("refuses %s", (_name, change, key, message) => {
      const result = withHours(change);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors[key]).toMatch(message);
    });

    it("accepts a day open until midnight and a closed day", () => {
      const weekly = [[], [{ start: "18:00", end: "24:00" }], [], [], [], [], []];
      expect(withHours({ weekly })).toEqual({
        ok: true,
        settings: { ...custom, openingHours: [{ ...location, weekly }] },
      });
    });

    it("refuses a second entry for the same location", () => {
      const result = validateSettingsInput({ openingHours: [location, location] }, custom);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors["openingHours.1.locationGid"]).toMatch(/already has hours/);
    });

    const slots = {
      id: "slots",
      kind: "slots",
      serviceName: "Scheduled",
      description: "",
      enabled: true,
      fallbackPriceCents: null,
      slotMinutes: 120,
      startTimes: ["10:00", "14:00"],
      repeat: null,
      daysAhead: 3,
      maxRates: 4,
    };

    it("accepts a slots window", () => {
      const result = validateSettingsInput({ deliveryWindows: [slots], defaultWindowId: "slots" }, custom);
      expect(result).toEqual({ ok: true, settings: { ...custom, deliveryWindows: [slots], defaultWindowId: "slots" } });
    });

    it.each<[string, Record<string, unknown>, string, RegExp]>([
      ["neither times nor a pattern", { startTimes: [] }, "deliveryWindows.0.startTimes", /start times or a pattern/],
      [
        "a pattern that ends before it starts",
        { repeat: { from: "14:00", until: "10:00", everyMinutes: 60 } },
        "deliveryWindows.0.repeat.until",
        /not start before the first/,
      ],
      ["too many rates", { maxRates: 11 }, "deliveryWindows.0.maxRates", /from 1 to 10/],
      ["too short a slot", { slotMinutes: 5 }, "deliveryWindows.0.slotMinutes", /from 15/],
    ])("refuses slots with %s", (_name, change, key, message) => {
      const result = validateSettingsInput(
        { deliveryWindows: [{ ...slots, ...change }], defaultWindowId: "slots" },
        custom,
      );
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors[key]).toMatch(message);
    });
  });
});
