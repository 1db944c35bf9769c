import { z } from "zod";

/**
 * A shop's settings (stored as JSON text in Shop.settingsJson): delivery windows, pricing, fallback,
 * dispatch mode, tags, courier options and tracking.
 *
 * One schema serves two readers:
 * - `parseShopSettings` reads whatever is stored and always returns usable settings: keys missing from
 *   an older row take their defaults, and a part that no longer validates falls back to its default
 *   instead of breaking checkout.
 * - `validateSettingsInput` checks what the settings page submits and returns errors keyed by the
 *   dotted path of each field ("pricing.markupPercent", "deliveryWindows.1.orderCutoff").
 * Fields accept the strings a form sends ("60", "on", "") as well as typed JSON values.
 */

export const CARRIER_SERVICE_NAME_MAX_LENGTH = 100;
export const PACKAGE_DIMENSION_MAX_INCHES = 120;
export const PACKAGE_WEIGHT_MAX_POUNDS = 500;
export const LEAD_TIME_MINUTES_MIN = 1;
export const LEAD_TIME_MINUTES_MAX = 24 * 60;
export const MAX_DELIVERY_WINDOWS = 10;
export const WINDOW_ID_MAX_LENGTH = 40;
/** Lowercase letters and digits in hyphen-separated words; it becomes part of the rate's service_code. */
export const WINDOW_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const WINDOW_SERVICE_NAME_MAX_LENGTH = 100;
export const WINDOW_DESCRIPTION_MAX_LENGTH = 255;
export const WITHIN_HOURS_MIN = 0.5;
export const WITHIN_HOURS_MAX = 24;
/** Highest price, fallback price or price clamp a merchant may set, in cents ($1,000.00). */
export const MAX_PRICE_CENTS = 100_000;
export const MARKUP_PERCENT_MIN = -100;
export const MARKUP_PERCENT_MAX = 1000;
/** The fixed markup may be negative (a discount) down to minus this amount, in cents. */
export const FIXED_MARKUP_CENTS_LIMIT = 100_000;
export const MAX_SUBTOTAL_CENTS = 100_000_000;
export const TIME_BUDGET_MS_MIN = 500;
/** Shopify's smallest carrier-service timeout is 3 s; the app must have answered before it. */
export const TIME_BUDGET_MS_MAX = 2900;
export const TIME_BUDGET_MS_DEFAULT = 2500;
/** Shopify tags are at most 40 characters and are split on commas. */
export const TAG_MAX_LENGTH = 40;
export const TAG_LIST_MAX = 20;
export const TRACKING_COMPANY_MAX_LENGTH = 100;
export const TRACKING_URL_TEMPLATE_MAX_LENGTH = 500;
export const TRACKING_NUMBER_PLACEHOLDER = "{tracking_number}";
export const TRACKING_PAGE_DAYS_MIN = 1;
export const TRACKING_PAGE_DAYS_MAX = 365;
export const TRACKING_PAGE_DAYS_DEFAULT = 30;
export const PRICE_TOLERANCE_MAX_CENTS = 100_000;
export const PRICE_TOLERANCE_MAX_PERCENT = 100;
/** A Shopify cart attribute (order note attribute) name: short text, as the theme's cart form names it. */
export const CART_ATTRIBUTE_NAME_MAX_LENGTH = 100;
/** The merchant's standing note for drivers: it shares the courier's 500-character notes with the shopper's. */
export const MERCHANT_DRIVER_NOTE_MAX_LENGTH = 200;
export const RECONCILIATION_SILENCE_MINUTES_MIN = 5;
export const RECONCILIATION_SILENCE_MINUTES_MAX = 24 * 60;

export const WINDOW_KINDS = ["within_hours", "today_by", "tomorrow"] as const;
export const ROUNDING_MODES = ["none", "up_to_dollar", "up_to_99_cents", "nearest_50_cents"] as const;
export const CHECKOUT_FALLBACKS = ["flat_rate", "no_rate", "shopify_backup_rates"] as const;
export const DISPATCH_MODES = ["carrier_orders", "all_in_area", "manual"] as const;
export const PRICE_TOLERANCE_UNITS = ["cents", "percent"] as const;

