/** The settings page's choices, in the merchant's words (the values are app/settings' enums). */

export const ROUNDING = [
  { label: "No rounding", value: "none" },
  { label: "Up to the next dollar", value: "up_to_dollar" },
  { label: "Up to .99", value: "up_to_99_cents" },
  { label: "To the nearest 50 cents", value: "nearest_50_cents" },
];
export const FALLBACKS = [
  { label: "Show no same-day rate", value: "no_rate" },
  { label: "Show each window's flat price", value: "flat_rate" },
  { label: "Let Shopify show its backup rates", value: "shopify_backup_rates" },
];
export const AFTER_EXPIRY_CHOICES = [
  { label: "List it on Home for staff to dispatch again", value: "offer" },
  { label: "Dispatch it again once, into the next open window", value: "automatic" },
];
export const DISPATCH_MODES = [
  { label: "Orders whose shopper chose same-day delivery", value: "carrier_orders" },
  { label: "Every paid order the courier can deliver", value: "all_in_area" },
  { label: "None automatically (staff dispatch by hand)", value: "manual" },
];
export const WINDOW_KINDS = [
  { label: "Within a number of hours", value: "within_hours" },
  { label: "Today by a time", value: "today_by" },
  { label: "Tomorrow between two times", value: "tomorrow" },
  { label: "Scheduled slots", value: "slots" },
];
export const TOLERANCE_UNITS = [
  { label: "Percent", value: "percent" },
  { label: "Dollars", value: "cents" },
];
