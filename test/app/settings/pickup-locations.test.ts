import { describe, expect, it } from "vitest";
import { addressLine, mergePickupLocations, validatePickupLocations } from "~/settings/pickup-locations";

const A = "gid://shopify/Location/1";
const B = "gid://shopify/Location/2";
const C = "gid://shopify/Location/3";
const stored = (gid: string, overrides = {}) => ({
  locationGid: gid,
  name: `Stored ${gid.slice(-1)}`,
  enabled: true,
  contactName: "Dana",
  contactPhone: "7185550100",
  notes: null,
  addressJson: '{"address1":"9 Old St","city":"Brooklyn"}',
  ...overrides,
});

describe("pickup locations on the settings page", () => {
  it("lists Shopify's locations with what the app stores, then stored ones Shopify dropped", () => {
    const rows = mergePickupLocations(
      [
        {
          id: A,
          name: "Main",
          address: { address1: "1 Main St", city: "Brooklyn", provinceCode: "NY", zip: "11201", countryCode: "US" },
        },
        { id: B, name: "Warehouse", address: {} },
      ],
      [stored(A), stored(C)],
    );
    expect(
      rows.map((r) => [r.locationGid, r.name, r.enabled, r.contactName, r.missingInShopify, r.addressLine]),
    ).toEqual([
      [A, "Main", true, "Dana", false, "1 Main St, Brooklyn, NY, 11201, US"],
      [B, "Warehouse", false, "", false, ""],
      [C, "Stored 3", true, "Dana", true, "9 Old St, Brooklyn"],
    ]);
  });

  it("shows the stored rows alone when Shopify could not be asked", () => {
    expect(mergePickupLocations(null, [stored(A)]).map((r) => [r.locationGid, r.missingInShopify])).toEqual([
      [A, false],
    ]);
  });

  it("formats an address from the parts it has", () => {
    expect(addressLine({ address1: "1 Main St", address2: " ", city: "Brooklyn", zip: 11201 })).toBe(
      "1 Main St, Brooklyn",
    );
  });

  it.each([
    [
      [{ locationGid: A, enabled: "true", contactName: "Maria", contactPhone: "+1 415 555 0132", notes: "Side door" }],
      {},
    ],
    [[{ locationGid: A, enabled: "false" }], {}],
    [
      [{ locationGid: A, enabled: ["false", "true"], contactName: "", contactPhone: "" }],
      {
        "pickupLocations.0.contactName": "Enter the name of the person drivers ask for.",
        "pickupLocations.0.contactPhone": "Enter a phone number drivers can call.",
      },
    ],
    [
      [{ locationGid: A, enabled: "false", contactPhone: "+44 20 7946 0000" }],
      { "pickupLocations.0.contactPhone": "Enter a US phone number with 10 digits, for example (415) 555-0132." },
    ],
    [
      [{ locationGid: "gid://shopify/Product/1", enabled: "false" }],
      { "pickupLocations.0.locationGid": "Unknown location." },
    ],
    [
      [{ locationGid: A, enabled: "false", notes: "x".repeat(501) }],
      { "pickupLocations.0.notes": "Keep the driver notes to 500 characters." },
    ],
    [
      [
        { locationGid: A, enabled: "false" },
        { locationGid: A, enabled: "false" },
      ],
      { "pickupLocations.1.locationGid": "This location is listed twice." },
    ],
  ])("%j → %j", (input, fieldErrors) => {
    const result = validatePickupLocations(input);
    expect(result.ok ? {} : result.fieldErrors).toEqual(fieldErrors);
  });

  it("keeps what was typed, trimmed", () => {
    const result = validatePickupLocations([
      { locationGid: A, enabled: "true", contactName: " Maria ", contactPhone: " (415) 555-0132 ", notes: " Ring " },
    ]);
    expect(result).toEqual({
      ok: true,
      locations: [
        { locationGid: A, enabled: true, contactName: "Maria", contactPhone: "(415) 555-0132", notes: "Ring" },
      ],
    });
  });
});
