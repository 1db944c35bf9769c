/**
 * The shoppers' page in the store's look and with its contact (view-model.ts): the accent colour and
 * the text colour that reads on it, the logo, and the store's phone or email as a button. Pure.
 */

/** The page's accent and the text colour on it (dark or white, whichever reads better). */
export type BrandView = { logoUrl: string | null; accent: string; onAccent: string };

/** A way to reach the store, as a button. */
export type StoreContact = { label: string; href: string };

/**
 * The store's phone as a button, else its email; a number with fewer than 7 digits is not one to
 * call, and an email is used only as the settings validated it.
 */
export function storeContactOf(phone: string | null, email: string | null = null): StoreContact | null {
  const digits = phone?.replace(/[^\d+]/g, "") ?? "";
  if (digits.replace(/\D/g, "").length >= 7) return { label: "Call the store", href: `tel:${digits}` };
  return email ? { label: "Email the store", href: `mailto:${email}` } : null;
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
