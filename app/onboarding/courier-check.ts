import type { CourierError } from "~/courier/errors";
import { US_STATE_CODES } from "~/courier/limits";
import type { Address, EstimateRequest } from "~/courier/requests";
import type { Estimate } from "~/courier/responses";

/**
 * Testing a courier access token with a real estimate. Any answer the courier gives to an
 * authenticated request proves the token works, including "no route between these addresses"
 * (the test addresses may be far apart); only a 401 means the token is wrong.
 */

/** Used when no pickup location is set up yet: two addresses in one city the courier serves. */
export const SAMPLE_PICKUP_ADDRESS: Address = {
  street1: "1 Market St",
  city: "San Francisco",
  state: "CA",
  zip: "94105",
};
export const SAMPLE_DELIVERY_ADDRESS: Address = {
  street1: "500 Valencia St",
  city: "San Francisco",
  state: "CA",
  zip: "94110",
};
/** The test asks for a pickup this far ahead (the courier wants pickup_after in the future). */
export const TEST_PICKUP_LEAD_MS = 60 * 60 * 1000;
export const TEST_WINDOW_MS = 2 * 60 * 60 * 1000;

export type CourierCheck =
  | { status: "not_connected" }
  | { status: "connected"; detail: string }
  | { status: "rejected"; detail: string }
  | { status: "unreachable"; detail: string };

/** What Home shows for the courier: the last background check, or "being checked" while there is none. */
export type CourierHealth = CourierCheck | { status: "checking" };

const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

/** A Shopify location address snapshot (PickupLocation.addressJson) as a courier address, if usable. */
export function courierAddressOf(addressJson: string): Address | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(addressJson) as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (key: string) =>
    typeof raw[key] === "string" && (raw[key] as string).trim() !== "" ? (raw[key] as string).trim() : null;
  const street1 = text("address1");
  const city = text("city");
  const state = text("provinceCode");
  const zip = text("zip");
  if (text("countryCode") !== "US" || !street1 || !city || !state || !US_STATES.has(state) || !zip) return null;
  const street2 = text("address2");
  return { street1, ...(street2 ? { street2 } : {}), city, state: state as Address["state"], zip };
}

export function testEstimateRequest(pickup: Address | null, now: Date): EstimateRequest {
  const start = new Date(now.getTime() + TEST_PICKUP_LEAD_MS);
  return {
    items: [{ description: "Connection test parcel", length: 10, width: 8, height: 6, weight: 2, quantity: 1 }],
    pickup_location: { address: pickup ?? SAMPLE_PICKUP_ADDRESS },
    delivery_location: { address: SAMPLE_DELIVERY_ADDRESS },
    pickup_after: start.toISOString(),
    deliver_between: { start: start.toISOString(), end: new Date(start.getTime() + TEST_WINDOW_MS).toISOString() },
  };
}

export function checkFromEstimate(estimate: Estimate): CourierCheck {
  const price = typeof estimate.price === "number" ? ` (a test delivery would cost $${estimate.price.toFixed(2)})` : "";
  return { status: "connected", detail: `The courier accepted the token${price}.` };
}

export function checkFromError(error: CourierError): CourierCheck {
  switch (error.kind) {
    case "validation":
    case "invalid_request":
      return { status: "connected", detail: "The courier accepted the token." };
    case "unauthorized":
      return {
        status: "rejected",
        detail:
          "The courier did not accept this access token. Check that you copied all of it and chose the right environment.",
      };
    default:
      return { status: "unreachable", detail: `The token could not be tested: ${error.merchantMessage}` };
  }
}
