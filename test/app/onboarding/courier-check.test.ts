import { describe, expect, it } from "vitest";
import { CourierError } from "~/courier/errors";
import { requestSchemas } from "~/courier/requests";
import {
  checkFromError,
  checkFromEstimate,
  courierAddressOf,
  SAMPLE_PICKUP_ADDRESS,
  testEstimateRequest,
} from "~/onboarding/courier-check";

const NOW = new Date("2026-11-21T18:00:00.000Z");

describe("testing a courier token", () => {
  it.each([
    [
      {
        address1: "1 Market St",
        address2: "Suite 5",
        city: "San Francisco",
        provinceCode: "CA",
        zip: "94105",
        countryCode: "US",
      },
      { street1: "1 Market St", street2: "Suite 5", city: "San Francisco", state: "CA", zip: "94105" },
    ],
    [
      {
        address1: " 1 Market St ",
        city: "San Francisco",
        provinceCode: "CA",
        zip: "94105",
        countryCode: "US",
        address2: "",
      },
      { street1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" },
    ],
    [{ address1: "1 Rue", city: "Paris", provinceCode: "IDF", zip: "75001", countryCode: "FR" }, null],
    [{ address1: "1 Main", city: "X", provinceCode: "ZZ", zip: "1", countryCode: "US" }, null],
    [{ city: "San Francisco", provinceCode: "CA", zip: "94105", countryCode: "US" }, null],
  ])("a location address %j is a courier address %j", (address, expected) => {
    expect(courierAddressOf(JSON.stringify(address))).toEqual(expected);
  });

  it("reads an unreadable snapshot as no address", () => {
    expect(courierAddressOf("{")).toBeNull();
  });

  it("builds an estimate the courier client accepts (pickup in the future, a valid window)", () => {
    for (const pickup of [null, { street1: "9 Elm St", city: "Austin", state: "TX" as const, zip: "78701" }]) {
      const request = testEstimateRequest(pickup, NOW);
      expect(requestSchemas(() => NOW).estimate.safeParse(request).success).toBe(true);
      expect(request.pickup_location.address).toEqual(pickup ?? SAMPLE_PICKUP_ADDRESS);
      expect(JSON.stringify(request)).not.toMatch(/contact/);
    }
  });

  const error = (kind: CourierError["kind"]) =>
    new CourierError({ kind, retryable: false, merchantMessage: "The courier's service had a problem.", detail: "d" });

  it.each<[CourierError["kind"], string]>([
    ["validation", "connected"],
    ["invalid_request", "connected"],
    ["unauthorized", "rejected"],
    ["server", "unreachable"],
    ["network", "unreachable"],
    ["throttled", "unreachable"],
    ["not_found", "unreachable"],
  ])("a %s answer means %s", (kind, status) => {
    expect(checkFromError(error(kind)).status).toBe(status);
  });

  it("prices the test delivery when the courier gives an estimate", () => {
    expect(checkFromEstimate({ price: 12.5, size: "small", estimated_distance: 2 } as never)).toEqual({
      status: "connected",
      detail: "The courier accepted the token (a test delivery would cost $12.50).",
    });
  });
});
