import { z } from "zod";
import { CustomerGid } from "~/shopify-admin/global-ids";
import { shopDomainFromDest } from "~/shopify-admin/shop-domain";

/** A token as app/shipments/tracking-token.server.ts makes it: 16 random bytes in base64url. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const TrackingTokenParam = z.string().regex(TRACKING_TOKEN_PATTERN);

/** Longest `dest` claim read: `https://` and a domain of at most 253 characters. */
export const MAX_DEST_LENGTH = 261;

/**
 * The claims the order status block's route reads from a customer account session token, once the
 * library verified it: `dest` the shop (its bare domain, as Shopify documents the customer account
 * token, or its https URL; a `*.myshopify.com` host either way), `sub` the signed-in customer's
 * global id.
 */
export const CustomerAccountClaims = z
  .object({
    dest: z
      .string()
      .max(MAX_DEST_LENGTH)
      .transform((dest, ctx) => {
        const shopDomain = shopDomainFromDest(dest);
        if (!shopDomain) ctx.addIssue({ code: "custom", message: "Expected a shop's myshopify.com domain" });
        return shopDomain ?? z.NEVER;
      }),
    sub: z.string().optional(),
  })
  .transform((claims) => ({
    shopDomain: claims.dest,
    /** The signed-in customer; absent when the token names none (or the app may not read customers). */
    customerGid: CustomerGid.safeParse(claims.sub).data ?? null,
  }));

/** Longest locale the order status block sends (a BCP 47 language with its region, "fr-CA", "zh-Hant-TW"). */
export const MAX_LOCALE_LENGTH = 20;

/**
 * The customer account's language the order status block sends (`?locale=`, from
 * `shopify.localization.language`); absent leaves it to the shop's primary language.
 */
export const ShopperLocaleQuery = z.object({
  locale: z
    .string()
    .max(MAX_LOCALE_LENGTH)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, "Expected a locale such as fr or fr-CA")
    .nullable()
    .default(null),
});

/** The `locale` of a request's query, parsed (ShopperLocaleQuery). */
export function localeQueryOf(request: Request): unknown {
  return { locale: new URL(request.url).searchParams.get("locale") };
}
