import type { DeliveryArea } from "./area-schema";

/**
 * The settings page's editable copy of the delivery areas, per pickup location: the radius in miles and
 * the ZIP codes as the merchant types them, posted back under the dotted names app/settings validates
 * ("deliveryAreas.0.radiusMiles"). Pure, used in the browser.
 */

export type AreaDraft = { locationGid: string; radiusMiles: string; zipCodes: string };

export function areaDraftOf(area: DeliveryArea): AreaDraft {
  return {
    locationGid: area.locationGid,
    radiusMiles: area.radiusMiles === null ? "" : String(area.radiusMiles),
    zipCodes: area.zipCodes.join(" "),
  };
}

/** The list with one location's area replaced, added, or removed when both fields are empty. */
export function withAreaOf(all: readonly AreaDraft[], next: AreaDraft): AreaDraft[] {
  const others = all.filter((area) => area.locationGid !== next.locationGid);
  if (next.radiusMiles.trim() === "" && next.zipCodes.trim() === "") return others;
  return all.some((area) => area.locationGid === next.locationGid)
    ? all.map((area) => (area.locationGid === next.locationGid ? next : area))
    : [...all, next];
}

/** The fields to post; "" for none (an empty list would post nothing and keep the saved areas). */
export function areaEntries(all: readonly AreaDraft[]): [string, string][] {
  if (all.length === 0) return [["deliveryAreas", ""]];
  return all.flatMap((area, i): [string, string][] => [
    [`deliveryAreas.${i}.locationGid`, area.locationGid],
    [`deliveryAreas.${i}.radiusMiles`, area.radiusMiles],
    [`deliveryAreas.${i}.zipCodes`, area.zipCodes],
  ]);
}
