import type { KeyRing } from "~/crypto/secret-box.server";
import { trackingUrlFor, type ShopSettings } from "~/settings/shop-settings";
import { openTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";
import { trackingPageUrl } from "~/shipments/tracking-page-url";
import type { TrackingSettings } from "~/tracking/apply.server";

/**
 * The part of the shop's settings that applying courier events reads; `appUrl` serves the tracking
 * page and `keys` seal its token for the order status block.
 */
export function trackingSettingsOf(settings: ShopSettings, appUrl: string, keys: KeyRing): TrackingSettings {
  return {
    trackingCompany: settings.tracking.companyName,
    trackingUrl: (trackingNumber) => trackingUrlFor(settings.tracking.urlTemplate, trackingNumber),
    pageUrl: (token) => trackingPageUrl(appUrl, token),
    sealPageToken: (token, shipmentId) => sealTrackingToken(keys, token, shipmentId),
    openPageToken: (sealed, shipmentId) => openTrackingToken(keys, sealed, shipmentId),
    notifyCustomer: settings.notifyCustomerOnFulfillment,
    attentionTag: settings.tags.attention,
  };
}
