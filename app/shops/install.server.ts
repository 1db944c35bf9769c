import type { Db } from "~/db/client.server";
import type { AdminGraphql } from "~/shopify/admin-request.server";
import { fetchShopBasics } from "~/shopify/shop.server";
import { newWebhookPathId } from "./courier-credentials.server";

/** After Shopify-managed install (token exchange): the shop's row, with its name, time zone, currency and plan. */
export async function recordInstall(deps: { db: Db; admin: AdminGraphql }, shopDomain: string) {
  const basics = await fetchShopBasics(deps.admin);
  const data = {
    name: basics.name,
    timezone: basics.ianaTimezone,
    currency: basics.currencyCode,
    plan: basics.plan.displayName,
    uninstalledAt: null,
  };
  await deps.db.shop.upsert({
    where: { domain: shopDomain },
    create: { domain: shopDomain, webhookPathId: newWebhookPathId(), ...data },
    update: data,
  });
}
