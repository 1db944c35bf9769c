import type { PickupLocationRow } from "./pickup-locations";
import { draftToEntries, type SettingsDraft } from "./settings-draft";
import type { ShopSettings } from "./shop-settings";

/**
 * The settings as sections a merchant finishes one at a time: each section is a page of its own
 * (/app/settings/<id>) that posts only the fields it owns, on top of the saved settings
 * (validateSettingsInput keeps every field not posted). A field belongs to exactly one section by
 * the first part of its dotted name; test/app/settings/settings-sections.test.ts fails on a posted
 * field that no section owns, so a new setting is added by naming it in its section's `fields`.
 * Pure, used in the browser.
 */

export type SettingsSection = {
  id: string;
  title: string;
  /** One sentence on the index: what the section decides. */
  description: string;
  /** The first part of the dotted names this section posts ("pricing" owns "pricing.markupPercent"). */
  fields: readonly string[];
};

export const SETTINGS_SECTIONS = [
  {
    id: "courier",
    title: "Courier account and delivery updates",
    description: "The courier's access token, and the address the courier sends each step of a delivery to.",
    fields: [],
  },
  {
    id: "locations",
    title: "Pickup locations",
    description: "Which of your locations drivers collect from, with a contact person and notes for drivers.",
    fields: ["pickupLocations"],
  },
  {
    id: "hours",
    title: "Opening hours",
    description: "When each pickup location can hand orders to a driver, closed dates, preparation time.",
    fields: ["openingHours"],
  },
  {
    id: "areas",
    title: "Delivery areas",
    description: "How far, or to which ZIP codes, each pickup location delivers.",
    fields: ["deliveryAreas"],
  },
  {
    id: "windows",
    title: "Delivery windows",
    description: "What shoppers can choose at checkout, the default window and the lead time before pickup.",
    fields: ["deliveryWindows", "defaultWindowId", "leadTimeMinutes"],
  },
  {
    id: "pricing",
    title: "Prices and checkout",
    description: "Markup, rounding, free delivery, what checkout shows when the courier is slow, the default package.",
    fields: ["pricing", "checkoutFallback", "timeBudgetMs", "priceMemory", "priceTolerance", "defaultPackage"],
  },
  {
    id: "dispatch",
    title: "Dispatch and tags",
    description: "Which paid orders go to the courier, what happens after an expiry, and the order tags.",
    fields: ["dispatchMode", "afterExpiry", "tags"],
  },
  {
    id: "notifications",
    title: "Notifications and notes for the driver",
    description: "What the customer hears about the delivery and what the driver reads.",
    fields: ["notifyCustomerOnFulfillment", "deliveryOptions", "driverNotes"],
  },
  {
    id: "no-driver",
    title: "When no driver takes a delivery",
    description: "Raises of the driver's pay before pickup, and their limits.",
    fields: ["noDriverWatch"],
  },
  {
    id: "tracking",
    title: "Tracking",
    description: "The tracking page's look, the tracking link on the order, and the service's name at checkout.",
    fields: ["tracking", "carrierServiceName", "reconciliationSilenceMinutes"],
  },
  {
    id: "returns",
    title: "Returns collected by a driver",
    description: "Whether a driver collects approved returns, where they go and what the customer pays.",
    fields: ["courierReturns"],
  },
  {
    id: "preview",
    title: "Preview checkout's rates",
    description: "What a shopper at an address sees at checkout at a date and time, with the saved settings.",
    fields: [],
  },
] as const satisfies readonly SettingsSection[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]["id"];

export function settingsSection(id: string | undefined): SettingsSection | null {
  return SETTINGS_SECTIONS.find((section) => section.id === id) ?? null;
}

/** The section that owns a posted field or an error key ("deliveryWindows.0.hours" → windows); null: none. */
export function sectionOfField(name: string): SettingsSection | null {
  const head = name.split(".")[0];
  return SETTINGS_SECTIONS.find((section) => (section.fields as readonly string[]).includes(head ?? "")) ?? null;
}

