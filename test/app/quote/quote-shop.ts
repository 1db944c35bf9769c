import type { KeyRing } from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { DEFAULT_SHOP_SETTINGS, ShopSettings, type DeliveryWindow } from "~/settings/shop-settings";
import { saveCourierToken } from "~/shops/courier-credentials.server";
import { PICKUP_ADDRESS } from "./rate-request-fixture";

/** A shop ready to quote: settings, an enabled pickup location, optionally its courier token. */

export const WITHIN_3_HOURS: DeliveryWindow = {
  id: "within-3-hours",
  kind: "within_hours",
  hours: 3,
  serviceName: "Same-day delivery",
  description: "Delivered within 3 hours",
  enabled: true,
  fallbackPriceCents: 1500,
};

export const TOMORROW_MORNING: DeliveryWindow = {
  id: "tomorrow-morning",
  kind: "tomorrow",
  startTime: "09:00",
  endTime: "12:00",
  serviceName: "Delivery tomorrow morning",
  description: "Tomorrow between 9 am and noon",
  enabled: true,
  fallbackPriceCents: 900,
};

/** Two windows that are open at any time of day, so every test and benchmark run offers both. */
export function quoteSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return ShopSettings.parse({
    ...structuredClone(DEFAULT_SHOP_SETTINGS),
    deliveryWindows: [WITHIN_3_HOURS, TOMORROW_MORNING],
    defaultWindowId: WITHIN_3_HOURS.id,
    pricing: { ...DEFAULT_SHOP_SETTINGS.pricing, markupPercent: 10, fixedMarkupCents: 100 },
    checkoutFallback: "flat_rate",
    ...overrides,
  });
}

export type QuoteShopOptions = {
  domain: string;
  settings?: ShopSettings;
  timezone?: string;
  currency?: string;
  pickupAddress?: Record<string, string>;
  pickupEnabled?: boolean;
  /** Saves this courier token (encrypted with `keys`) and base URL, as connecting the courier does. */
  courier?: { token: string; baseUrl: string; keys: KeyRing };
};

export async function seedQuoteShop(db: Db, options: QuoteShopOptions) {
  const shop = await db.shop.create({
    data: {
      domain: options.domain,
      timezone: options.timezone ?? "America/Los_Angeles",
      currency: options.currency ?? "USD",
      settingsJson: JSON.stringify(options.settings ?? quoteSettings()),
    },
  });
  await db.pickupLocation.create({
    data: {
      shopId: shop.id,
      locationGid: "gid://shopify/Location/1",
      name: "Main St",
      enabled: options.pickupEnabled ?? true,
      addressJson: JSON.stringify(options.pickupAddress ?? PICKUP_ADDRESS),
    },
  });
  if (options.courier) {
    await saveCourierToken({ db, keys: options.courier.keys }, options.domain, {
      token: options.courier.token,
      environment: "sandbox",
      baseUrl: options.courier.baseUrl,
    });
  }
  return shop;
}
