import { describe, expect, it } from "vitest";
import {
  createFileLinkSigner,
  FILE_LINK_TTL_MS,
  FileLinkInput,
  labelFileName,
  labelFormatOf,
  photoKindOf,
} from "~/staff/file-links.server";

const T0 = new Date("2026-11-21T18:00:00.000Z");

function signerAt(now: Date, secret = "app-secret") {
  return createFileLinkSigner({ appSecret: secret, appUrl: "https://app.example/", clock: () => now });
}

function parse(url: string) {
  const u = new URL(url);
  const [, , , shipmentId, file] = u.pathname.split("/");
  return FileLinkInput.parse({ shipmentId, file, exp: u.searchParams.get("exp"), sig: u.searchParams.get("sig") });
}

describe("signed file links", () => {
  const link = signerAt(T0).link({ shopDomain: "a.myshopify.com", shipmentId: "shp_1", file: "label.pdf" });

  it("is an absolute URL on the app, valid for the link lifetime", () => {
    expect(link).toMatch(/^https:\/\/app\.example\/api\/files\/shp_1\/label\.pdf\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const parts = parse(link);
    expect(parts.exp * 1000).toBe(T0.getTime() + FILE_LINK_TTL_MS);
    expect(
      signerAt(new Date(T0.getTime() + FILE_LINK_TTL_MS - 1000)).verify({ shopDomain: "a.myshopify.com", ...parts }),
    ).toBe(true);
  });

  it.each([
    ["after it expired", { now: new Date(T0.getTime() + FILE_LINK_TTL_MS + 1000) }],
    ["for another shop", { shopDomain: "b.myshopify.com" }],
    ["for another shipment", { shipmentId: "shp_2" }],
    ["for another file", { file: "label.png" as const }],
    ["with another expiry", { exp: parse(link).exp + 60 }],
    ["signed with another secret", { secret: "other-secret" }],
    ["with a truncated signature", { sig: parse(link).sig.slice(0, 20) }],
  ])("is refused %s", (_label, change) => {
    const {
      now = T0,
      secret = "app-secret",
      ...fields
    } = change as Record<string, never> & { now?: Date; secret?: string };
    const presented = { shopDomain: "a.myshopify.com", ...parse(link), ...fields };
    expect(signerAt(now, secret).verify(presented)).toBe(false);
  });

  it("refuses an expiry further ahead than any link it makes", () => {
    const future = new Date(T0.getTime() + 24 * 3600_000);
    const longLived = signerAt(future).link({ shopDomain: "a.myshopify.com", shipmentId: "shp_1", file: "signature" });
    expect(signerAt(T0).verify({ shopDomain: "a.myshopify.com", ...parse(longLived) })).toBe(false);
  });

  it.each([
    [{ shipmentId: "../x", file: "label.pdf", exp: "1", sig: "a".repeat(43) }],
    [{ shipmentId: "shp_1", file: "label.gif", exp: "1", sig: "a".repeat(43) }],
    [{ shipmentId: "shp_1", file: "signature", exp: "soon", sig: "a".repeat(43) }],
    [{ shipmentId: "shp_1", file: "signature", exp: "1", sig: "short" }],
  ])("rejects malformed link parts %j", (parts) => {
    expect(FileLinkInput.safeParse(parts).success).toBe(false);
  });

  it("names files by kind and format", () => {
    expect([labelFileName("PDF"), labelFileName("PNG")]).toEqual(["label.pdf", "label.png"]);
    expect([photoKindOf("pickup"), photoKindOf("label.png")]).toEqual(["pickup", null]);
    expect([labelFormatOf("label.pdf"), labelFormatOf("delivery")]).toEqual(["PDF", null]);
  });
});
