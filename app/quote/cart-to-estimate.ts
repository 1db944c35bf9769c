import { createHash } from "node:crypto";
import { ADDRESS_LINE_MAX, US_STATE_CODES } from "~/courier/limits";
import type { Address, EstimateRequest, Item } from "~/courier/requests";
import type { LocationAddress } from "~/shipments/location-address";
import { gramsToPounds } from "~/shipments/units";
import { legacyId } from "~/shopify-admin/global-ids";
import type { CallbackAddress, RateRequest } from "./rate-request";
import type { OpenWindow } from "~/schedule/windows";

/**
 * A checkout rate request → one courier estimate request per open delivery window, plus the keys
 * the quote flow caches and remembers them by. Pure: the shop's pickup locations, default package
 * and open windows come in as plain data.
 *
 * Dimensions: the rate request carries no metafields, and reading product or variant dimension
 * metafields would need an Admin API call inside checkout's time budget. Every unit is therefore
 * quoted with the shop's default package size (its weight comes from Shopify's grams, or the default
 * package weight when the product has none). Dispatch reads the real metafields when it creates the
 * shipment, and the shop's price tolerance flags a shipment priced far from its quote.
 *
 * What is sent to the courier is the least an estimate needs: street, city, state and ZIP (no
 * names, phones, apartment lines or product names), so the request is fully determined by the
 * cache key and nothing about the shopper leaves the app without need.
 */

/** The description every estimated item carries (required by the courier; it does not change a price). */
export const ESTIMATE_ITEM_DESCRIPTION = "Merchandise";
/** Smallest weight sent for a unit, in pounds (the courier refuses 0). */
export const MIN_ITEM_POUNDS = 0.001;

const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

export type PickupCandidate = { locationGid: string; name: string; address: LocationAddress };

export type DefaultPackage = { lengthInches: number; widthInches: number; heightInches: number; weightPounds: number };

export type CartToEstimateInput = {
  request: RateRequest;
  /** The shop's enabled pickup locations. */
  pickupLocations: readonly PickupCandidate[];
  defaultPackage: DefaultPackage;
  openWindows: readonly OpenWindow[];
};

export type NoRateReason =
  | "no_pickup_location"
  | "pickup_address_incomplete"
  | "destination_not_us"
  | "destination_address_incomplete"
  | "nothing_to_ship"
  | "no_open_window";

export type WindowEstimate = {
  window: OpenWindow;
  request: EstimateRequest;
  /** Same cart, addresses and service code (window, and day or slot): where this window's estimates are cached. */
  windowKey: string;
  /** The exact pickup and delivery times; with windowKey it is the normalized request. */
  slot: string;
};

export type CartEstimates = {
  ok: true;
  pickup: { locationGid: string; name: string };
  /** Hash of the normalized origin, destination and items (weight, size, quantity, value). */
  cartKey: string;
  /** What dispatch can recompute from the order to find this quote (see cartSignature). */
  cartSignature: string;
  estimates: WindowEstimate[];
};

export type CartMapping = CartEstimates | { ok: false; reason: NoRateReason; detail: string };

