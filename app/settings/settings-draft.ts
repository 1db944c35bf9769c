import type { PickupLocationRow } from "~/settings/pickup-locations";
import { priceDraftOf, priceEntries, type PriceDraft } from "./window-price-draft";
import { areaDraftOf, areaEntries, type AreaDraft } from "./area-draft";
import { hoursDraftOf, hoursEntries, type HoursDraft } from "./hours-draft";
import type { DeliveryWindow, ShopSettings } from "./shop-settings";

/**
 * The settings page's editable copy of the settings: every field as the text the merchant types
 * (money in dollars), turned back into the dotted field names app/settings validates (money in
 * cents). Pure, used in the browser.
 */

export type WindowDraft = {
  id: string;
  kind: DeliveryWindow["kind"];
  serviceName: string;
  description: string;
  enabled: boolean;
  fallbackPrice: string;
  hours: string;
  deliverBy: string;
  orderCutoff: string;
  startTime: string;
  endTime: string;
  /** Scheduled slots: their length in minutes. */
  slotMinutes: string;
  /** Start times, one "HH:MM" each. */
  startTimes: string[];
  repeatFrom: string;
  repeatUntil: string;
  repeatEveryMinutes: string;
  daysAhead: string;
  maxRates: string;
  /** The window's own price; null: none set (the courier's price through the shop's rules). */
  price: PriceDraft | null;
};

export type PickupDraft = PickupLocationRow;

export type SettingsDraft = {
  fields: Record<string, string>;
  flags: Record<string, boolean>;
  windows: WindowDraft[];
  pickups: PickupDraft[];
  /** Opening hours of the locations that have them; a location without is always open. */
  hours: HoursDraft[];
  /** Delivery areas of the locations that have one; a location without delivers as far as the courier goes. */
  areas: AreaDraft[];
};

/** Fields kept in cents by the settings and shown in dollars on the page. */
export const MONEY_FIELDS = [
  "pricing.fixedMarkupCents",
  "pricing.freeAboveSubtotalCents",
  "pricing.minimumPriceCents",
  "pricing.maximumPriceCents",
  "noDriverWatch.stepCents",
  "noDriverWatch.maxPerShipmentCents",
  "noDriverWatch.maxPerShopPerDayCents",
  "courierReturns.customerChargeCents",
] as const;

export const FLAG_FIELDS = [
  "deliveryOptions.signatureRequired",
  "deliveryOptions.recipientSmsNotifications",
  "deliveryOptions.declineInsurance",
  "notifyCustomerOnFulfillment",
  "driverNotes.shopperInstructions",
  "noDriverWatch.raisesEnabled",
  "tracking.forwardRating",
  "tracking.showDriver",
  "courierReturns.enabled",
  "priceMemory.enabled",
] as const;

