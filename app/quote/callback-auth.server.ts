import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify signs each carrier-service rate request as it signs webhooks: `X-Shopify-Hmac-Sha256` is
 * the base64 HMAC-SHA256 of the raw body bytes, keyed with the app's API secret. Compared in
 * constant time on the two 32-byte digests.
 */

const DIGEST_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function verifyCallbackHmac(rawBody: Uint8Array, header: string | null, secret: string): boolean {
  const presented = header?.trim() ?? "";
  if (!BASE64.test(presented)) return false;
  const given = Buffer.from(presented, "base64");
  if (given.length !== DIGEST_BYTES) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(given, expected);
}

export { isMyshopifyDomain } from "~/shopify-admin/shop-domain";
