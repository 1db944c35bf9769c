/**
 * The limits of every shop setting, named once: the schema, the page's help texts and the
 * features that use a setting read them from here.
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
/** How old a remembered courier price may be and still price a cart (app/quote/price-memory.ts). */
export const PRICE_MEMORY_MAX_AGE_MINUTES_MIN = 1;
export const PRICE_MEMORY_MAX_AGE_MINUTES_MAX = 24 * 60;
export const PRICE_MEMORY_MAX_AGE_MINUTES_DEFAULT = 15;
/** Shopify tags are at most 40 characters and are split on commas. */
export const TAG_MAX_LENGTH = 40;
export const TAG_LIST_MAX = 20;
export const TRACKING_COMPANY_MAX_LENGTH = 100;
export const TRACKING_URL_TEMPLATE_MAX_LENGTH = 500;
export const TRACKING_PAGE_DAYS_MIN = 1;
export const TRACKING_PAGE_DAYS_MAX = 365;
export const TRACKING_PAGE_DAYS_DEFAULT = 30;
export const TRACKING_NUMBER_PLACEHOLDER = "{tracking_number}";
export const TRACKING_LOGO_URL_MAX_LENGTH = 500;
export const TRACKING_CONTACT_EMAIL_MAX_LENGTH = 254;
export const RATING_REASON_MAX_LENGTH = 40;
export const RATING_REASONS_MAX = 8;
export const RATING_REASONS_DEFAULT = [
  "On time",
  "Friendly driver",
  "Careful with my order",
  "Late",
  "Left in the wrong place",
];
export const PRICE_TOLERANCE_MAX_CENTS = 100_000;
export const PRICE_TOLERANCE_MAX_PERCENT = 100;
/** A Shopify cart attribute (order note attribute) name: short text, as the theme's cart form names it. */
export const CART_ATTRIBUTE_NAME_MAX_LENGTH = 100;
/** The merchant's standing note for drivers: it shares the courier's 500-character notes with the shopper's. */
export const MERCHANT_DRIVER_NOTE_MAX_LENGTH = 200;
export const RECONCILIATION_SILENCE_MINUTES_MIN = 5;
export const RECONCILIATION_SILENCE_MINUTES_MAX = 24 * 60;
/** Scheduled slots: their length, how many start times, how many open days ahead, how many rates at once. */
export const SLOT_MINUTES_MIN = 15;
export const SLOT_MINUTES_MAX = 12 * 60;
export const MAX_SLOT_TIMES = 48;
export const SLOT_REPEAT_MINUTES_MIN = 15;
export const SLOT_DAYS_AHEAD_MIN = 1;
export const SLOT_DAYS_AHEAD_MAX = 14;
export const SLOT_RATES_MIN = 1;
export const SLOT_RATES_MAX = 10;
/** Opening hours: spans per day, closed-date entries and preparation time per pickup location. */
export const MAX_OPENING_SPANS_PER_DAY = 6;
export const MAX_CLOSED_DATES = 100;
export const CLOSED_REASON_MAX_LENGTH = 100;
export const PREPARATION_MINUTES_MAX = 7 * 24 * 60;
/** Deliveries one pickup location can hand over in one slot; empty means no limit. */
export const SLOT_CAPACITY_MAX = 10_000;

export const WINDOW_KINDS = ["within_hours", "today_by", "tomorrow", "slots"] as const;
export const ROUNDING_MODES = ["none", "up_to_dollar", "up_to_99_cents", "nearest_50_cents"] as const;
export const CHECKOUT_FALLBACKS = ["flat_rate", "no_rate", "shopify_backup_rates"] as const;
export const DISPATCH_MODES = ["carrier_orders", "all_in_area", "manual"] as const;
export const PRICE_TOLERANCE_UNITS = ["cents", "percent"] as const;
/** The no-driver watchdog: how many raise times, how early the first, and its money bounds (cents). */
export const MAX_NO_DRIVER_RAISE_TIMES = 6;
export const NO_DRIVER_RAISE_MINUTES_MAX = 6 * 60;
export const NO_DRIVER_STEP_MAX_CENTS = 10_000;
export const NO_DRIVER_SHIPMENT_CAP_MAX_CENTS = 50_000;
export const NO_DRIVER_DAILY_CAP_MAX_CENTS = 1_000_000;
/** A delivery area's radius: the courier's own limit is 350 miles (app/courier/limits.ts). */
export const AREA_RADIUS_MILES_MIN = 0.5;
export const AREA_RADIUS_MILES_MAX = 350;
/** ZIP codes or prefixes per pickup location. */
export const AREA_ZIPS_MAX = 500;
/** Distance tiers per window, and customer tags that make delivery free. */
export const MAX_DISTANCE_TIERS = 10;
export const WINDOW_PRICE_MODES = ["courier", "flat", "distance_tiers"] as const;

/** Courier returns (returns-schema.ts). */
export const MAX_RETURN_RECEIVING_LOCATIONS = 20;
export const COURIER_RETURN_CHARGE_MAX_CENTS = 100_00;
/** The tracking page's optional map tile source: a URL template, and the credit its provider asks for. */
export const TRACKING_MAP_TILE_URL_MAX_LENGTH = 300;
export const TRACKING_MAP_ATTRIBUTION_MAX_LENGTH = 120;