export function centsToDollarsText(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

/** "12.5" → "1250"; "" stays ""; anything else is sent as typed so the server names the mistake. */
export function dollarsTextToCents(text: string): string {
  const trimmed = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (trimmed === "") return "";
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return text;
  return String(Math.round(Number(trimmed) * 100));
}

export function newWindowDraft(existingIds: string[]): WindowDraft {
  let n = existingIds.length + 1;
  while (existingIds.includes(`window-${n}`)) n++;
  return {
    id: `window-${n}`,
    kind: "within_hours",
    serviceName: "Same-day delivery",
    description: "",
    enabled: true,
    fallbackPrice: "",
    hours: "3",
    deliverBy: "20:00",
    orderCutoff: "17:00",
    startTime: "09:00",
    endTime: "12:00",
    slotMinutes: "120",
    startTimes: ["10:00", "14:00"],
    repeatFrom: "",
    repeatUntil: "",
    repeatEveryMinutes: "",
    daysAhead: "3",
    maxRates: "4",
    price: null,
  };
}

function windowDraft(window: DeliveryWindow): WindowDraft {
  const base = newWindowDraft([]);
  return {
    ...base,
    id: window.id,
    kind: window.kind,
    serviceName: window.serviceName,
    description: window.description,
    enabled: window.enabled,
    fallbackPrice: centsToDollarsText(window.fallbackPriceCents),
    price: window.price ? priceDraftOf(window.price) : null,
    ...(window.kind === "within_hours" ? { hours: String(window.hours) } : {}),
    ...(window.kind === "today_by" ? { deliverBy: window.deliverBy, orderCutoff: window.orderCutoff } : {}),
    ...(window.kind === "tomorrow" ? { startTime: window.startTime, endTime: window.endTime } : {}),
    ...(window.kind === "slots"
      ? {
          slotMinutes: String(window.slotMinutes),
          startTimes: [...window.startTimes],
          repeatFrom: window.repeat?.from ?? "",
          repeatUntil: window.repeat?.until ?? "",
          repeatEveryMinutes: window.repeat ? String(window.repeat.everyMinutes) : "",
          daysAhead: String(window.daysAhead),
          maxRates: String(window.maxRates),
        }
      : {}),
  };
}

export function draftFromSettings(settings: ShopSettings, pickups: PickupLocationRow[]): SettingsDraft {
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  return {
    fields: {
      carrierServiceName: settings.carrierServiceName,
      "defaultPackage.lengthInches": text(settings.defaultPackage.lengthInches),
      "defaultPackage.widthInches": text(settings.defaultPackage.widthInches),
      "defaultPackage.heightInches": text(settings.defaultPackage.heightInches),
      "defaultPackage.weightPounds": text(settings.defaultPackage.weightPounds),
      leadTimeMinutes: text(settings.leadTimeMinutes),
      defaultWindowId: settings.defaultWindowId,
      "pricing.markupPercent": text(settings.pricing.markupPercent),
      "pricing.fixedMarkupCents": centsToDollarsText(settings.pricing.fixedMarkupCents),
      "pricing.rounding": settings.pricing.rounding,
      "pricing.freeAboveSubtotalCents": centsToDollarsText(settings.pricing.freeAboveSubtotalCents),
      // Posted only once set: settings saved before free tags existed keep none.
      ...(settings.pricing.freeForCustomerTags
        ? { "pricing.freeForCustomerTags": settings.pricing.freeForCustomerTags.join(", ") }
        : {}),
      "pricing.minimumPriceCents": centsToDollarsText(settings.pricing.minimumPriceCents),
      "pricing.maximumPriceCents": centsToDollarsText(settings.pricing.maximumPriceCents),
      checkoutFallback: settings.checkoutFallback,
      timeBudgetMs: text(settings.timeBudgetMs),
      "priceMemory.maxAgeMinutes": text(settings.priceMemory.maxAgeMinutes),
      dispatchMode: settings.dispatchMode,
      "tags.over21": settings.tags.over21.join(", "),
      "tags.over18": settings.tags.over18.join(", "),
      "tags.dispatched": settings.tags.dispatched,
      "tags.attention": settings.tags.attention,
      "tracking.companyName": settings.tracking.companyName,
      "tracking.urlTemplate": settings.tracking.urlTemplate ?? "",
      "tracking.pageDays": text(settings.tracking.pageDays),
      "tracking.logoUrl": settings.tracking.logoUrl ?? "",
      "tracking.accentColor": settings.tracking.accentColor ?? "",
      "tracking.contactEmail": settings.tracking.contactEmail ?? "",
      "tracking.mapTileUrl": settings.tracking.mapTileUrl ?? "",
      "tracking.mapTileAttribution": settings.tracking.mapTileAttribution ?? "",
      "tracking.ratingReasons": settings.tracking.ratingReasons.join(", "),
      "driverNotes.instructionsAttribute": settings.driverNotes.instructionsAttribute ?? "",
      "driverNotes.merchantNote": settings.driverNotes.merchantNote ?? "",
      "priceTolerance.unit": settings.priceTolerance.unit,
      // A tolerance in cents is shown in dollars, like every amount of money on the page.
      "priceTolerance.amount":
        settings.priceTolerance.unit === "cents"
          ? centsToDollarsText(settings.priceTolerance.amount)
          : text(settings.priceTolerance.amount),
      reconciliationSilenceMinutes: text(settings.reconciliationSilenceMinutes),
      "noDriverWatch.raiseMinutesBeforePickup": settings.noDriverWatch.raiseMinutesBeforePickup.join(", "),
      "noDriverWatch.stepCents": centsToDollarsText(settings.noDriverWatch.stepCents),
      "noDriverWatch.maxPerShipmentCents": centsToDollarsText(settings.noDriverWatch.maxPerShipmentCents),
      "noDriverWatch.maxPerShopPerDayCents": centsToDollarsText(settings.noDriverWatch.maxPerShopPerDayCents),
      "courierReturns.receivingLocationGids": settings.courierReturns.receivingLocationGids.join(","),
      "courierReturns.customerChargeCents": centsToDollarsText(settings.courierReturns.customerChargeCents),
    },
    flags: {
      "deliveryOptions.signatureRequired": settings.deliveryOptions.signatureRequired,
      "deliveryOptions.recipientSmsNotifications": settings.deliveryOptions.recipientSmsNotifications,
      "deliveryOptions.declineInsurance": settings.deliveryOptions.declineInsurance,
      notifyCustomerOnFulfillment: settings.notifyCustomerOnFulfillment,
      "driverNotes.shopperInstructions": settings.driverNotes.shopperInstructions,
      "noDriverWatch.raisesEnabled": settings.noDriverWatch.raisesEnabled,
      "tracking.forwardRating": settings.tracking.forwardRating,
      "tracking.showDriver": settings.tracking.showDriver,
      "courierReturns.enabled": settings.courierReturns.enabled,
      "priceMemory.enabled": settings.priceMemory.enabled,
    },
    windows: settings.deliveryWindows.map(windowDraft),
    pickups: pickups.map((p) => ({ ...p })),
    hours: settings.openingHours.map(hoursDraftOf),
    areas: settings.deliveryAreas.map(areaDraftOf),
  };
}

function windowEntries(window: WindowDraft, index: number): [string, string][] {
  const name = (field: string) => `deliveryWindows.${index}.${field}`;
  const entries: [string, string][] = [
    [name("id"), window.id],
    [name("kind"), window.kind],
    [name("serviceName"), window.serviceName],
    [name("description"), window.description],
    [name("enabled"), String(window.enabled)],
    [name("fallbackPriceCents"), dollarsTextToCents(window.fallbackPrice)],
  ];
  if (window.kind === "within_hours") entries.push([name("hours"), window.hours]);
  if (window.kind === "today_by")
    entries.push([name("deliverBy"), window.deliverBy], [name("orderCutoff"), window.orderCutoff]);
  if (window.kind === "tomorrow")
    entries.push([name("startTime"), window.startTime], [name("endTime"), window.endTime]);
  if (window.kind === "slots") entries.push(...slotEntries(window, name));
  if (window.price) entries.push(...priceEntries(window.price, name("price"), dollarsTextToCents));
  return entries;
}

function slotEntries(window: WindowDraft, name: (field: string) => string): [string, string][] {
  const entries: [string, string][] = [
    [name("slotMinutes"), window.slotMinutes],
    [name("daysAhead"), window.daysAhead],
    [name("maxRates"), window.maxRates],
  ];
  const times = window.startTimes.map((time) => time.trim()).filter((time) => time !== "");
  times.forEach((time, i) => entries.push([name(`startTimes.${i}`), time]));
  if (window.repeatFrom.trim() !== "" || window.repeatUntil.trim() !== "") {
    entries.push(
      [name("repeat.from"), window.repeatFrom],
      [name("repeat.until"), window.repeatUntil],
      [name("repeat.everyMinutes"), window.repeatEveryMinutes],
    );
  }
  return entries;
}

/** The form fields to post: every setting explicitly (booleans too), windows, opening hours and pickups whole. */
export function draftToEntries(draft: SettingsDraft): [string, string][] {
  const money = new Set<string>(MONEY_FIELDS);
  if (draft.fields["priceTolerance.unit"] === "cents") money.add("priceTolerance.amount");
  const entries: [string, string][] = Object.entries(draft.fields).map(([name, value]) => [
    name,
    money.has(name) ? dollarsTextToCents(value) : value,
  ]);
  for (const [name, value] of Object.entries(draft.flags)) entries.push([name, String(value)]);
  draft.windows.forEach((window, i) => entries.push(...windowEntries(window, i)));
  entries.push(...hoursEntries(draft.hours));
  entries.push(...areaEntries(draft.areas));
  draft.pickups.forEach((p, i) => {
    entries.push(
      [`pickupLocations.${i}.locationGid`, p.locationGid],
      [`pickupLocations.${i}.enabled`, String(p.enabled)],
      [`pickupLocations.${i}.contactName`, p.contactName],
      [`pickupLocations.${i}.contactPhone`, p.contactPhone],
      [`pickupLocations.${i}.notes`, p.notes],
    );
  });
  return entries;
}

/** The save form's error key for a draft field ("deliveryWindows.0.fallbackPriceCents" for the price). */
export function windowErrorKey(index: number, field: keyof WindowDraft): string {
  return `deliveryWindows.${index}.${WINDOW_ERROR_FIELDS[field] ?? field}`;
}

/** Draft fields whose setting has another name (money in cents, the slot pattern's parts). */
const WINDOW_ERROR_FIELDS: Partial<Record<keyof WindowDraft, string>> = {
  fallbackPrice: "fallbackPriceCents",
  repeatFrom: "repeat.from",
  repeatUntil: "repeat.until",
  repeatEveryMinutes: "repeat.everyMinutes",
};
