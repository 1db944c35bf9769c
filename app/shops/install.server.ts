import type { Db } from "~/db/client.server";
import { componentLogger } from "~/logging/logger.server";
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

const log = componentLogger("install");

/**
 * The library's hook after a token exchange: at install, and again each time a staff member's online
 * session is new (once a day each). For a shop already recorded and installed, Shopify failing to
 * answer (throttled, down) must not fail the staff member's request: its row stays as recorded and
 * the next exchange refreshes it. At install the error stands (the shop needs its row).
 */
export async function recordInstallAfterAuth(
  deps: { db: Db; admin: AdminGraphql },
  session: { shop: string; isOnline: boolean },
) {
  try {
    await recordInstall(deps, session.shop);
  } catch (error) {
    const recorded = await deps.db.shop.findUnique({
      where: { domain: session.shop },
      select: { uninstalledAt: true },
    });
    if (!session.isOnline || !recorded || recorded.uninstalledAt) throw error;
    log.warn("Kept the shop's recorded details: Shopify did not answer", {
      shop: session.shop,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}
