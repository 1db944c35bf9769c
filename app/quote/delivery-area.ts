import type { DeliveryArea } from "~/settings/shop-settings";
import { zip5 } from "./cart-to-estimate";

/**
 * Whether a destination is inside a pickup location's delivery area (app/settings/area-schema.ts). Pure.
 * The ZIP rule is judged before the courier is asked (an address outside costs no courier call); the
 * radius rule with the courier's estimated_distance from the one estimate checkout makes anyway.
 */

export type AreaRule = "zip" | "radius";
export type AreaVerdict = { inside: true } | { inside: false; rule: AreaRule; message: string };

const INSIDE: AreaVerdict = { inside: true };

/** The area of `locationGid`, or null when it has none (or neither rule). */
export function areaOf(areas: readonly DeliveryArea[], locationGid: string): DeliveryArea | null {
  const area = areas.find((candidate) => candidate.locationGid === locationGid);
  return area && (area.radiusMiles !== null || area.zipCodes.length > 0) ? area : null;
}

/** The ZIP rule: the destination's ZIP starts with one of the listed codes or prefixes. */
export function zipVerdict(area: DeliveryArea | null, destinationZip: string | null): AreaVerdict {
  if (!area || area.zipCodes.length === 0) return INSIDE;
  const zip = zip5(destinationZip);
  if (zip !== null && area.zipCodes.some((prefix) => zip.startsWith(prefix))) return INSIDE;
  return {
    inside: false,
    rule: "zip",
    message: `ZIP ${zip ?? "(none)"} is not in the location's ZIP codes (${listed(area.zipCodes)}).`,
  };
}

/**
 * The radius rule with the courier's estimated distance. An unknown distance (the courier sent none)
 * is outside: the merchant asked for a limit the app cannot confirm.
 */
export function radiusVerdict(area: DeliveryArea | null, distanceMiles: number | null): AreaVerdict {
  if (!area || area.radiusMiles === null) return INSIDE;
  if (distanceMiles !== null && Number.isFinite(distanceMiles) && distanceMiles <= area.radiusMiles) return INSIDE;
  return {
    inside: false,
    rule: "radius",
    message:
      distanceMiles === null || !Number.isFinite(distanceMiles)
        ? `The courier gave no distance, and the location delivers within ${area.radiusMiles} mi only.`
        : `${round(distanceMiles)} mi away, beyond the location's ${area.radiusMiles} mi.`,
  };
}

/** Both rules (each one set limits the area; both set: a destination must meet both). */
export function areaVerdict(
  area: DeliveryArea | null,
  destination: { zip: string | null; distanceMiles: number | null },
): AreaVerdict {
  const byZip = zipVerdict(area, destination.zip);
  return byZip.inside ? radiusVerdict(area, destination.distanceMiles) : byZip;
}

function listed(zips: readonly string[]): string {
  const shown = zips.slice(0, 5).join(", ");
  return zips.length > 5 ? `${shown} and ${zips.length - 5} more` : shown;
}

function round(miles: number): string {
  return String(Math.round(miles * 10) / 10);
}
