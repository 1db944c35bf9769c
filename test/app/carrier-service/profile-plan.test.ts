import { describe, expect, it } from "vitest";
import { manualInstructions, planProfileUpdate, type DeliveryProfileView } from "~/carrier-service/profile-plan";

const CS = "gid://shopify/DeliveryCarrierService/77";
const L1 = "gid://shopify/Location/1";
const L2 = "gid://shopify/Location/2";

function profile(
  zones: { id: string; name: string; countries: string[]; carriers?: string[]; row?: boolean }[],
  locations = [L1, L2],
): DeliveryProfileView {
  return {
    id: "gid://shopify/DeliveryProfile/1",
    name: "General profile",
    isDefault: true,
    locationGroups: [
      {
        id: "gid://shopify/DeliveryLocationGroup/1",
        locationIds: locations,
        zones: zones.map((z) => ({
          id: z.id,
          name: z.name,
          countryCodes: z.countries,
          restOfWorld: z.row ?? false,
          carrierServiceIds: z.carriers ?? [],
        })),
      },
    ],
  };
}

describe("shipping-profile plan", () => {
  it.each([
    {
      name: "adds to the US zone only",
      profiles: [
        profile([
          { id: "z-us", name: "Domestic", countries: ["US"] },
          { id: "z-ca", name: "Canada", countries: ["CA"] },
        ]),
      ],
      enabled: [L1],
      complete: false,
      zones: [["z-us"]],
      without: [],
    },
    {
      name: "complete when the US zone already has the service",
      profiles: [profile([{ id: "z-us", name: "Domestic", countries: ["US"], carriers: [CS] }])],
      enabled: [L1, L2],
      complete: true,
      zones: [],
      without: [],
    },
    {
      name: "rest of world covers the US",
      profiles: [profile([{ id: "z-row", name: "Rest of world", countries: [], row: true }])],
      enabled: [L1],
      complete: false,
      zones: [["z-row"]],
      without: [],
    },
    {
      name: "a location outside every group needs a US zone",
      profiles: [profile([{ id: "z-us", name: "Domestic", countries: ["US"], carriers: [CS] }], [L1])],
      enabled: [L1, L2],
      complete: false,
      zones: [],
      without: [L2],
    },
    {
      name: "nothing enabled is never complete",
      profiles: [profile([{ id: "z-us", name: "Domestic", countries: ["US"], carriers: [CS] }])],
      enabled: [],
      complete: false,
      zones: [],
      without: [],
    },
  ])("$name", ({ profiles, enabled, complete, zones, without }) => {
    const plan = planProfileUpdate({ profiles, enabledLocationIds: enabled, carrierServiceId: CS });
    expect(plan.complete).toBe(complete);
    expect(plan.additions.map((a) => a.zoneIds)).toEqual(zones);
    expect(plan.locationsWithoutUsZone).toEqual(without);
  });

  it("tells the merchant exactly what to do by hand", () => {
    const plan = planProfileUpdate({
      profiles: [profile([{ id: "z-us", name: "Domestic", countries: ["US"] }])],
      enabledLocationIds: [L1, "gid://shopify/Location/9"],
      carrierServiceId: CS,
    });
    const steps = manualInstructions(plan, "Same-day delivery");
    expect(steps[0]).toContain('"General profile"');
    expect(steps[0]).toContain('"Domestic"');
    expect(steps[0]).toContain("Same-day delivery");
    expect(steps[1]).toMatch(/United States shipping zone/);
  });
});
