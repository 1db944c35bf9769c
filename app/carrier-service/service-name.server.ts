import { registerCarrierService } from "~/carrier-service/register.server";
import type { Db } from "~/db/client.server";
import { AdminApiError, type AdminGraphql } from "~/shopify-admin/admin-request.server";
import { parseShopSettings } from "~/settings/shop-settings";

/**
 * Shoppers see the carrier service under the saved `carrierServiceName`: after the settings page
 * saved a new name, it asks for this on its own, so a Shopify failure never undoes or hides the save.
 */

export type CarrierServiceNameResult = { intent: "carrier-service-name"; ok: boolean; message: string };

const intent = "carrier-service-name";

export async function applyCarrierServiceName(
  deps: { db: Db; admin: AdminGraphql; appUrl: string },
  shopDomain: string,
): Promise<CarrierServiceNameResult> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { carrierServiceId: true, settingsJson: true },
  });
  if (!shop) return { intent, ok: false, message: "The app is not set up for this store yet. Reload the app." };
  const name = parseShopSettings(shop.settingsJson).carrierServiceName;
  if (!shop.carrierServiceId) {
    return { intent, ok: true, message: `Shoppers will see "${name}" once same-day delivery is registered.` };
  }
  try {
    const result = await registerCarrierService(deps, shopDomain, name);
    if (!result.ok) return { intent, ok: false, message: `Shopify kept the old delivery name: ${result.message}` };
    return { intent, ok: true, message: `Shoppers now see "${name}" at checkout.` };
  } catch (error) {
    if (!(error instanceof AdminApiError)) throw error;
    return { intent, ok: false, message: `Shopify kept the old delivery name: ${error.message}` };
  }
}
