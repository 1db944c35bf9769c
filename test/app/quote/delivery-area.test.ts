import { describe, expect, it } from "vitest";
import { areaOf, areaVerdict } from "~/quote/delivery-area";
import { DeliveryAreasSettings, type DeliveryArea } from "~/settings/shop-settings";

const GID = "gid://shopify/Location/1";
const area = (radiusMiles: number | null, zipCodes: string[]): DeliveryArea => ({
  locationGid: GID,
  radiusMiles,
  zipCodes,
});

describe("areaVerdict: radius, ZIP list, both, none", () => {
  it.each<[string, DeliveryArea | null, string | null, number | null, false | "zip" | "radius"]>([
    ["none: any ZIP, any distance", null, "10001", 300, false],
    ["an entry with neither rule is none", area(null, []), "10001", null, false],
    ["radius: inside", area(8, []), "94110", 3.2, false],
    ["radius: exactly on the edge", area(8, []), "94110", 8, false],
    ["radius: beyond", area(8, []), "94110", 8.1, "radius"],
    ["radius: no distance from the courier", area(8, []), "94110", null, "radius"],
    ["ZIP list: a listed code", area(null, ["94110", "94103"]), "94110", null, false],
    ["ZIP list: ZIP+4 of a listed code", area(null, ["94110"]), "94110-1234", null, false],
    ["ZIP list: a prefix", area(null, ["941"]), "94123", null, false],
    ["ZIP list: not listed", area(null, ["94110", "941"]), "94601", null, "zip"],
    ["ZIP list: no ZIP at all", area(null, ["941"]), null, null, "zip"],
    ["ZIP list: a malformed ZIP", area(null, ["941"]), "941", null, "zip"],
    ["both: inside both", area(5, ["941"]), "94110", 2, false],
    ["both: listed ZIP but too far", area(5, ["941"]), "94110", 6, "radius"],
    ["both: near but not listed", area(5, ["941"]), "94601", 2, "zip"],
  ])("%s", (_name, given, zip, distanceMiles, hiddenBy) => {
    const verdict = areaVerdict(given && areaOf([given], GID), { zip, distanceMiles });
    if (hiddenBy === false) expect(verdict).toEqual({ inside: true });
    else expect(verdict).toMatchObject({ inside: false, rule: hiddenBy, message: expect.any(String) });
  });

  it("says why in the merchant's words", () => {
    expect(areaVerdict(area(5, []), { zip: "94110", distanceMiles: 6.04 })).toMatchObject({
      message: "6 mi away, beyond the location's 5 mi.",
    });
    expect(
      areaVerdict(area(null, ["94110", "94103", "94102", "94107", "94105", "941"]), { zip: "94601", distanceMiles: 1 }),
    ).toMatchObject({
      message: "ZIP 94601 is not in the location's ZIP codes (94110, 94103, 94102, 94107, 94105 and 1 more).",
    });
  });

  it("applies only to its own location", () => {
    expect(areaOf([area(1, [])], "gid://shopify/Location/2")).toBeNull();
  });
});

describe("DeliveryAreasSettings: what the settings form posts", () => {
  it("reads the ZIP field's text as a list and an empty radius as none", () => {
    const parsed = DeliveryAreasSettings.parse([{ locationGid: GID, radiusMiles: "", zipCodes: "94110, 941\n94103" }]);
    expect(parsed).toEqual([{ locationGid: GID, radiusMiles: null, zipCodes: ["94110", "941", "94103"] }]);
    expect(DeliveryAreasSettings.parse("")).toEqual([]);
  });

  it.each([
    ["a ZIP with letters", { radiusMiles: "", zipCodes: "9411O" }, "0.zipCodes.0"],
    ["a two-digit prefix", { radiusMiles: "", zipCodes: "94" }, "0.zipCodes.0"],
    ["a radius over the courier's 350 miles", { radiusMiles: "351", zipCodes: "" }, "0.radiusMiles"],
    ["a radius that is not a number", { radiusMiles: "eight", zipCodes: "" }, "0.radiusMiles"],
  ])("refuses %s", (_name, fields, path) => {
    const result = DeliveryAreasSettings.safeParse([{ locationGid: GID, ...fields }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("refuses two areas for one location", () => {
    expect(DeliveryAreasSettings.safeParse([area(1, []), area(2, [])]).success).toBe(false);
  });
});
