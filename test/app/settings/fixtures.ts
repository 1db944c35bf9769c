import { DEFAULT_SHOP_SETTINGS } from "~/settings/defaults";
import type { ShopSettings } from "~/settings/settings-schema";
import type { DeliveryWindow } from "~/settings/window-schema";

/** Settings and settings-page forms shared by the settings tests. */

export const defaults = () => structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;
export const within2h: DeliveryWindow = {
  id: "within-2h",
  kind: "within_hours",
  hours: 2,
  serviceName: "Within 2 hours",
  description: "Fast",
  enabled: true,
  fallbackPriceCents: 999,
};

/** A complete settings object unlike the defaults in every field. */
export const custom: ShopSettings = {
  carrierServiceName: "Bolt Delivery",
  defaultPackage: { lengthInches: 6, widthInches: 4.5, heightInches: 2, weightPounds: 0.5 },
  leadTimeMinutes: 30,
  deliveryWindows: [
    within2h,
    {
      id: "tonight",
      kind: "today_by",
      deliverBy: "21:30",
      orderCutoff: "18:00",
      serviceName: "Tonight",
      description: "",
      enabled: false,
      fallbackPriceCents: null,
    },
  ],
  openingHours: [
    {
      locationGid: "gid://shopify/Location/1",
      weekly: [
        [],
        [
          { start: "08:00", end: "12:00" },
          { start: "13:00", end: "19:00" },
        ],
        [{ start: "08:00", end: "19:00" }],
        [{ start: "08:00", end: "19:00" }],
        [{ start: "08:00", end: "19:00" }],
        [{ start: "08:00", end: "24:00" }],
        [{ start: "10:00", end: "16:00" }],
      ],
      closedDates: [{ from: "2026-12-24", to: "2026-12-26", reason: "Holidays" }],
      preparationMinutes: 45,
      slotCapacity: null,
    },
  ],
  deliveryAreas: [{ locationGid: "gid://shopify/Location/1", radiusMiles: 8, zipCodes: ["94110", "941"] }],
  defaultWindowId: "tonight",
  pricing: {
    markupPercent: 12.5,
    fixedMarkupCents: -100,
    rounding: "up_to_99_cents",
    freeAboveSubtotalCents: 10_000,
    minimumPriceCents: 499,
    maximumPriceCents: 2999,
  },
  checkoutFallback: "flat_rate",
  timeBudgetMs: 2000,
  dispatchMode: "all_in_area",
  tags: { over21: ["alcohol"], over18: [], dispatched: "courier-booked", attention: "courier-help" },
  deliveryOptions: { signatureRequired: true, recipientSmsNotifications: false, declineInsurance: true },
  notifyCustomerOnFulfillment: false,
  tracking: {
    companyName: "Bolt",
    urlTemplate: "https://track.example.com/t/{tracking_number}?src=shop",
    pageDays: 14,
    logoUrl: "https://cdn.shopify.com/s/files/1/logo.png",
    accentColor: "#0f766e",
    contactEmail: "hello@bolt.example",
    mapTileUrl: "https://tiles.bolt.example/{z}/{x}/{y}.png?key=public",
    mapTileAttribution: "© Bolt Maps",
    ratingReasons: ["On time", "Friendly"],
    forwardRating: true,
  },
  driverNotes: { shopperInstructions: false, instructionsAttribute: "Gate code", merchantNote: "Fragile" },
  priceTolerance: { unit: "cents", amount: 150 },
  reconciliationSilenceMinutes: 45,
  afterExpiry: { redispatch: "automatic" },
  noDriverWatch: {
    raisesEnabled: true,
    raiseMinutesBeforePickup: [30, 5],
    stepCents: 150,
    maxPerShipmentCents: 450,
    maxPerShopPerDayCents: 2_000,
  },
  courierReturns: {
    enabled: true,
    receivingLocationGids: ["gid://shopify/Location/71", "gid://shopify/Location/72"],
    customerChargeCents: 500,
  },
};

export function form(entries: Array<[string, string]>): URLSearchParams {
  return new URLSearchParams(entries);
}

