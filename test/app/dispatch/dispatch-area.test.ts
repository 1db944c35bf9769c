import { describe, expect, it } from "vitest";
import { outsideAreaNote, outsideAreaReason, radiusCheckAtDispatch, type RadiusCheck } from "~/dispatch/dispatch-area";
import { areaVerdict } from "~/quote/delivery-area";
import type { DeliveryArea } from "~/settings/shop-settings";

const GID = "gid://shopify/Location/1";
const area = (radiusMiles: number | null, zipCodes: string[] = []): DeliveryArea => ({
  locationGid: GID,
  radiusMiles,
  zipCodes,
});
const changed = new Date("2026-11-27T10:00:00Z");
const before = new Date("2026-11-27T09:59:00Z");
const after = new Date("2026-11-27T10:01:00Z");

describe("radiusCheckAtDispatch: when the radius needs the courier's distance at dispatch", () => {
  it.each<[string, DeliveryArea | null, boolean, Date | null, RadiusCheck]>([
    ["no area at the location", null, false, null, "none"],
    ["a ZIP list only (the address decides)", area(null, ["941"]), false, null, "none"],
    ["staff dispatch by hand, radius set", area(5), true, null, "none"],
    ["staff dispatch by hand, even with a stale quote", area(5), true, before, "none"],
    ["a local-delivery or all-orders dispatch: no checkout quote", area(5), false, null, "ask_courier"],
    ["our rate quoted after the settings last changed", area(5), false, after, "kept_at_checkout"],
    ["our rate quoted before the area changed", area(5), false, before, "ask_courier"],
    ["quoted the very moment the settings changed (not provably after)", area(5), false, changed, "ask_courier"],
    ["radius and ZIP list, quoted after the change", area(5, ["941"]), false, after, "kept_at_checkout"],
  ])("%s", (_name, given, byStaff, quotedAt, expected) => {
    expect(radiusCheckAtDispatch({ area: given, byStaff, quotedAt, settingsChangedAt: changed })).toBe(expected);
  });
});

describe("outsideAreaReason: what staff read", () => {
  it.each([
    [
      "beyond the radius",
      area(5),
      { zip: "94110", distanceMiles: 7.26 },
      "Outside the delivery area of Main Street Bakery: 7.3 mi away, beyond the location's 5 mi. Not dispatched automatically; dispatch it by hand from the order if you deliver there.",
    ],
    [
      "no distance from the courier",
      area(5),
      { zip: "94110", distanceMiles: null },
      "Outside the delivery area of Main Street Bakery: The courier gave no distance, and the location delivers within 5 mi only. Not dispatched automatically; dispatch it by hand from the order if you deliver there.",
    ],
    [
      "a ZIP not listed",
      area(null, ["941"]),
      { zip: "94601", distanceMiles: null },
      "Outside the delivery area of Main Street Bakery: ZIP 94601 is not in the location's ZIP codes (941). Not dispatched automatically; dispatch it by hand from the order if you deliver there.",
    ],
  ])("%s", (_name, given, destination, expected) => {
    const verdict = areaVerdict(given, destination);
    if (verdict.inside) throw new Error("expected outside");
    expect(outsideAreaReason("Main Street Bakery", verdict)).toBe(expected);
  });
});

describe("outsideAreaNote: the order page's quote for staff", () => {
  const planned = (zip: string) => ({
    locationGid: GID,
    request: {
      pickup_location: { address: { name: "Main Street Bakery" } },
      delivery_location: { address: { zip } },
    },
  });
  it.each<[string, DeliveryArea[], string, number | null, RegExp | null]>([
    ["no area", [], "94601", 300, null],
    ["inside both rules", [area(5, ["941"])], "94110", 2, null],
    ["a ZIP not listed", [area(5, ["941"])], "94601", 2, /ZIP 94601 is not in the location's ZIP codes \(941\)/],
    ["beyond the radius", [area(5, ["941"])], "94110", 9, /9 mi away, beyond the location's 5 mi/],
    ["another location's area", [{ ...area(1), locationGid: "gid://shopify/Location/2" }], "94110", 9, null],
  ])("%s", (_name, areas, zip, distance, expected) => {
    const note = outsideAreaNote(areas, planned(zip), distance);
    if (expected === null) expect(note).toBeNull();
    else expect(note).toMatch(expected);
  });
});
