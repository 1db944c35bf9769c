/**
 * Which language a shopper reads: the storefront's (the app proxy's path, the customer account's
 * locale) when the shop publishes it and the app ships it, else the shop's primary locale when the
 * app ships it, else English. Pure.
 */

/** The languages every shopper-facing catalogue is complete in (test/app/text/shopper/catalogues.test.ts). */
export const SHOPPER_LANGUAGES = ["en", "fr", "es", "de"] as const;
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];
export const DEFAULT_SHOPPER_LANGUAGE: ShopperLanguage = "en";

/** A locale's language, when shipped: "fr-CA" → "fr", "pt-BR" → null. */
export function shippedLanguageOf(locale: string | null | undefined): ShopperLanguage | null {
  const language = locale?.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (SHOPPER_LANGUAGES as readonly string[]).includes(language) ? (language as ShopperLanguage) : null;
}

/** The shop's locales as Shopify lists them (Admin `shopLocales(published: true)`), primary first. */
export type ShopLocales = { primary: string | null; published: readonly string[] };

/** The shop's locales as the shop row keeps them (Shop.locales: comma-separated, the primary first). */
export function shopLocalesOf(stored: string | null): ShopLocales {
  const [primary = null, ...published] = stored?.split(",").filter(Boolean) ?? [];
  return { primary, published };
}

/**
 * The language for a shopper. `requested` are the storefront's locales in order of preference; one
 * counts only when the shop publishes its language (a shop that publishes none known to the app
 * takes any): a shopper cannot ask for a language the store does not sell in.
 */
export function shopperLanguageFor(
  requested: readonly (string | null | undefined)[],
  shop: ShopLocales,
): ShopperLanguage {
  const published = new Set(
    [shop.primary, ...shop.published].map(shippedLanguageOf).filter((l): l is ShopperLanguage => l !== null),
  );
  for (const locale of requested) {
    const language = shippedLanguageOf(locale);
    if (language && (published.size === 0 || published.has(language))) return language;
  }
  return shippedLanguageOf(shop.primary) ?? DEFAULT_SHOPPER_LANGUAGE;
}

/**
 * The storefront locale in an app proxy request: Shopify's `path_prefix` names the path the shopper
 * opened, which on a store selling in several languages starts with the language's folder
 * ("/fr/apps/courier-track", "/fr-ca/apps/courier-track"). Null when it starts with the proxy's own prefix.
 */
export function localeOfPathPrefix(pathPrefix: string | null): string | null {
  const first = pathPrefix?.split("/").filter(Boolean)[0] ?? "";
  // Shopify's proxy prefixes (apps, a, community, tools) are never a language's 2 or 3 letters.
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(first) ? first : null;
}
