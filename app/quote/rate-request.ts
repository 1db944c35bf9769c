import { z } from "zod";

/**
 * The body Shopify POSTs to the carrier-service callback (`{"rate": {...}}`), parsed leniently:
 * unknown keys are ignored, `null` stands for "absent", numbers may arrive as text, and the newer
 * `order_totals` and `customer` are optional (a malformed one is dropped, never fatal). What cannot
 * be read safely (no origin, no destination, an item without a usable quantity) makes the whole
 * request unusable: then checkout gets no rate, never a wrong one.
 */

/** Largest callback body read; Shopify's rate requests are a few kilobytes even for big carts. */
export const MAX_RATE_REQUEST_BYTES = 256 * 1024;
/** Most line items accepted in one rate request. */
export const MAX_RATE_ITEMS = 500;
/** Longest text kept from any field; longer values are cut (an address line over it fails later checks). */
export const MAX_FIELD_LENGTH = 500;
/** Highest quantity of one line. */
export const MAX_ITEM_QUANTITY = 100_000;
/** Highest weight of one unit, in grams (about 2,200 pounds). */
export const MAX_ITEM_GRAMS = 1_000_000;
/** Highest unit price or order total, in cents. */
export const MAX_CENTS = 10_000_000_000;

const absent = (value: unknown) => value === null || value === undefined;

/** Text, or null for null, absent, blank or a non-text value; trimmed and cut to MAX_FIELD_LENGTH. */
const lenientText = z
  .unknown()
  .optional()
  .transform((value): string | null => {
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value !== "string") return null;
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed.slice(0, MAX_FIELD_LENGTH);
  });

/** A number given as a number or as numeric text; null when absent or unreadable. */
function lenientNumber(min: number, max: number, { integer = false } = {}) {
  return z
    .unknown()
    .optional()
    .transform((value): number | null => {
      if (absent(value)) return null;
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof number !== "number" || !Number.isFinite(number) || number < min || number > max) return null;
      if (integer && !Number.isInteger(number)) return null;
      return number;
    });
}

const lenientBoolean = (fallback: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value): boolean => {
      if (typeof value === "boolean") return value;
      if (value === "true" || value === 1) return true;
      if (value === "false" || value === 0) return false;
      return fallback;
    });

/** Shopify's numeric legacy ids (or their text): kept as digit text; null otherwise. */
const legacyId = z
  .unknown()
  .optional()
  .transform((value): string | null => {
    const text =
      typeof value === "number" && Number.isSafeInteger(value)
        ? String(value)
        : typeof value === "string"
          ? value.trim()
          : "";
    return /^\d{1,20}$/.test(text) ? text : null;
  });

export const CallbackAddress = z
  .looseObject({
    country: lenientText,
    postal_code: lenientText,
    province: lenientText,
    city: lenientText,
    address1: lenientText,
    address2: lenientText,
  })
  .transform((a) => ({
    countryCode: a.country?.toUpperCase() ?? null,
    zip: a.postal_code,
    provinceCode: a.province?.toUpperCase() ?? null,
    city: a.city,
    address1: a.address1,
    address2: a.address2,
  }));
export type CallbackAddress = z.output<typeof CallbackAddress>;

export const CallbackItem = z
  .looseObject({
    name: lenientText,
    quantity: z.unknown(),
    grams: lenientNumber(0, MAX_ITEM_GRAMS),
    price: lenientNumber(0, MAX_CENTS),
    requires_shipping: lenientBoolean(true),
    product_id: legacyId,
    variant_id: legacyId,
  })
  .transform((item, ctx) => {
    const quantity = lenientNumber(0, MAX_ITEM_QUANTITY, { integer: true }).parse(item.quantity);
    if (quantity === null) {
      ctx.addIssue({ code: "custom", message: "quantity must be a whole number", path: ["quantity"] });
      return z.NEVER;
    }
    return {
      name: item.name,
      quantity,
      /** Per unit; null when Shopify gave none (the shop's default package weight is used). */
      grams: item.grams,
      /** Per unit, in cents of the request's currency; null when absent. */
      priceCents: item.price === null ? null : Math.round(item.price),
      requiresShipping: item.requires_shipping,
      productId: item.product_id,
      variantId: item.variant_id,
    };
  });
export type CallbackItem = z.output<typeof CallbackItem>;

/** Strings in cents ("1999"); an unreadable total is null. */
const OrderTotals = z
  .looseObject({
    subtotal_price: lenientNumber(0, MAX_CENTS),
    total_price: lenientNumber(0, MAX_CENTS),
    discount_amount: lenientNumber(0, MAX_CENTS),
  })
  .transform((t) => ({ subtotalCents: t.subtotal_price, totalCents: t.total_price, discountCents: t.discount_amount }));

/** Present for identified customers; its tags can make delivery free (window-pricing.ts). */
const Customer = z.looseObject({ id: legacyId, tags: z.array(z.string()).catch([]) });

export const RateRequestBody = z.looseObject({
  rate: z.looseObject({
    origin: CallbackAddress,
    destination: CallbackAddress,
    items: z.array(CallbackItem).max(MAX_RATE_ITEMS, { error: `must hold at most ${MAX_RATE_ITEMS} items` }),
    currency: lenientText.transform((code) => (code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : null)),
    locale: lenientText,
    order_totals: OrderTotals.nullable().optional().catch(null),
    customer: Customer.nullable().optional().catch(null),
  }),
});

export type RateRequest = {
  origin: CallbackAddress;
  destination: CallbackAddress;
  items: CallbackItem[];
  /** The cart's (presentment) currency; null when Shopify sent none. */
  currency: string | null;
  locale: string | null;
  /** order_totals.subtotal_price in cents of `currency`, when sent. */
  subtotalCents: number | null;
  /** customer.tags of an identified customer (free delivery for tags, window-pricing.ts); missing: none. */
  customerTags?: string[];
};

export type ParsedRateRequest = { ok: true; request: RateRequest } | { ok: false; problems: string[] };

/**
 * Parses the raw callback body. Problems name fields only (e.g. "rate.items.0.quantity"), never
 * values: the body holds the shopper's address.
 */
export function parseRateRequest(rawBody: string): ParsedRateRequest {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, problems: ["body is not JSON"] };
  }
  const parsed = RateRequestBody.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`),
    };
  }
  const rate = parsed.data.rate;
  return {
    ok: true,
    request: {
      origin: rate.origin,
      destination: rate.destination,
      items: rate.items,
      currency: rate.currency,
      locale: rate.locale,
      subtotalCents: rate.order_totals?.subtotalCents ?? null,
      customerTags: rate.customer?.tags ?? [],
    },
  };
}
