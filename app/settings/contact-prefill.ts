import { z } from "zod";
import { isPlainObject } from "~/http/plain-object";
import { TRACKING_CONTACT_EMAIL_MAX_LENGTH } from "./limits";

/**
 * The tracking page's contact email prefilled from Shopify's `Shop.contactEmail` ("the public-facing
 * contact email address for the shop. Customers will use this email to communicate with the shop
 * owner", Admin 2026-10). Never `Shop.email`: that is the owner's address for Shopify, not for
 * shoppers. Shopify's Admin API exposes no brand logo or colours on `Shop` (the Storefront API's
 * `shop.brand` has them; the Admin schema's branding types are checkout's design, behind another
 * scope), so the logo and accent stay the merchant's to set.
 *
 * Only while the stored settings have never held a contact email (a new shop's `{}`, or a row saved
 * before the field existed): once the merchant saved the settings, their choice, empty included,
 * stands. Returns the settings JSON to store, or null to leave them as they are.
 */
export function settingsWithContactEmail(
  storedJson: string,
  shopContactEmail: string | null | undefined,
): string | null {
  const email = shopContactEmail?.trim() ?? "";
  if (email.length > TRACKING_CONTACT_EMAIL_MAX_LENGTH || !z.email().safeParse(email).success) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(storedJson);
  } catch {
    return null;
  }
  // Unreadable stored settings are the settings' own repair to make (stored-settings.ts), not this.
  if (!isPlainObject(stored)) return null;
  const tracking = stored.tracking;
  if (tracking !== undefined && !isPlainObject(tracking)) return null;
  if (tracking && Object.hasOwn(tracking, "contactEmail")) return null;
  return JSON.stringify({ ...stored, tracking: { ...tracking, contactEmail: email } });
}
