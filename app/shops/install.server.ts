import type { Db } from "~/db/client.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchShopBasics } from "~/shopify-admin/shop.server";
import { settingsWithContactEmail } from "~/settings/shop-settings";
import { newWebhookPathId } from "./courier-credentials.server";

/**
 * After Shopify-managed install (token exchange): the shop's row, with its name, time zone, published
 * languages, currency and plan, and the tracking page's contact email from Shopify's while the merchant has set none
 * (settings/contact-prefill.ts).
 */
export async function recordInstall(deps: { db: Db; admin: AdminGraphql }, shopDomain: string) {
  const basics = await fetchShopBasics(deps.admin);
  const data = {
    name: basics.name,
    timezone: basics.ianaTimezone,
    locales: basics.locales.join(","),
    currency: basics.currencyCode,
    plan: basics.plan.displayName,
    uninstalledAt: null,
  };
  const row = await deps.db.shop.upsert({
    where: { domain: shopDomain },
    create: { domain: shopDomain, webhookPathId: newWebhookPathId(), ...data },
    update: data,
    select: { settingsJson: true },
  });
  const prefilled = settingsWithContactEmail(row.settingsJson, basics.contactEmail);
  // Only over the settings just read: a save by the merchant in between wins.
  if (prefilled)
    await deps.db.shop.updateMany({
      where: { domain: shopDomain, settingsJson: row.settingsJson },
      data: { settingsJson: prefilled },
    });
}