export function cartToEstimates({
  request,
  pickupLocations,
  defaultPackage,
  openWindows,
}: CartToEstimateInput): CartMapping {
  const pickup = matchPickupLocation(request.origin, pickupLocations);
  if (!pickup) {
    return { ok: false, reason: "no_pickup_location", detail: "The origin is not an enabled pickup location." };
  }
  const pickupAddress = courierAddress(pickup.address);
  if (!pickupAddress.ok) {
    return {
      ok: false,
      reason: "pickup_address_incomplete",
      detail: `The pickup location ${pickup.name} lacks a usable ${pickupAddress.missing.join(", ")}.`,
    };
  }

  const country = request.destination.countryCode;
  if (country !== "US") {
    return { ok: false, reason: "destination_not_us", detail: "The courier delivers to US addresses only." };
  }
  const delivery = courierAddress(callbackToLocation(request.destination));
  if (!delivery.ok) {
    return {
      ok: false,
      reason: "destination_address_incomplete",
      detail: `The delivery address lacks a usable ${delivery.missing.join(", ")}.`,
    };
  }

  const items = courierItems(request, defaultPackage);
  if (items.length === 0) {
    return { ok: false, reason: "nothing_to_ship", detail: "No item in the cart requires shipping." };
  }
  if (openWindows.length === 0) {
    return { ok: false, reason: "no_open_window", detail: "No delivery window is open now." };
  }

  // Normalized: the same place spelt differently ("Street"/"St.", ZIP+4) shares a cache entry.
  const cartKey = hashOf({
    origin: pickup.locationGid,
    destination: [
      normalizeStreet(delivery.address.street1),
      normalizeWords(delivery.address.city),
      delivery.address.state,
      zip5(delivery.address.zip),
    ],
    items: items.map((item) => [item.weight, item.length, item.width, item.height, item.quantity, item.value ?? null]),
  });
  return {
    ok: true,
    pickup: { locationGid: pickup.locationGid, name: pickup.name },
    cartKey,
    cartSignature: cartSignature({
      locationGid: pickup.locationGid,
      destination: callbackToLocation(request.destination),
      lines: request.items
        .filter((item) => item.requiresShipping && item.quantity > 0)
        .map((item) => ({ variantId: item.variantId, quantity: item.quantity })),
    }),
    estimates: openWindows.map((window) => ({
      window,
      windowKey: `${cartKey}:${window.serviceCode}`,
      slot: `${window.pickupAfter.toISOString()}/${window.deliverBetween.start.toISOString()}/${window.deliverBetween.end.toISOString()}`,
      request: {
        items,
        pickup_location: { address: pickupAddress.address },
        delivery_location: { address: delivery.address },
        pickup_after: window.pickupAfter.toISOString(),
        deliver_between: {
          start: window.deliverBetween.start.toISOString(),
          end: window.deliverBetween.end.toISOString(),
        },
      },
    })),
  };
}

// ---- origin → pickup location ----------------------------------------------------------------

/**
 * The enabled pickup location at the origin's address: same street line and 5-digit ZIP after
 * normalization (case, spacing, punctuation, common street words abbreviated); among several, the
 * one whose city also matches. A location in another country never matches.
 */
export function matchPickupLocation(
  origin: CallbackAddress,
  candidates: readonly PickupCandidate[],
): PickupCandidate | null {
  const street = normalizeStreet(origin.address1);
  const zip = zip5(origin.zip);
  if (!street || !zip) return null;
  const matches = candidates.filter((candidate) => {
    const country = candidate.address.countryCode?.trim().toUpperCase();
    if (country && origin.countryCode && country !== origin.countryCode) return false;
    return normalizeStreet(candidate.address.address1) === street && zip5(candidate.address.zip) === zip;
  });
  const city = normalizeWords(origin.city);
  return matches.find((candidate) => normalizeWords(candidate.address.city) === city) ?? matches[0] ?? null;
}