export const windowFields: Array<[string, string]> = [
  ["deliveryWindows.0.id", "within-2h"],
  ["deliveryWindows.0.kind", "within_hours"],
  ["deliveryWindows.0.hours", "2"],
  ["deliveryWindows.0.serviceName", "Within 2 hours"],
  ["deliveryWindows.0.description", "Fast"],
  ["deliveryWindows.0.enabled", "true"],
  ["deliveryWindows.0.fallbackPriceCents", "999"],
  ["deliveryWindows.1.id", "Tonight "],
  ["deliveryWindows.1.kind", "today_by"],
  ["deliveryWindows.1.deliverBy", "21:30"],
  ["deliveryWindows.1.orderCutoff", "18:00"],
  ["deliveryWindows.1.serviceName", " Tonight "],
  ["deliveryWindows.1.description", ""],
  ["deliveryWindows.1.enabled", "false"],
  ["deliveryWindows.1.fallbackPriceCents", ""],
];

/** Every field of `custom`, as the settings page submits them (strings, dotted names). */
export const fullForm: Array<[string, string]> = [
  ["carrierServiceName", "Bolt Delivery"],
  ["defaultPackage.lengthInches", "6"],
  ["defaultPackage.widthInches", "4.5"],
  ["defaultPackage.heightInches", "2"],
  ["defaultPackage.weightPounds", "0.5"],
  ["leadTimeMinutes", "30"],
  ...windowFields,
  ["defaultWindowId", "tonight"],
  ["pricing.markupPercent", "12.5"],
  ["pricing.fixedMarkupCents", "-100"],
  ["pricing.rounding", "up_to_99_cents"],
  ["pricing.freeAboveSubtotalCents", "10000"],
  ["pricing.minimumPriceCents", "499"],
  ["pricing.maximumPriceCents", "2999"],
  ["checkoutFallback", "flat_rate"],
  ["timeBudgetMs", "2000"],
  ["dispatchMode", "all_in_area"],
  ["tags.over21", "alcohol"],
  ["tags.over18", ""],
  ["tags.dispatched", "courier-booked"],
  ["tags.attention", "courier-help"],
  ["deliveryOptions.signatureRequired", "false"],
  ["deliveryOptions.signatureRequired", "on"],
  ["deliveryOptions.recipientSmsNotifications", "false"],
  ["deliveryOptions.declineInsurance", "true"],
  ["notifyCustomerOnFulfillment", "false"],
  ["tracking.companyName", "Bolt"],
  ["tracking.urlTemplate", "https://track.example.com/t/{tracking_number}?src=shop"],
  ["tracking.pageDays", "14"],
  ["tracking.logoUrl", "https://cdn.shopify.com/s/files/1/logo.png"],
  ["tracking.accentColor", "#0f766e"],
  ["tracking.contactEmail", "hello@bolt.example"],
  ["tracking.mapTileUrl", "https://tiles.bolt.example/{z}/{x}/{y}.png?key=public"],
  ["tracking.mapTileAttribution", "© Bolt Maps"],
  ["tracking.ratingReasons", "On time, Friendly, On time"],
  ["tracking.forwardRating", "true"],
  ["driverNotes.shopperInstructions", "false"],
  ["driverNotes.instructionsAttribute", " Gate code "],
  ["driverNotes.merchantNote", "Fragile"],
  ["priceTolerance.unit", "cents"],
  ["priceTolerance.amount", "150"],
  ["reconciliationSilenceMinutes", "45"],
  ["afterExpiry.redispatch", "automatic"],
  ["noDriverWatch.raisesEnabled", "true"],
  // One text field on the page, latest first on purpose: the settings keep them earliest first.
  ["noDriverWatch.raiseMinutesBeforePickup", "5, 30"],
  ["noDriverWatch.stepCents", "150"],
  ["noDriverWatch.maxPerShipmentCents", "450"],
  ["noDriverWatch.maxPerShopPerDayCents", "2000"],
  ["courierReturns.enabled", "true"],
  ["courierReturns.receivingLocationGids", "gid://shopify/Location/71, gid://shopify/Location/72"],
  ["courierReturns.customerChargeCents", "500"],
];
