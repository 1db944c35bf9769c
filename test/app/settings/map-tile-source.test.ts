import { describe, expect, it } from "vitest";
import { isMapTileTemplate, mapTileOrigin, mapTileUrl } from "~/config/map-tile-source";
import { validateSettingsInput } from "~/settings/shop-settings";

describe("a map tile URL template", () => {
  it.each([
    ["https://tiles.example.com/{z}/{x}/{y}.png", "https://tiles.example.com"],
    ["https://tiles.example.com/styles/x/{z}/{x}/{y}@2x.png?key=public", "https://tiles.example.com"],
    ["https://maps.example.com:8443/t?z={z}&x={x}&y={y}", "https://maps.example.com:8443"],
  ])("accepts %s (origin %s)", (template, origin) => {
    expect(isMapTileTemplate(template)).toBe(true);
    expect(mapTileOrigin(template)).toBe(origin);
  });

  it.each([
    ["plain http", "http://tiles.example.com/{z}/{x}/{y}.png"],
    ["no {z}", "https://tiles.example.com/{x}/{y}.png"],
    ["no {y}", "https://tiles.example.com/{z}/{x}.png"],
    ["another placeholder", "https://{s}.tiles.example.com/{z}/{x}/{y}.png"],
    ["a placeholder in the host", "https://{z}.example.com/{x}/{y}.png"],
    ["credentials", "https://user:pass@tiles.example.com/{z}/{x}/{y}.png"],
    ["not a URL", "tiles {z} {x} {y}"],
    ["a data URL", "data:image/png;base64,{z}{x}{y}"],
    // A host is a plain hostname: a `;` or `,` would end the CSP's img-src and start another directive.
    ["a ; in the host", "https://tiles.example.com;sandbox/{z}/{x}/{y}.png"],
    ["a , in the host", "https://tiles.example.com,evil.example/{z}/{x}/{y}.png"],
    ["a quote in the host", "https://tiles.example.com'unsafe-inline'/{z}/{x}/{y}.png"],
  ])("refuses %s", (_label, template) => {
    expect(isMapTileTemplate(template)).toBe(false);
    expect(mapTileOrigin(template)).toBeNull();
  });

  it("fills each placeholder", () => {
    expect(mapTileUrl("https://tiles.example.com/{z}/{x}/{y}.png", 15, 5241, 12666)).toBe(
      "https://tiles.example.com/15/5241/12666.png",
    );
  });

  it("is optional in the settings form, and refused there with a clear error when malformed", () => {
    const form = (value: string) => validateSettingsInput({ "tracking.mapTileUrl": value });
    const empty = form("");
    const bad = form("http://tiles.example.com/{z}/{x}/{y}.png");
    expect(empty.ok ? empty.settings.tracking.mapTileUrl : empty.fieldErrors).toBeNull();
    expect(bad.ok ? null : bad.fieldErrors["tracking.mapTileUrl"]).toBe(
      "Enter an https:// address with {z}, {x} and {y}, for example https://tiles.example.com/{z}/{x}/{y}.png",
    );
  });
});

describe("the tracking page's logo address", () => {
  const logo = (value: string) => validateSettingsInput({ "tracking.logoUrl": value });

  it.each(["https://cdn.shopify.com/s/files/1/logo.png", "https://images.example.com:8443/logo.png?v=2"])(
    "accepts %s",
    (value) => {
      const result = logo(value);
      expect(result.ok ? result.settings.tracking.logoUrl : result.fieldErrors).toBe(value);
    },
  );

  it.each([
    "https://cdn.example.com;sandbox/logo.png",
    "https://cdn.example.com,evil.example/logo.png",
    "http://cdn.example.com/logo.png",
    "https://user:pass@cdn.example.com/logo.png",
  ])("refuses %s with a clear error", (value) => {
    const result = logo(value);
    expect(result.ok ? null : result.fieldErrors["tracking.logoUrl"]).toBe(
      "Enter an https:// address of an image, for example https://cdn.shopify.com/…/logo.png",
    );
  });
});
