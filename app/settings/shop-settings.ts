/**
 * The settings' one import path for callers. A shop's settings (stored as JSON text in
 * Shop.settingsJson): delivery windows, opening hours per pickup location, pricing, fallback, dispatch mode, tags, courier options and
 * tracking.
 *
 * One schema serves two readers:
 * - `parseShopSettings` reads whatever is stored and always returns usable settings: keys missing from
 *   an older row take their defaults, and a part that no longer validates falls back to its default
 *   instead of breaking checkout.
 * - `validateSettingsInput` checks what the settings page submits and returns errors keyed by the
 *   dotted path of each field ("pricing.markupPercent", "deliveryWindows.1.orderCutoff").
 * Fields accept the strings a form sends ("60", "on", "") as well as typed JSON values.
 *
 * Each job has its module: limits.ts (the named limits), form-fields.ts (form-tolerant zod fields),
 * one *-schema.ts per settings group and settings-schema.ts (the whole), defaults.ts,
 * stored-settings.ts (the repair of stored JSON), dotted-fields.ts and settings-input.ts (the page's
 * form). The settings page itself: settings-draft.ts (its editable copy, in the browser),
 * settings-form.server.ts (the save, with pickup locations); its loader and action beside the route
 * (app/routes/app.settings/settings-page.server.ts, settings-actions.server.ts).
 */
export * from "./limits";
export { DEFAULT_SHOP_SETTINGS } from "./defaults";
export { type FormDataLike } from "./dotted-fields";
export { DeliveryOptionSettings, DriverNotesSettings } from "./driver-notes-schema";
export { NO_DRIVER_WATCH_DEFAULTS, NoDriverWatchSettings } from "./no-driver-schema";
export { COURIER_RETURNS_DEFAULTS, CourierReturnSettings } from "./returns-schema";
export { PackageSize } from "./package-schema";
export { PriceTolerance, PricingRules, type RoundingMode } from "./pricing-schema";
export { validateSettingsInput, type SettingsInputResult } from "./settings-input";
export { ShopSettings } from "./settings-schema";
export { parseShopSettings } from "./stored-settings";
export { ShopTags } from "./tags-schema";
export { TrackingSettings } from "./tracking-schema";
export { trackingUrlFor } from "./tracking-url";
export { DeliveryArea, DeliveryAreasSettings } from "./area-schema";
export { COURIER_PRICED, WindowPrice } from "./window-price-schema";
export { ClosedDates, LocationHours, OpeningHoursSettings, OpeningSpan } from "./hours-schema";
export {
  DeliveryWindow,
  SlotRepeat,
  SlotsWindow,
  TodayByWindow,
  TomorrowWindow,
  WithinHoursWindow,
  type WindowKind,
} from "./window-schema";
export { settingsWithContactEmail } from "./contact-prefill";
