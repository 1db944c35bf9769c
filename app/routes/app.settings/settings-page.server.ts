import type { Db } from "~/db/client.server";
import { webhookInstructions } from "~/onboarding/checklist";
import { mergePickupLocations, type ShopifyLocationSummary } from "~/settings/pickup-locations";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchLocations } from "~/shopify-admin/locations.server";
import { webhookAuthMethodOf } from "~/courier/webhook-auth.server";
import { componentLogger } from "~/logging/logger.server";
import { BASIC_AUTH_USER } from "~/shops/courier-credentials.server";
import { parseShopSettings } from "~/settings/shop-settings";
import { zonedParts } from "~/schedule/time-zone";

/** Everything the settings page shows: courier account, webhook instructions, settings and pickup locations. */

export type SettingsPageDeps = { db: Db; admin: AdminGraphql; appUrl: string; now: Date };

/** The preview's question starts at this moment in the shop's zone ("2026-11-28", "09:05"). */
function previewAt(now: Date, timeZone: string): { date: string; time: string } {
  const at = zonedParts(now, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return { date: `${at.year}-${two(at.month)}-${two(at.day)}`, time: `${two(at.hour)}:${two(at.minute)}` };
}

const LOCATIONS_UNAVAILABLE =
  "Shopify did not answer, so only the pickup locations saved before are listed. Reload to try again.";

async function shopifyLocations(admin: AdminGraphql): Promise<ShopifyLocationSummary[] | null> {
  try {
    return (await fetchLocations(admin)).map((l) => ({
      id: l.id,
      name: l.name,
      address: l.address as Record<string, unknown>,
    }));
  } catch (error) {
    componentLogger("settings").warn("Could not load locations", { err: error });
    return null;
  }
}

export async function settingsPageData(deps: SettingsPageDeps, shopDomain: string) {
  const shop = await deps.db.shop.findUnique({ where: { domain: shopDomain }, include: { pickupLocations: true } });
  if (!shop) return { shop: null, settings: null, pickups: [], locationsError: null };
  const locations = await shopifyLocations(deps.admin);
  const method = webhookAuthMethodOf(shop.webhookAuthMethod);
  return {
    shop: {
      timeZone: shop.timezone,
      previewAt: previewAt(deps.now, shop.timezone),
      courier: {
        environment: shop.courierEnvironment === "production" ? ("production" as const) : ("sandbox" as const),
        tokenLast4: shop.courierTokenLast4,
        baseUrl: shop.courierBaseUrl,
      },
      webhook: {
        ...webhookInstructions({ appUrl: deps.appUrl, pathId: shop.webhookPathId, method, basicUser: BASIC_AUTH_USER }),
        secretSet: Boolean(shop.webhookSecretEncrypted),
        lastEventAt: shop.lastCourierEventAt?.toISOString() ?? null,
      },
    },
    settings: parseShopSettings(shop.settingsJson),
    pickups: mergePickupLocations(locations, shop.pickupLocations),
    locationsError: locations === null ? LOCATIONS_UNAVAILABLE : null,
  };
}
