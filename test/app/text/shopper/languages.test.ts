import { describe, expect, it } from "vitest";
import { localeOfPathPrefix, shopperLanguageFor, type ShopLocales } from "~/text/shopper/languages";

const SELLS_IN: ShopLocales = { primary: "en", published: ["fr", "es-ES"] };

describe("shopperLanguageFor: the storefront's language when the shop publishes it, else its primary, else English", () => {
  it.each<[readonly (string | null)[], ShopLocales, string]>([
    [["fr"], SELLS_IN, "fr"],
    [["fr-CA"], SELLS_IN, "fr"],
    [["es"], SELLS_IN, "es"],
    // Shipped but not published by this shop: its primary language.
    [["de"], SELLS_IN, "en"],
    // Published but not shipped: the next one asked for, else the primary.
    [["pt-BR", "fr"], { primary: "en", published: ["pt-BR", "fr"] }, "fr"],
    [["pt-BR"], { primary: "de", published: ["pt-BR"] }, "de"],
    [[], { primary: "es", published: ["en"] }, "es"],
    [[null], { primary: "ja", published: [] }, "en"],
    // A shop whose languages are not known yet (installed before they were read) takes what is asked.
    [["de"], { primary: null, published: [] }, "de"],
    [[], { primary: null, published: [] }, "en"],
  ])("%j at %j → %s", (requested, shop, language) => {
    expect(shopperLanguageFor(requested, shop)).toBe(language);
  });
});

describe("localeOfPathPrefix: the language folder of the path the shopper opened", () => {
  it.each([
    ["/fr/apps/courier-track", "fr"],
    ["/fr-ca/apps/courier-track", "fr-ca"],
    ["/apps/courier-track", null],
    ["/a/courier-track", null],
    ["/tools/courier-track", null],
    ["/community/courier-track", null],
    [null, null],
    ["", null],
  ])("%j → %j", (pathPrefix, locale) => {
    expect(localeOfPathPrefix(pathPrefix)).toBe(locale);
  });
});