// ---- form-tolerant field types -------------------------------------------------------------

function numberFromInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

function optionalNumberFromInput(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  return numberFromInput(value);
}

const TRUE_WORDS = new Set(["true", "on", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "off", "no", "0", ""]);

function booleanFromInput(value: unknown): unknown {
  // A hidden "false" followed by a checked checkbox sends both: the last one counts.
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof last !== "string") return last;
  const word = last.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return last;
}

function formatDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

function wholeNumber(min: number, max: number, unit: string) {
  const message = `Enter a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(numberFromInput, z.number({ error: message }).int(message).min(min, message).max(max, message));
}

function decimalNumber(min: number, max: number, message: string, { exclusiveMin = false } = {}) {
  const base = z.number({ error: message });
  return z.preprocess(
    numberFromInput,
    (exclusiveMin ? base.gt(min, message) : base.min(min, message)).max(max, message),
  );
}

function cents(min: number, max: number) {
  const message = `Enter an amount from ${formatDollars(min)} to ${formatDollars(max)}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const requiredCents = (min: number, max: number) => z.preprocess(numberFromInput, cents(min, max));
const optionalCents = (min: number, max: number) => z.preprocess(optionalNumberFromInput, cents(min, max).nullable());

const Flag = z.preprocess(booleanFromInput, z.boolean({ error: "Choose yes or no" }));

function text(min: number, max: number, what: string) {
  const tooLong = `${what} must be at most ${max} characters`;
  const base = z
    .string({ error: `Enter ${what.toLowerCase()}` })
    .trim()
    .max(max, tooLong);
  if (min > 0) return base.min(min, `Enter ${what.toLowerCase()}`);
  // An optional text left out is simply empty.
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), base);
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

const CLOCK_TIME_MESSAGE = "Enter a time as HH:MM (24-hour clock)";

const ClockTime = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
    return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : value;
  },
  z.string({ error: CLOCK_TIME_MESSAGE }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CLOCK_TIME_MESSAGE),
);

const TagName = z
  .string({ error: "Enter a tag" })
  .trim()
  .min(1, "Enter a tag")
  .max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`)
  .refine((tag) => !tag.includes(","), "Tags cannot contain commas");

// A list is one field on the page: a problem with one tag is reported on the list, naming the tag.
const TagList = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(/[,\n]/) : value),
    z.array(z.string({ error: "Enter tag names separated by commas" }), {
      error: "Enter tag names separated by commas",
    }),
  )
  .transform((tags) => tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))
  .superRefine((tags, ctx) => {
    const tooLong = tags.find((tag) => tag.length > TAG_MAX_LENGTH);
    if (tooLong !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `Tags must be at most ${TAG_MAX_LENGTH} characters ("${tooLong.slice(0, 20)}…" is longer)`,
      });
    }
    const withComma = tags.find((tag) => tag.includes(","));
    if (withComma !== undefined) ctx.addIssue({ code: "custom", message: "Tags cannot contain commas" });
    if (tags.length > TAG_LIST_MAX) ctx.addIssue({ code: "custom", message: `Enter at most ${TAG_LIST_MAX} tags` });
  })
  // Shopify compares tags without regard to case.
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i));

const WindowId = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z
    .string({ error: "Enter an id for this window" })
    .min(1, "Enter an id for this window")
    .max(WINDOW_ID_MAX_LENGTH, `The id must be at most ${WINDOW_ID_MAX_LENGTH} characters`)
    .regex(WINDOW_ID_PATTERN, "Use lowercase letters and digits, with single hyphens between words"),
);

const TrackingUrlTemplate = z.preprocess(
  (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
  z
    .string({ error: "Enter a URL template" })
    .trim()
    .max(TRACKING_URL_TEMPLATE_MAX_LENGTH, `The URL must be at most ${TRACKING_URL_TEMPLATE_MAX_LENGTH} characters`)
    .refine(
      (template) => template.includes(TRACKING_NUMBER_PLACEHOLDER),
      `Include ${TRACKING_NUMBER_PLACEHOLDER} in the URL`,
    )
    .refine(
      isHttpsUrlTemplate,
      `Enter an https:// address, for example https://track.example.com/${TRACKING_NUMBER_PLACEHOLDER}`,
    )
    .nullable(),
);

