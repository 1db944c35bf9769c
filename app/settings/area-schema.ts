import { z } from "zod";
import { LOCATION_GID_PATTERN, MAX_PICKUP_LOCATIONS } from "~/onboarding/pickup-locations";
import { AREA_RADIUS_MILES_MAX, AREA_RADIUS_MILES_MIN, AREA_ZIPS_MAX } from "./limits";

/**
 * Where a pickup location delivers (kept in the shop's settings, keyed by the Shopify location): a radius
 * in miles from the location (the courier's estimated_distance), a list of ZIP codes or ZIP prefixes
 * ("941" covers 94101–94199), or both (then a destination must meet both). A location without an
 * entry, or with neither rule, delivers as far as the courier goes.
 */

const ZIP_MESSAGE = "Enter ZIP codes or their first 3 or 4 digits (like 94110 or 941), separated by spaces";
const ZipPrefix = z.string().regex(/^\d{3,5}$/, ZIP_MESSAGE);

/** The form posts one text field; stored settings hold a list. */
const zipList = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/[\s,;]+/)
        .map((zip) => zip.trim())
        .filter(Boolean)
    : (value ?? []);

const optionalMiles = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? null
      : typeof value === "string"
        ? Number(value.trim())
        : value,
  z
    .number({ error: `Enter miles from ${AREA_RADIUS_MILES_MIN} to ${AREA_RADIUS_MILES_MAX}, or leave it empty` })
    .min(
      AREA_RADIUS_MILES_MIN,
      `Enter miles from ${AREA_RADIUS_MILES_MIN} to ${AREA_RADIUS_MILES_MAX}, or leave it empty`,
    )
    .max(
      AREA_RADIUS_MILES_MAX,
      `Enter miles from ${AREA_RADIUS_MILES_MIN} to ${AREA_RADIUS_MILES_MAX}, or leave it empty`,
    )
    .nullable(),
);

export const DeliveryArea = z.object({
  locationGid: z.string({ error: "Unknown location." }).regex(LOCATION_GID_PATTERN, "Unknown location."),
  /** Miles from the pickup location, as the courier measures the route; null: no radius. */
  radiusMiles: optionalMiles,
  /** ZIP codes (5 digits) or prefixes (3–4 digits); empty: no ZIP rule. */
  zipCodes: z.preprocess(
    zipList,
    z.array(ZipPrefix).max(AREA_ZIPS_MAX, `Use at most ${AREA_ZIPS_MAX} ZIP codes or prefixes`),
  ),
});

/** An empty list posts "" (a field not posted keeps its saved value). */
export const DeliveryAreasSettings = z.preprocess(
  (value) => (value === "" ? [] : value),
  z
    .array(DeliveryArea)
    .max(MAX_PICKUP_LOCATIONS, `At most ${MAX_PICKUP_LOCATIONS} locations.`)
    .superRefine((all, ctx) => {
      const seen = new Set<string>();
      all.forEach((entry, index) => {
        if (seen.has(entry.locationGid)) {
          ctx.addIssue({ code: "custom", path: [index, "locationGid"], message: "This location already has an area" });
        }
        seen.add(entry.locationGid);
      });
    }),
);

export type DeliveryArea = z.infer<typeof DeliveryArea>;
