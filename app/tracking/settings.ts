import { trackingUrlFor, type ShopSettings } from "~/settings/shop-settings";
import { trackingPageUrl } from "~/tracking-page/urls";
import type { TrackingSettings } from "./apply.server";

/** The part of the shop's settings that applying courier events reads; `appUrl` serves the tracking page. */
export function trackingSettingsOf(settings: ShopSettings, appUrl: string): TrackingSettings {
  return {
    trackingCompany: settings.tracking.companyName,
    trackingUrl: (trackingNumber) => trackingUrlFor(settings.tracking.urlTemplate, trackingNumber),
    pageUrl: (token) => trackingPageUrl(appUrl, token),
    notifyCustomer: settings.notifyCustomerOnFulfillment,
    attentionTag: settings.tags.attention,
  };
}
