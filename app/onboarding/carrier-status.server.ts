import type { Db } from "~/db/client.server";
import { componentLogger } from "~/logging/logger.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import type { CarrierStatus } from "./checklist";
import { profileStatus } from "~/carrier-service/public.server";

/**
 * Whether the registered carrier service is in the shipping profiles of every enabled pickup
 * location, read live from Shopify (a merchant may change profiles at any time). The same plan
 * as registration (app/carrier-service), read only.
 */
export async function carrierServiceStatus(
  deps: { db: Db; admin: AdminGraphql },
  shop: { id: string; carrierServiceId: string | null },
  serviceName: string,
): Promise<CarrierStatus> {
  if (!shop.carrierServiceId) return { status: "not_registered" };
  try {
    const { profiles: plan, instructions } = await profileStatus(deps, shop.id, shop.carrierServiceId, serviceName);
    return {
      status: "registered",
      complete: plan.complete,
      instructions,
      missingZones: plan.additions.reduce((sum, a) => sum + a.zoneIds.length, 0),
      locationsWithoutUsZone: plan.locationsWithoutUsZone.length,
    };
  } catch (error) {
    componentLogger("onboarding").warn("Could not read shipping profiles", { err: error });
    return {
      status: "unknown",
      detail: "Shopify did not answer, so the shipping profiles could not be checked. Reload in a moment.",
    };
  }
}
