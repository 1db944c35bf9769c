import { trackingUrlFor, type ShopSettings } from "~/settings/shop-settings";
import type { TrackingSettings } from "./apply.server";

/** The part of the shop's settings that applying courier events reads. */
export function trackingSettingsOf(settings: ShopSettings): TrackingSettings {
  return {
    trackingCompany: settings.tracking.companyName,
    trackingUrl: (trackingNumber) => trackingUrlFor(settings.tracking.urlTemplate, trackingNumber),
    notifyCustomer: settings.notifyCustomerOnFulfillment,
    attentionTag: settings.tags.attention,
  };
}