/** Whole words only, so "Stanford" stays as it is; directions and unit words included. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  street: "st",
  str: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  terrace: "ter",
  parkway: "pkwy",
  highway: "hwy",
  square: "sq",
  circle: "cir",
  suite: "ste",
  apartment: "apt",
  floor: "fl",
  building: "bldg",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};

/** Lowercase words without punctuation, single-spaced. */
export function normalizeWords(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[.,;:'"()#]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

export function normalizeStreet(text: string | null | undefined): string {
  return normalizeWords(text)
    .split(" ")
    .map((word) => STREET_WORDS[word] ?? word)
    .join(" ");
}

/** "94103", "94103-1234", "94103 1234" → "94103"; null for anything else. */
export function zip5(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:[-\s]?\d{4})?$/.exec((zip ?? "").trim());
  return match ? match[1]! : null;
}

/** "94103-1234" and "941031234" → "94103-1234"; "94103" stays; null for anything else. */
function usZip(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec((zip ?? "").trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

// ---- addresses -------------------------------------------------------------------------------

function callbackToLocation(address: CallbackAddress): LocationAddress {
  return {
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    provinceCode: address.provinceCode,
    zip: address.zip,
    countryCode: address.countryCode,
  };
}

type CourierAddressResult = { ok: true; address: Address } | { ok: false; missing: string[] };

/**
 * The courier's address (street, city, state, ZIP) from a US address; `missing` names what is
 * absent or unusable (a non-US state, a malformed ZIP, a line over the courier's limit).
 */
function courierAddress(address: LocationAddress): CourierAddressResult {
  const street = collapse(address.address1);
  const city = collapse(address.city);
  const state = address.provinceCode?.trim().toUpperCase() ?? "";
  const zip = usZip(address.zip);
  const country = address.countryCode?.trim().toUpperCase();
  const missing: string[] = [];
  if (!street || street.length > ADDRESS_LINE_MAX) missing.push("street");
  if (!city || city.length > ADDRESS_LINE_MAX) missing.push("city");
  if (!US_STATES.has(state) || (country && country !== "US")) missing.push("US state");
  if (!zip) missing.push("ZIP code");
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, address: { street1: street, city, state: state as Address["state"], zip: zip! } };
}

function collapse(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

// ---- items -----------------------------------------------------------------------------------

/**
 * One courier item per distinct (weight, size, value) among the lines that require shipping,
 * quantities added up, in a fixed order: carts that differ only in line order or in how lines are
 * split give the same request.
 */
function courierItems(request: RateRequest, pkg: DefaultPackage): Item[] {
  const valueInDollars = request.currency === null || request.currency === "USD";
  const merged = new Map<string, Item>();
  for (const line of request.items) {
    if (!line.requiresShipping || line.quantity < 1) continue;
    const pounds =
      line.grams !== null && line.grams > 0 ? Math.max(gramsToPounds(line.grams), MIN_ITEM_POUNDS) : pkg.weightPounds;
    const item: Item = {
      description: ESTIMATE_ITEM_DESCRIPTION,
      length: pkg.lengthInches,
      width: pkg.widthInches,
      height: pkg.heightInches,
      weight: pounds,
      quantity: line.quantity,
      // The courier's value is in dollars; a price in another currency is not sent.
      ...(valueInDollars && line.priceCents !== null ? { value: line.priceCents / 100 } : {}),
    };
    const key = `${item.weight}|${item.length}|${item.width}|${item.height}|${item.value ?? ""}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += item.quantity;
    else merged.set(key, item);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

// ---- keys ------------------------------------------------------------------------------------

function hashOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 32);
}

export type CartSignatureInput = {
  /** The pickup location (Shopify location GID) the cart ships from. */
  locationGid: string;
  destination: LocationAddress;
  /** Lines that require shipping: variant id (legacy number or GID; null for custom items) and quantity. */
  lines: readonly { variantId: string | number | null; quantity: number }[];
};

/**
 * The cart's identity for quote memory, computable both from a rate request and from a paid order's
 * fulfillment order: location, normalized delivery address (street, city, state, 5-digit ZIP,
 * country) and the quantity of each variant. A hash: the stored row holds no address.
 */
export function cartSignature({ locationGid, destination, lines }: CartSignatureInput): string {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity < 1) continue;
    const id = line.variantId === null ? "custom" : legacyId(String(line.variantId));
    quantities.set(id, (quantities.get(id) ?? 0) + line.quantity);
  }
  return hashOf({
    location: legacyId(locationGid),
    destination: [
      normalizeStreet(destination.address1),
      normalizeWords(destination.city),
      destination.provinceCode?.trim().toUpperCase() ?? "",
      zip5(destination.zip) ?? "",
      destination.countryCode?.trim().toUpperCase() ?? "",
    ],
    lines: [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  });
}
