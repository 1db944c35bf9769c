import { describe, expect, it } from "vitest";
import { parseShopSettings, settingsWithContactEmail } from "~/settings/shop-settings";

const SHOP_EMAIL = "hello@corner-bakery.example";

describe("the tracking page's contact email from Shopify's Shop.contactEmail", () => {
  it.each<[string, string, string | null | undefined, string | null]>([
    ["a new shop's settings", "{}", SHOP_EMAIL, SHOP_EMAIL],
    [
      "settings stored before the field existed",
      JSON.stringify({ tracking: { companyName: "Acme" } }),
      SHOP_EMAIL,
      SHOP_EMAIL,
    ],
    ["spaces around Shopify's address", "{}", `  ${SHOP_EMAIL} `, SHOP_EMAIL],
  ])("prefilled into %s", (_label, stored, email, expected) => {
    const next = settingsWithContactEmail(stored, email);
    expect(next).not.toBeNull();
    expect(parseShopSettings(next!).tracking.contactEmail).toBe(expected);
    // Everything else stored stays as it was.
    const before = JSON.parse(stored) as { tracking?: Record<string, unknown> };
    expect(JSON.parse(next!)).toEqual({ ...before, tracking: { ...before.tracking, contactEmail: expected } });
  });

  it.each<[string, string, string | null | undefined]>([
    ["the merchant cleared it", JSON.stringify({ tracking: { contactEmail: null } }), SHOP_EMAIL],
    ["the merchant set their own", JSON.stringify({ tracking: { contactEmail: "orders@example.com" } }), SHOP_EMAIL],
    ["Shopify has none", "{}", null],
    ["Shopify's is empty", "{}", ""],
    ["Shopify's is not an address", "{}", "not an email"],
    ["Shopify's is longer than the setting allows", "{}", `${"a".repeat(250)}@example.com`],
    ["stored settings that are not JSON", "{", SHOP_EMAIL],
    ["stored settings that are not an object", "[]", SHOP_EMAIL],
    ["a tracking group that is not an object", JSON.stringify({ tracking: "x" }), SHOP_EMAIL],
  ])("left alone when %s", (_label, stored, email) => {
    expect(settingsWithContactEmail(stored, email)).toBeNull();
  });
});
