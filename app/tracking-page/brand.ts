/**
 * The shoppers' page in the store's look and with its contact (view-model.ts): the accent colour and
 * the text colour that reads on it, the logo, and the store's phone and email as text and links. Pure.
 */

/** The page's accent and the text colour on it (dark or white, whichever reads better). */
export type BrandView = { logoUrl: string | null; accent: string; onAccent: string };

/** A way to reach someone: what the shopper reads (the number, the address) and the link that opens it. */
export type ContactWay = { text: string; href: string };

/** How the shopper reaches the store: its phone and its email, each shown and linked on every width. */
export type StoreContact = { phone: ContactWay | null; email: ContactWay | null };

/** A phone number to call: at least 7 digits, an optional leading +; null otherwise. */
export function phoneWayOf(phone: string | null): ContactWay | null {
  const dialled = phone?.replace(/[^\d+]/g, "") ?? "";
  if (dialled.replace(/\D/g, "").length < 7) return null;
  return { text: phone!.trim(), href: `tel:${dialled}` };
}

/**
 * The store's phone and email; an email is used only as the settings validated it. Null when the
 * store has neither.
 */
export function storeContactOf(phone: string | null, email: string | null = null): StoreContact | null {
  const contact = { phone: phoneWayOf(phone), email: email ? { text: email, href: `mailto:${email}` } : null };
  return contact.phone || contact.email ? contact : null;
}

/** The app's own accent when the store set none. */
export const DEFAULT_ACCENT = "#1e40af";
const DARK_TEXT = "#0f172a";

/** WCAG relative luminance of a #rrggbb colour. */
function luminanceOf(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The accent and whichever of white or dark text has the higher contrast on it. */
export function brandOf(logoUrl: string | null, accentColor: string | null): BrandView {
  const accent = accentColor && /^#[0-9a-f]{6}$/i.test(accentColor) ? accentColor.toLowerCase() : DEFAULT_ACCENT;
  const light = luminanceOf(accent);
  const onWhite = 1.05 / (light + 0.05);
  const onDark = (light + 0.05) / (luminanceOf(DARK_TEXT) + 0.05);
  return { logoUrl, accent, onAccent: onWhite >= onDark ? "#ffffff" : DARK_TEXT };
}
