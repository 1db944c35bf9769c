import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/settings/defaults";
import { ShopSettings } from "~/settings/settings-schema";
import { parseShopSettings } from "~/settings/stored-settings";

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
