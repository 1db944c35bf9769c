import { describe, expect, it } from "vitest";
import { draftFromSettings, draftToEntries } from "~/settings/settings-draft";
import {
  courierAdviceWarnings,
  SETTINGS_SECTIONS,
  sectionEntries,
  sectionOfField,
  sectionSummary,
  settingsSection,
} from "~/settings/settings-sections";
import { validateSettingsInput, type ShopSettings } from "~/settings/shop-settings";
import type { PickupLocationRow } from "~/settings/pickup-locations";
import { custom, defaults } from "./fixtures";

const PICKUPS: PickupLocationRow[] = [
  {
    locationGid: "gid://shopify/Location/1",
    name: "Market Street Bakery",
    addressLine: "1 Market St",
    enabled: true,
    missingInShopify: false,
    contactName: "Maria Lopez",
    contactPhone: "(415) 555-0132",
    notes: "",
  },
  {
    locationGid: "gid://shopify/Location/2",
    name: "Mission Kitchen",
    addressLine: "500 Valencia St",
    enabled: false,
    missingInShopify: false,
    contactName: "",
    contactPhone: "",
    notes: "",
  },
];

describe("the settings sections", () => {
  it("give every field the page posts to exactly one section", () => {
    const entries = draftToEntries(draftFromSettings(custom, PICKUPS));
    const unowned = entries.map(([name]) => name).filter((name) => sectionOfField(name) === null);
    expect(unowned).toEqual([]);
    const all = SETTINGS_SECTIONS.flatMap((section) => sectionEntries(draftFromSettings(custom, PICKUPS), section.id));
    expect(all).toHaveLength(entries.length);
    const heads = SETTINGS_SECTIONS.flatMap((section) => section.fields as readonly string[]);
    expect(new Set(heads).size).toBe(heads.length);
  });

  it("save one section on top of the saved settings and leave the others as they were", () => {
    const draft = draftFromSettings(custom, PICKUPS);
    draft.fields["pricing.markupPercent"] = "12";
    draft.fields["leadTimeMinutes"] = "90";
    const pricing = sectionEntries(draft, "pricing");
    expect(pricing.map(([name]) => name)).toContain("pricing.markupPercent");
    expect(pricing.map(([name]) => name)).not.toContain("leadTimeMinutes");
    expect(pricing.some(([name]) => name.startsWith("pickupLocations."))).toBe(false);
    const saved = validateSettingsInput({ entries: () => pricing }, custom);
    expect(saved).toEqual({
      ok: true,
      settings: { ...custom, pricing: { ...custom.pricing, markupPercent: 12 } } satisfies ShopSettings,
    });
  });

  it("post the opening hours whole, empty included, so removing the last location's hours is saved", () => {
    const draft = draftFromSettings(custom, PICKUPS);
    expect(custom.openingHours.length).toBeGreaterThan(0);
    const cleared = sectionEntries({ ...draft, hours: [] }, "hours");
    expect(cleared).toEqual([["openingHours", ""]]);
    const saved = validateSettingsInput({ entries: () => cleared }, custom);
    expect(saved.ok && saved.settings.openingHours).toEqual([]);
  });

  it("are found by id, and an unknown id is none", () => {
    expect(settingsSection("hours")?.title).toBe("Opening hours");
    expect(settingsSection("nope")).toBeNull();
    expect(settingsSection(undefined)).toBeNull();
    expect(sectionOfField("deliveryWindows.0.hours")?.id).toBe("windows");
    expect(sectionOfField("intent")).toBeNull();
  });

  it("sum each section up on the index", () => {
    const settings = { ...defaults(), leadTimeMinutes: 5 };
    expect(sectionSummary("locations", settings, PICKUPS)).toBe("1 of 2 locations enabled");
    expect(sectionSummary("windows", settings, PICKUPS)).toMatch(/lead time 5 minutes$/);
    expect(sectionSummary("hours", settings, [])).toBe("Enable a pickup location first");
    expect(sectionSummary("dispatch", { ...settings, dispatchMode: "manual" }, PICKUPS)).toBe("Staff dispatch by hand");
  });
});

describe("the courier's advice", () => {
  it.each([
    ["5", true],
    ["59", true],
    ["60", false],
    ["120", false],
    ["", false],
    ["abc", false],
  ])("a lead time of %j is warned about: %s", (lead, warned) => {
    const warnings = courierAdviceWarnings({ leadTimeMinutes: lead });
    expect(Boolean(warnings["leadTimeMinutes"])).toBe(warned);
  });

  it("says the value and the courier's figure", () => {
    expect(courierAdviceWarnings({ leadTimeMinutes: "5" })["leadTimeMinutes"]).toMatch(
      /^A lead time of 5 minutes is under the 60 the courier recommends/,
    );
  });
});
