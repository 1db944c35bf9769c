import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The courier takes at most 10 characters: the 10 digits of a US number. Shopify gives E.164
 * (+15551234567) or whatever the shopper typed. Returns null when no US number can be read.
 */
export function toCourierPhone(raw: string | null | undefined): string | null {
  if (!raw || !raw.trim()) return null;
  const phone = parsePhoneNumberFromString(raw.trim(), "US");
  if (!phone || (phone.country !== "US" && phone.countryCallingCode !== "1")) return null;
  const digits = phone.nationalNumber;
  return /^[2-9]\d{9}$/.test(digits) ? digits : null;
}

/** The first usable phone among the candidates, in order of preference. */
export function firstCourierPhone(candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    const phone = toCourierPhone(candidate);
    if (phone) return phone;
  }
  return null;
}
