import { RATING_REASONS_DEFAULT, TIME_BUDGET_MS_DEFAULT, TRACKING_PAGE_DAYS_DEFAULT } from "./limits";
import { NO_DRIVER_WATCH_DEFAULTS } from "./no-driver-schema";
import { PRICE_MEMORY_DEFAULTS } from "./price-memory-schema";
import { COURIER_RETURNS_DEFAULTS } from "./returns-schema";
import { deepFreeze } from "./plain-object";
import { ShopSettings } from "./settings-schema";

/** What a new shop starts with, and what replaces any stored part that no longer validates. */
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
    // No hours yet: every location open all day, every day (Home asks the merchant to set them).
    openingHours: [],
    // No area yet: each location delivers as far as the courier goes (Home suggests setting one).
    deliveryAreas: [],
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
    priceMemory: PRICE_MEMORY_DEFAULTS,
    dispatchMode: "carrier_orders",
    tags: {
      over21: ["21+", "age-21"],
      over18: ["18+", "age-18"],
      dispatched: "same-day-dispatched",
      attention: "same-day-attention",
    },
    deliveryOptions: { signatureRequired: false, recipientSmsNotifications: true, declineInsurance: false },
    notifyCustomerOnFulfillment: true,
    tracking: {
      companyName: "Same-Day Courier",
      urlTemplate: null,
      pageDays: TRACKING_PAGE_DAYS_DEFAULT,
      logoUrl: null,
      accentColor: null,
      contactEmail: null,
      mapTileUrl: null,
      mapTileAttribution: null,
      ratingReasons: RATING_REASONS_DEFAULT,
      forwardRating: false,
      showDriver: false,
    },
    driverNotes: { shopperInstructions: true, instructionsAttribute: null, merchantNote: null },
    priceTolerance: { unit: "percent", amount: 10 },
    reconciliationSilenceMinutes: 15,
    noDriverWatch: NO_DRIVER_WATCH_DEFAULTS,
    courierReturns: COURIER_RETURNS_DEFAULTS,
  }),
);