function isHttpsUrlTemplate(template: string): boolean {
  try {
    const url = new URL(fillTrackingTemplate(template, "TRACK123456"));
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The tracking URL for a tracking number, or null when the shop set no template. */
export function trackingUrlFor(template: string | null, trackingNumber: string): string | null {
  return template === null ? null : fillTrackingTemplate(template, trackingNumber);
}

function fillTrackingTemplate(template: string, trackingNumber: string): string {
  return template.split(TRACKING_NUMBER_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}

/**
 * Cross-field rules run even when other fields failed (zod skips them by default), so the settings page
 * shows every error at once; each rule checks that the fields it compares are valid themselves.
 */
const EVEN_WITH_OTHER_ERRORS = { when: (payload: { value: unknown }) => isPlainObject(payload.value) };

type IssueList = ReadonlyArray<{ readonly path?: readonly PropertyKey[] | undefined }>;

function hasIssueUnder(issues: IssueList, ...prefix: PropertyKey[]): boolean {
  return issues.some((issue) => prefix.every((segment, i) => issue.path?.[i] === segment));
}

// ---- delivery windows ----------------------------------------------------------------------

const windowCommon = {
  id: WindowId,
  serviceName: text(1, WINDOW_SERVICE_NAME_MAX_LENGTH, "A name shoppers see"),
  description: text(0, WINDOW_DESCRIPTION_MAX_LENGTH, "The description"),
  enabled: Flag,
  /** Flat price shown when the courier cannot price in time (checkout fallback "flat_rate"); null: no rate. */
  fallbackPriceCents: optionalCents(0, MAX_PRICE_CENTS),
};

const HOURS_MESSAGE = `Enter hours from ${WITHIN_HOURS_MIN} to ${WITHIN_HOURS_MAX}, in whole or half hours`;

export const WithinHoursWindow = z.object({
  ...windowCommon,
  kind: z.literal("within_hours"),
  /** Delivery within this many hours after pickup. */
  hours: decimalNumber(WITHIN_HOURS_MIN, WITHIN_HOURS_MAX, HOURS_MESSAGE).refine(
    (hours) => Number.isInteger(hours * 2),
    HOURS_MESSAGE,
  ),
});

export const TodayByWindow = z
  .object({
    ...windowCommon,
    kind: z.literal("today_by"),
    /** Delivered by this shop-local time today. */
    deliverBy: ClockTime,
    /** Offered at checkout until this shop-local time. */
    orderCutoff: ClockTime,
  })
  .superRefine((window, ctx) => {
    if (hasIssueUnder(ctx.issues, "orderCutoff") || hasIssueUnder(ctx.issues, "deliverBy")) return;
    if (window.orderCutoff >= window.deliverBy) {
      ctx.addIssue({
        code: "custom",
        path: ["orderCutoff"],
        message: "The order cutoff must be before the delivery deadline",
      });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export const TomorrowWindow = z
  .object({
    ...windowCommon,
    kind: z.literal("tomorrow"),
    startTime: ClockTime,
    endTime: ClockTime,
  })
  .superRefine((window, ctx) => {
    if (hasIssueUnder(ctx.issues, "startTime") || hasIssueUnder(ctx.issues, "endTime")) return;
    if (window.startTime >= window.endTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "The window must end after it starts" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export const DeliveryWindow = z.discriminatedUnion("kind", [WithinHoursWindow, TodayByWindow, TomorrowWindow], {
  error: 'Choose a kind of window: "within hours", "today by" or "tomorrow"',
});

export type DeliveryWindow = z.infer<typeof DeliveryWindow>;
export type WindowKind = (typeof WINDOW_KINDS)[number];

// ---- groups --------------------------------------------------------------------------------

const dimensionMessage = `Enter inches greater than 0 and at most ${PACKAGE_DIMENSION_MAX_INCHES}`;

export const PackageSize = z.object({
  lengthInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  widthInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  heightInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  weightPounds: decimalNumber(
    0,
    PACKAGE_WEIGHT_MAX_POUNDS,
    `Enter pounds greater than 0 and at most ${PACKAGE_WEIGHT_MAX_POUNDS}`,
    { exclusiveMin: true },
  ),
});

export const PricingRules = z
  .object({
    markupPercent: decimalNumber(
      MARKUP_PERCENT_MIN,
      MARKUP_PERCENT_MAX,
      `Enter a percentage from ${MARKUP_PERCENT_MIN} to ${MARKUP_PERCENT_MAX}`,
    ),
    fixedMarkupCents: requiredCents(-FIXED_MARKUP_CENTS_LIMIT, FIXED_MARKUP_CENTS_LIMIT),
    rounding: choice(ROUNDING_MODES, "Choose how prices are rounded"),
    /** Delivery is free when the order subtotal is at least this much; null: never free. */
    freeAboveSubtotalCents: optionalCents(0, MAX_SUBTOTAL_CENTS),
    minimumPriceCents: optionalCents(0, MAX_PRICE_CENTS),
    maximumPriceCents: optionalCents(0, MAX_PRICE_CENTS),
  })
  .superRefine((rules, ctx) => {
    if (hasIssueUnder(ctx.issues, "minimumPriceCents") || hasIssueUnder(ctx.issues, "maximumPriceCents")) return;
    if (
      rules.minimumPriceCents !== null &&
      rules.maximumPriceCents !== null &&
      rules.minimumPriceCents > rules.maximumPriceCents
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["maximumPriceCents"],
        message: "The maximum price must not be below the minimum price",
      });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type PricingRules = z.infer<typeof PricingRules>;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export const ShopTags = z.object({
  /** Products with any of these tags need a recipient over 21 (courier option over_21_required). */
  over21: TagList,
  /** Products with any of these tags need a recipient over 18 (courier option over_18_required). */
  over18: TagList,
  /** Added to the order once its courier shipment exists. */
  dispatched: TagName,
  /** Added to the order when staff must act (canceled, returned, cannot dispatch). */
  attention: TagName,
});

export const DeliveryOptionSettings = z.object({
  signatureRequired: Flag,
  recipientSmsNotifications: Flag,
  declineInsurance: Flag,
});

export const TrackingSettings = z.object({
  companyName: text(1, TRACKING_COMPANY_MAX_LENGTH, "A tracking company name"),
  /** null: fulfillments carry the number and company only. */
  urlTemplate: TrackingUrlTemplate,
  /** Days the shoppers' tracking page keeps working after the delivery's final state. */
  pageDays: wholeNumber(TRACKING_PAGE_DAYS_MIN, TRACKING_PAGE_DAYS_MAX, "days").default(TRACKING_PAGE_DAYS_DEFAULT),
});

const OptionalText = (max: number, what: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: `Enter ${what}` })
      .trim()
      .max(max, `${what} must be at most ${max} characters`)
      .nullable(),
  );

export const DriverNotesSettings = z.object({
  /** The shopper's delivery instructions (checkout, order note, the cart attribute below) go to the driver. */
  shopperInstructions: Flag,
  /** Cart attribute holding delivery instructions (e.g. "Delivery instructions"); null: none. */
  instructionsAttribute: OptionalText(CART_ATTRIBUTE_NAME_MAX_LENGTH, "The cart attribute name"),
  /** The merchant's own note for every delivery's driver (e.g. "Ring the bell twice"); null: none. */
  merchantNote: OptionalText(MERCHANT_DRIVER_NOTE_MAX_LENGTH, "The note for drivers"),
});

export const PriceTolerance = z
  .object({
    unit: choice(PRICE_TOLERANCE_UNITS, "Choose cents or percent"),
    amount: decimalNumber(0, PRICE_TOLERANCE_MAX_CENTS, "Enter an amount of 0 or more"),
  })
  .superRefine((tolerance, ctx) => {
    if (hasIssueUnder(ctx.issues, "unit") || hasIssueUnder(ctx.issues, "amount")) return;
    if (tolerance.unit === "percent" && tolerance.amount > PRICE_TOLERANCE_MAX_PERCENT) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `Enter a percentage from 0 to ${PRICE_TOLERANCE_MAX_PERCENT}`,
      });
    }
    if (tolerance.unit === "cents" && !Number.isInteger(tolerance.amount)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter a whole number of cents" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type PriceTolerance = z.infer<typeof PriceTolerance>;

// ---- the settings --------------------------------------------------------------------------

export const ShopSettings = z
  .object({
    /** Name of the carrier service registered with Shopify (merchants see it in shipping settings). */
    carrierServiceName: text(1, CARRIER_SERVICE_NAME_MAX_LENGTH, "A carrier service name"),
    /** Used for items whose product or variant has no dimension metafields. */
    defaultPackage: PackageSize,
    /** Minutes from now until the courier may pick up. */
    leadTimeMinutes: wholeNumber(LEAD_TIME_MINUTES_MIN, LEAD_TIME_MINUTES_MAX, "minutes"),
    deliveryWindows: z
      .array(DeliveryWindow, { error: "Add at least one delivery window" })
      .min(1, "Add at least one delivery window")
      .max(MAX_DELIVERY_WINDOWS, `Use at most ${MAX_DELIVERY_WINDOWS} delivery windows`),
    /** Window used at dispatch for orders that did not choose one of ours (or whose code is unknown). */
    defaultWindowId: WindowId,
    pricing: PricingRules,
    /** What checkout shows when the courier is slow, throttled or failing. */
    checkoutFallback: choice(CHECKOUT_FALLBACKS, "Choose what checkout shows when the courier cannot answer"),
    /** Total time the rate callback may take, courier call included. */
    timeBudgetMs: wholeNumber(TIME_BUDGET_MS_MIN, TIME_BUDGET_MS_MAX, "milliseconds"),
    dispatchMode: choice(DISPATCH_MODES, "Choose which orders are dispatched"),
    tags: ShopTags,
    deliveryOptions: DeliveryOptionSettings,
    /** Shopify emails the customer when the fulfillment (pickup) is created. */
    notifyCustomerOnFulfillment: Flag,
    tracking: TrackingSettings,
    /** What the driver reads in the delivery's notes (never in the description every driver sees). */
    driverNotes: DriverNotesSettings,
    /** A shipment priced further than this from the quote is flagged for staff. */
    priceTolerance: PriceTolerance,
    /** A non-final shipment without courier events for this long is read back from the courier. */
    reconciliationSilenceMinutes: wholeNumber(
      RECONCILIATION_SILENCE_MINUTES_MIN,
      RECONCILIATION_SILENCE_MINUTES_MAX,
      "minutes",
    ),
  })
  .superRefine((settings, ctx) => {
    // Parts of `settings` may be unparsed input here (see EVEN_WITH_OTHER_ERRORS).
    const windows: unknown = settings.deliveryWindows;
    if (!Array.isArray(windows)) return;
    const listInvalid = ctx.issues.some((issue) => issue.path?.length === 1 && issue.path[0] === "deliveryWindows");
    const ids = new Set<string>();
    let everyIdValid = true;
    windows.forEach((window: unknown, index) => {
      const id = isPlainObject(window) ? window.id : undefined;
      const idValid =
        typeof id === "string" &&
        !hasIssueUnder(ctx.issues, "deliveryWindows", index, "id") &&
        !hasIssueUnder(ctx.issues, "deliveryWindows", index, "kind");
      if (!idValid) {
        everyIdValid = false;
      } else if (ids.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: ["deliveryWindows", index, "id"],
          message: "Another delivery window already uses this id",
        });
      } else {
        ids.add(id);
      }
    });
    if (
      everyIdValid &&
      !listInvalid &&
      !hasIssueUnder(ctx.issues, "defaultWindowId") &&
      !ids.has(settings.defaultWindowId)
    ) {
      ctx.addIssue({ code: "custom", path: ["defaultWindowId"], message: "Choose one of the delivery windows" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type ShopSettings = z.infer<typeof ShopSettings>;

export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = deepFreeze(
  ShopSettings.parse({
    carrierServiceName: "Same-day delivery",
    defaultPackage: { lengthInches: 12, widthInches: 10, heightInches: 8, weightPounds: 5 },
    // The courier recommends at least 60 minutes between request and pickup so it can batch.
    leadTimeMinutes: 60,
    deliveryWindows: [
      {
        id: "within-3-hours",
        kind: "within_hours",
        hours: 3,
        serviceName: "Same-day delivery",
        description: "Delivered within 3 hours",
        enabled: true,
        fallbackPriceCents: null,
      },
      {
        id: "today-by-8pm",
        kind: "today_by",
        deliverBy: "20:00",
        orderCutoff: "17:00",
        serviceName: "Delivery today by 8 pm",
        description: "Order by 5 pm",
        enabled: true,
        fallbackPriceCents: null,
      },
      {
        id: "tomorrow-morning",
        kind: "tomorrow",
        startTime: "09:00",
        endTime: "12:00",
        serviceName: "Delivery tomorrow morning",
        description: "Delivered tomorrow between 9 am and noon",
        enabled: true,
        fallbackPriceCents: null,
      },
    ],
    defaultWindowId: "within-3-hours",
    pricing: {
      markupPercent: 0,
      fixedMarkupCents: 0,
      rounding: "none",
      freeAboveSubtotalCents: null,
      minimumPriceCents: null,
      maximumPriceCents: null,
    },
    // Until the merchant sets flat prices there is nothing safe to charge without a courier price.
    checkoutFallback: "no_rate",
    timeBudgetMs: TIME_BUDGET_MS_DEFAULT,
    dispatchMode: "carrier_orders",
    tags: {
      over21: ["21+", "age-21"],
      over18: ["18+", "age-18"],
      dispatched: "same-day-dispatched",
      attention: "same-day-attention",
    },
    deliveryOptions: { signatureRequired: false, recipientSmsNotifications: true, declineInsurance: false },
    notifyCustomerOnFulfillment: true,
    tracking: { companyName: "Same-Day Courier", urlTemplate: null, pageDays: TRACKING_PAGE_DAYS_DEFAULT },
    driverNotes: { shopperInstructions: true, instructionsAttribute: null, merchantNote: null },
    priceTolerance: { unit: "percent", amount: 10 },
    reconciliationSilenceMinutes: 15,
  }),
);

/** Fields an older stored window may lack; anything else missing makes that window unusable. */
const WINDOW_FIELD_DEFAULTS = { enabled: true, description: "", fallbackPriceCents: null };

// ---- reading stored settings ----------------------------------------------------------------

/**
 * Settings from what is stored (JSON text or an already-parsed value). Never throws: a missing key
 * takes its default, an invalid value takes the default for the smallest part that holds it
 * (one field, else its group), an invalid window is dropped (all windows invalid: the default
 * windows), and a default window id that names no window becomes the first window's.
 */
export function parseShopSettings(stored: string | unknown): ShopSettings {
  let value: unknown = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      value = undefined;
    }
  }
  const defaults = structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;
  if (!isPlainObject(value)) return defaults;

  const direct = ShopSettings.safeParse(value);
  if (direct.success) return direct.data;

  const candidate: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(ShopSettings.shape)) {
    const fallback = (defaults as Record<string, unknown>)[key];
    if (key === "deliveryWindows") {
      candidate[key] = salvageWindows(value[key], defaults.deliveryWindows);
    } else {
      candidate[key] = key in value ? salvage(fieldSchema, value[key], fallback) : fallback;
    }
  }
  const windows = candidate.deliveryWindows as DeliveryWindow[];
  if (!windows.some((window) => window.id === candidate.defaultWindowId)) {
    candidate.defaultWindowId = windows[0]!.id;
  }
  const repaired = ShopSettings.safeParse(candidate);
  return repaired.success ? repaired.data : defaults;
}

function salvage(schema: z.ZodType, value: unknown, fallback: unknown): unknown {
  const direct = schema.safeParse(value);
  if (direct.success) return direct.data;
  if (schema instanceof z.ZodObject && isPlainObject(value) && isPlainObject(fallback)) {
    const candidate: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      candidate[key] = key in value ? salvage(fieldSchema, value[key], fallback[key]) : fallback[key];
    }
    const repaired = schema.safeParse(candidate);
    if (repaired.success) return repaired.data;
  }
  return fallback;
}

function salvageWindows(value: unknown, defaults: DeliveryWindow[]): DeliveryWindow[] {
  if (!Array.isArray(value)) return defaults;
  const kept: DeliveryWindow[] = [];
  for (const item of value) {
    if (kept.length >= MAX_DELIVERY_WINDOWS) break;
    if (!isPlainObject(item)) continue;
    const parsed = DeliveryWindow.safeParse({ ...WINDOW_FIELD_DEFAULTS, ...item });
    if (parsed.success && !kept.some((window) => window.id === parsed.data.id)) kept.push(parsed.data);
  }
  return kept.length > 0 ? kept : defaults;
}

// ---- validating the settings page ----------------------------------------------------------

/** FormData, URLSearchParams or anything else with `entries()` giving [name, value] pairs. */
export interface FormDataLike {
  entries(): IterableIterator<[string, unknown]> | Iterable<[string, unknown]>;
}

export type SettingsInputResult =
  { ok: true; settings: ShopSettings } | { ok: false; fieldErrors: Record<string, string> };

/** Array positions accepted in field names: far above MAX_DELIVERY_WINDOWS, low enough to stay cheap. */
const MAX_FIELD_INDEX = 99;
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Validates what the settings page submits, on top of the shop's current settings.
 *
 * `input` is form data whose field names are dotted paths ("pricing.markupPercent",
 * "deliveryWindows.0.kind"), or a plain object (nested, dotted, or both). A field not submitted keeps
 * its current value; an array that is submitted (the windows, a tag list) replaces the current one
 * whole. Booleans must be sent explicitly ("true"/"false"; for a checkbox, a hidden "false" input
 * before it), because an absent field means "unchanged". Errors are keyed by the dotted path of the
 * field they belong to, one message per field.
 */
export function validateSettingsInput(
  input: FormDataLike | Record<string, unknown>,
  current: ShopSettings = DEFAULT_SHOP_SETTINGS,
): SettingsInputResult {
  const fieldErrors: Record<string, string> = {};
  const submitted = inputToObject(input, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const parsed = ShopSettings.safeParse(mergeOver(structuredClone(current), submitted));
  if (parsed.success) return { ok: true, settings: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

function inputToObject(input: FormDataLike | Record<string, unknown>, errors: Record<string, string>) {
  const entries: Iterable<[string, unknown]> =
    typeof (input as FormDataLike).entries === "function"
      ? (input as FormDataLike).entries()
      : Object.entries(input as Record<string, unknown>);
  const result: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const path = name.split(".");
    if (path.some((segment) => segment === "" || FORBIDDEN_SEGMENTS.has(segment))) continue;
    if (path.some((segment) => /^\d+$/.test(segment) && Number(segment) > MAX_FIELD_INDEX)) {
      errors[name] = "Too many entries";
      continue;
    }
    setPath(result, path, value);
  }
  return result;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i]!;
    const nextIsIndex = /^\d+$/.test(path[i + 1]!);
    const existing = (node as Record<string, unknown>)[segment];
    const usable = nextIsIndex ? Array.isArray(existing) : isPlainObject(existing);
    if (!usable) (node as Record<string, unknown>)[segment] = nextIsIndex ? [] : {};
    node = (node as Record<string, unknown>)[segment] as Record<string, unknown> | unknown[];
  }
  const last = path[path.length - 1]!;
  const holder = node as Record<string, unknown>;
  const existing = holder[last];
  if (existing === undefined) holder[last] = value;
  else if (Array.isArray(existing) && !Array.isArray(value)) existing.push(value);
  else holder[last] = [existing, value];
}

function mergeOver(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = mergeOver(base[key], value);
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
