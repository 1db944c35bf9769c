import { z } from "zod";
import { CustomerGid } from "~/shopify/global-ids";

/** A token as app/shipments/tracking-token.server.ts makes it: 16 random bytes in base64url. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const TrackingTokenParam = z.string().regex(TRACKING_TOKEN_PATTERN);

/**
 * The claims the order status block's route reads from a customer account session token, once the
 * library verified it: `dest` is the shop's URL (`https://<shop>.myshopify.com`), `sub` the signed-in
 * customer's global id.
 */
export const CustomerAccountClaims = z
  .object({ dest: z.url({ protocol: /^https$/ }), sub: z.string().optional() })
  .transform((claims) => ({
    shopDomain: new URL(claims.dest).hostname,
    /** The signed-in customer; absent when the token names none (or the app may not read customers). */
    customerGid: CustomerGid.safeParse(claims.sub).data ?? null,
  }));
