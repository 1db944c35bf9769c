import { fieldErrorsFromIssues } from "~/forms/field-errors";
import { z } from "zod";
import { CONTACT_NAME_MAX, NOTES_MAX } from "~/courier/limits";
import { toCourierPhone } from "~/courier/phone";

/**
 * Pickup locations on the settings page: the shop's Shopify locations merged with what the app
 * stores for each (enabled, contact, driver notes), and the form's validation. Pure.
 */

export const LOCATION_GID_PATTERN = /^gid:\/\/shopify\/Location\/\d{1,20}$/;
export const MAX_PICKUP_LOCATIONS = 100;

export type ShopifyLocationSummary = { id: string; name: string; address: Record<string, unknown> };
export type StoredPickupLocation = {
  locationGid: string;
  name: string;
  enabled: boolean;
  contactName: string | null;
  contactPhone: string | null;
  notes: string | null;
  addressJson: string;
};

export type PickupLocationRow = {
  locationGid: string;
  name: string;
  addressLine: string;
  enabled: boolean;
  contactName: string;
  contactPhone: string;
  notes: string;
  /** Stored in the app but no longer an active location in Shopify. */
  missingInShopify: boolean;
};

export function addressLine(address: Record<string, unknown>): string {
  const parts = ["address1", "address2", "city", "provinceCode", "zip", "countryCode"]
    .map((key) => address[key])
    .filter((value): value is string => typeof value === "string" && value.trim() !== "");
  return parts.join(", ");
}

function parseAddress(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Shopify's locations first (in Shopify's order), then stored ones Shopify no longer lists. */
export function mergePickupLocations(
  shopify: ShopifyLocationSummary[] | null,
  stored: StoredPickupLocation[],
): PickupLocationRow[] {
  const byGid = new Map(stored.map((s) => [s.locationGid, s]));
  const row = (gid: string, name: string, address: Record<string, unknown>, missing: boolean): PickupLocationRow => {
    const saved = byGid.get(gid);
    return {
      locationGid: gid,
      name,
      addressLine: addressLine(address),
      enabled: saved?.enabled ?? false,
      contactName: saved?.contactName ?? "",
      contactPhone: saved?.contactPhone ?? "",
      notes: saved?.notes ?? "",
      missingInShopify: missing,
    };
  };
  if (shopify === null) return stored.map((s) => row(s.locationGid, s.name, parseAddress(s.addressJson), false));
  const listed = new Set(shopify.map((l) => l.id));
  return [
    ...shopify.map((l) => row(l.id, l.name, l.address, false)),
    ...stored
      .filter((s) => !listed.has(s.locationGid))
      .map((s) => row(s.locationGid, s.name, parseAddress(s.addressJson), true)),
  ];
}

const FLAG = z.preprocess((value) => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === "true" || last === "on" || last === true;
}, z.boolean());

export const PickupLocationInput = z
  .object({
    locationGid: z.string({ error: "Unknown location." }).regex(LOCATION_GID_PATTERN, "Unknown location."),
    enabled: FLAG,
    contactName: z
      .string()
      .trim()
      .max(CONTACT_NAME_MAX, `Keep the name to ${CONTACT_NAME_MAX} characters.`)
      .default(""),
    contactPhone: z.string().trim().max(40, "This is not a phone number.").default(""),
    notes: z.string().trim().max(NOTES_MAX, `Keep the driver notes to ${NOTES_MAX} characters.`).default(""),
  })
  .superRefine((location, ctx) => {
    if (location.enabled && location.contactName === "") {
      ctx.addIssue({ code: "custom", path: ["contactName"], message: "Enter the name of the person drivers ask for." });
    }
    if (location.contactPhone !== "" && !toCourierPhone(location.contactPhone)) {
      ctx.addIssue({
        code: "custom",
        path: ["contactPhone"],
        message: "Enter a US phone number with 10 digits, for example (415) 555-0132.",
      });
    } else if (location.enabled && location.contactPhone === "") {
      ctx.addIssue({ code: "custom", path: ["contactPhone"], message: "Enter a phone number drivers can call." });
    }
  });
export type PickupLocationInput = z.infer<typeof PickupLocationInput>;

export const PickupLocationsInput = z
  .array(PickupLocationInput)
  .max(MAX_PICKUP_LOCATIONS, `At most ${MAX_PICKUP_LOCATIONS} locations.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((l, i) => {
      if (seen.has(l.locationGid))
        ctx.addIssue({ code: "custom", path: [i, "locationGid"], message: "This location is listed twice." });
      seen.add(l.locationGid);
    });
  });

/** Errors keyed "pickupLocations.<index>.<field>", as the settings page shows them. */
export function validatePickupLocations(
  raw: unknown,
): { ok: true; locations: PickupLocationInput[] } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = PickupLocationsInput.safeParse(raw);
  if (parsed.success) return { ok: true, locations: parsed.data };
  return { ok: false, fieldErrors: fieldErrorsFromIssues(parsed.error.issues, ["pickupLocations"]) };
}
