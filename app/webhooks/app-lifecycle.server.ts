import type { Db } from "~/db/client.server";

export const STOPPED_BY_UNINSTALL = "Stopped: the app was uninstalled from the shop.";

/**
 * app/uninstalled: the shop's tokens are no longer valid. Remove its sessions and stop its queued
 * work; keep shipments (shop/redact, 48 hours later, deletes them). Safe to run twice or after
 * shop/redact has already removed everything.
 */
export async function handleAppUninstalled(db: Db, shopDomain: string) {
  await db.$transaction([
    db.session.deleteMany({ where: { shop: shopDomain } }),
    db.shop.updateMany({ where: { domain: shopDomain, uninstalledAt: null }, data: { uninstalledAt: new Date() } }),
    db.job.updateMany({
      where: { shopDomain, state: "queued" },
      data: { state: "dead", lastError: STOPPED_BY_UNINSTALL, finishedAt: new Date() },
    }),
  ]);
}

/** app/scopes_update: keep the stored sessions' scope equal to what the merchant granted. */
export async function handleScopesUpdate(db: Db, shopDomain: string, currentScopes: string[]) {
  await db.session.updateMany({ where: { shop: shopDomain }, data: { scope: currentScopes.join(",") } });
}
