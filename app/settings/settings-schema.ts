import { z } from "zod";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { DeliveryOptionSettings, DriverNotesSettings } from "./driver-notes-schema";
import { choice, Flag, text, wholeNumber } from "./form-fields";
import {
  CARRIER_SERVICE_NAME_MAX_LENGTH,
  CHECKOUT_FALLBACKS,
  DISPATCH_MODES,
  LEAD_TIME_MINUTES_MAX,
  LEAD_TIME_MINUTES_MIN,
  MAX_DELIVERY_WINDOWS,
  RECONCILIATION_SILENCE_MINUTES_MAX,
  RECONCILIATION_SILENCE_MINUTES_MIN,
  TIME_BUDGET_MS_MAX,
  TIME_BUDGET_MS_MIN,
} from "./limits";
import { PackageSize } from "./package-schema";
import { PRICE_MEMORY_DEFAULTS, PriceMemorySettings } from "./price-memory-schema";
import { isPlainObject } from "~/http/plain-object";
import { PriceTolerance, PricingRules } from "./pricing-schema";
import { ShopTags } from "./tags-schema";
import { TrackingSettings } from "./tracking-schema";
import { OpeningHoursSettings } from "./hours-schema";
import { DeliveryAreasSettings } from "./area-schema";
import { AfterExpirySettings } from "./expiry-schema";
import { NO_DRIVER_WATCH_DEFAULTS, NoDriverWatchSettings } from "./no-driver-schema";
import { COURIER_RETURNS_DEFAULTS, CourierReturnSettings } from "./returns-schema";
import { DeliveryWindow, WindowId } from "./window-schema";

/** A shop's settings (stored as JSON text in Shop.settingsJson), one group per concern. */
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
    /** Opening hours, closed dates and preparation per pickup location; a location without is always open. */
    openingHours: OpeningHoursSettings,
    /** Where each pickup location delivers; a location without an entry: as far as the courier goes. */
    deliveryAreas: DeliveryAreasSettings.default(() => []),
    /** Window used at dispatch for orders that did not choose one of ours (or whose code is unknown). */
    defaultWindowId: WindowId,
    pricing: PricingRules,
    /** What checkout shows when the courier is slow, throttled or failing. */
    checkoutFallback: choice(CHECKOUT_FALLBACKS, "Choose what checkout shows when the courier cannot answer"),
    /** Total time the rate callback may take, courier call included. */
    timeBudgetMs: wholeNumber(TIME_BUDGET_MS_MIN, TIME_BUDGET_MS_MAX, "milliseconds"),
    /** Pricing from the courier's recent prices when it cannot answer in time (settings saved before it: on). */
    priceMemory: PriceMemorySettings.default(() => ({ ...PRICE_MEMORY_DEFAULTS })),
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
    afterExpiry: AfterExpirySettings,
    /** Raising the driver's payout while no driver takes a shipment (settings saved before it: the defaults). */
    noDriverWatch: NoDriverWatchSettings.default(() => structuredClone(NO_DRIVER_WATCH_DEFAULTS)),
    /** Drivers collecting approved returns (settings saved before it: off). */
    courierReturns: CourierReturnSettings.default(() => structuredClone(COURIER_RETURNS_DEFAULTS)),
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
