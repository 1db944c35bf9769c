import type { Db } from "~/db/client.server";
import { parseShopSettings, type ShopSettings } from "~/settings/shop-settings";
import { readLocationAddress } from "~/shipments/location-address";
import type { PickupCandidate } from "./cart-to-estimate";
import { isValidTimeZone } from "~/schedule/time-zone";
import { shopLocalesOf, type ShopLocales } from "~/text/shopper/languages";

/** What the quote flow needs of a shop: its zone, languages, currency, settings and enabled pickup locations. */
export type QuoteShop = {
  timeZone: string;
  /** The languages it publishes: a rate is named in the buyer's one of them (`rate.locale`). */
  locales: ShopLocales;
  currency: string;
  settings: ShopSettings;
  pickupLocations: PickupCandidate[];
};

/** The installed shop's quote data, or null for a shop that is unknown or has uninstalled the app. */
export async function loadQuoteShop(db: Db, shopDomain: string): Promise<QuoteShop | null> {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    select: {
      uninstalledAt: true,
      timezone: true,
      locales: true,
      currency: true,
      settingsJson: true,
      pickupLocations: { where: { enabled: true }, select: { locationGid: true, name: true, addressJson: true } },
    },
  });
  if (!shop || shop.uninstalledAt) return null;
  return {
    timeZone: isValidTimeZone(shop.timezone) ? shop.timezone : "UTC",
    locales: shopLocalesOf(shop.locales),
    currency: shop.currency,
    settings: parseShopSettings(shop.settingsJson),
    pickupLocations: shop.pickupLocations.map((row) => ({
      locationGid: row.locationGid,
      name: row.name,
      address: readLocationAddress(row.addressJson),
    })),
  };
}