/** What a section posts: the draft's fields it owns, nothing of the others. */
export function sectionEntries(draft: SettingsDraft, id: string): [string, string][] {
  return draftToEntries(draft).filter(([name]) => sectionOfField(name)?.id === id);
}

/** The courier's advice (../shared/delivery-api.md, "Recommended lead time"). */
export const COURIER_RECOMMENDED_LEAD_MINUTES = 60;

/**
 * Warnings where a value goes against the courier's advice, keyed by the field they are about.
 * A warning does not stop the save: the value is allowed, only unwise.
 */
export function courierAdviceWarnings(fields: Readonly<Record<string, string>>): Record<string, string> {
  const warnings: Record<string, string> = {};
  const lead = Number(fields["leadTimeMinutes"]);
  if (fields["leadTimeMinutes"]?.trim() && Number.isFinite(lead) && lead < COURIER_RECOMMENDED_LEAD_MINUTES) {
    warnings["leadTimeMinutes"] =
      `A lead time of ${lead} ${lead === 1 ? "minute" : "minutes"} is under the ${COURIER_RECOMMENDED_LEAD_MINUTES} the courier recommends: ` +
      "drivers are found and deliveries batched less reliably, so more deliveries may wait for a driver.";
  }
  return warnings;
}

const FALLBACK_SUMMARY: Record<ShopSettings["checkoutFallback"], string> = {
  no_rate: "no same-day rate",
  flat_rate: "each window's flat price",
  shopify_backup_rates: "Shopify's backup rates",
};
const DISPATCH_SUMMARY: Record<ShopSettings["dispatchMode"], string> = {
  carrier_orders: "Orders whose shopper chose same-day delivery are dispatched",
  all_in_area: "Every paid order the courier can deliver is dispatched",
  manual: "Staff dispatch by hand",
};

/** The index's line under each section: where it stands, in a few words. */
export function sectionSummary(
  id: SettingsSectionId,
  settings: ShopSettings,
  pickups: readonly PickupLocationRow[],
): string {
  const enabled = pickups.filter((p) => p.enabled && !p.missingInShopify);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  switch (id) {
    case "locations":
      return `${enabled.length} of ${pickups.length} ${pickups.length === 1 ? "location" : "locations"} enabled`;
    case "hours": {
      const withHours = enabled.filter((p) => settings.openingHours.some((h) => h.locationGid === p.locationGid));
      return enabled.length === 0
        ? "Enable a pickup location first"
        : `${withHours.length} of ${enabled.length} with opening hours; the others always open`;
    }
    case "areas": {
      const limited = enabled.filter((p) => settings.deliveryAreas.some((a) => a.locationGid === p.locationGid));
      return `${limited.length} of ${enabled.length} limited; the others deliver as far as the courier goes`;
    }
    case "windows": {
      const on = settings.deliveryWindows.filter((w) => w.enabled).length;
      return `${count(on, "window", "windows")} offered; lead time ${count(settings.leadTimeMinutes, "minute", "minutes")}`;
    }
    case "pricing":
      return `Markup ${settings.pricing.markupPercent}%; ${FALLBACK_SUMMARY[settings.checkoutFallback]} when the courier cannot answer`;
    case "dispatch":
      return DISPATCH_SUMMARY[settings.dispatchMode];
    case "notifications":
      return settings.notifyCustomerOnFulfillment
        ? "Shopify emails the customer at pickup, out for delivery and delivery"
        : "No Shopify emails about the delivery";
    case "no-driver":
      return settings.noDriverWatch.raisesEnabled ? "Pay raises on" : "Pay raises off";
    case "tracking":
      return settings.tracking.urlTemplate ? "Your own tracking link" : "The app's tracking page";
    case "returns":
      return settings.courierReturns.enabled ? "A driver collects every approved return" : "Staff book collections";
    case "courier":
    case "preview":
      return "";
  }
}
