import type { Db } from "~/db/client.server";
import { AdminApiError, type AdminGraphql } from "~/shopify-admin/admin-request.server";
import {
  addCarrierToZones,
  CarrierServicePlanError,
  createCarrierService,
  fetchDeliveryProfiles,
  updateCarrierService,
} from "~/shopify-admin/carrier-service.server";
import { manualInstructions, planProfileUpdate, type ProfilePlan } from "./profile-plan";
import { toProfileViews } from "./profiles-view";

/** The path Shopify POSTs rate requests to (app/routes/carrier-service.rates.ts). */
export const RATES_CALLBACK_PATH = "/carrier-service/rates";

type Deps = { db: Db; admin: AdminGraphql; appUrl: string; clock?: () => Date };

export type RegistrationResult =
  | { ok: true; carrierServiceId: string; profiles: ProfilePlan; instructions: string[] }
  | { ok: false; reason: "plan" | "no_shop"; message: string };

async function enabledLocationIds(db: Db, shopId: string): Promise<string[]> {
  const rows = await db.pickupLocation.findMany({ where: { shopId, enabled: true }, select: { locationGid: true } });
  return rows.map((r) => r.locationGid);
}

/** Where the carrier service is missing from the shipping profiles of the enabled pickup locations, read live. */
export async function profileStatus(
  deps: Pick<Deps, "db" | "admin">,
  shopId: string,
  carrierServiceId: string,
  serviceName: string,
) {
  const plan = planProfileUpdate({
    profiles: toProfileViews(await fetchDeliveryProfiles(deps.admin)),
    enabledLocationIds: await enabledLocationIds(deps.db, shopId),
    carrierServiceId,
  });
  return { profiles: plan, instructions: manualInstructions(plan, serviceName) };
}

/**
 * Creates the shop's carrier service, or updates the one it has (name, callback URL, active), and
 * reports whether shoppers can see it: which shipping-profile zones still lack it.
 */
export async function registerCarrierService(
  deps: Deps,
  shopDomain: string,
  serviceName: string,
): Promise<RegistrationResult> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { id: true, carrierServiceId: true },
  });
  if (!shop) return { ok: false, reason: "no_shop", message: `The shop ${shopDomain} has not installed the app.` };
  const input = { name: serviceName, callbackUrl: `${deps.appUrl}${RATES_CALLBACK_PATH}` };
  let carrierServiceId: string | null = null;
  try {
    if (shop.carrierServiceId) {
      // The merchant may have deleted it in the admin: then it is created anew.
      carrierServiceId = await updateCarrierService(deps.admin, shop.carrierServiceId, input)
        .then((s) => s?.id ?? null)
        .catch((error: unknown) => {
          if (error instanceof AdminApiError && error.kind === "user_errors") return null;
          throw error;
        });
    }
    carrierServiceId ??= (await createCarrierService(deps.admin, input)).id;
  } catch (error) {
    if (error instanceof CarrierServicePlanError) {
      // Kept, so Home says why and offers the Local Delivery path without asking Shopify again.
      await deps.db.shop.update({
        where: { id: shop.id },
        data: { carrierServiceRefusal: error.message, carrierServiceRefusedAt: (deps.clock ?? (() => new Date()))() },
      });
      return { ok: false, reason: "plan", message: error.message };
    }
    throw error;
  }
  await deps.db.shop.update({
    where: { id: shop.id },
    data: { carrierServiceId, carrierServiceRefusal: null, carrierServiceRefusedAt: null },
  });
  return { ok: true, carrierServiceId, ...(await profileStatus(deps, shop.id, carrierServiceId, serviceName)) };
}

/** Adds the carrier service to the zones the plan found missing (the merchant asked the app to). */
export async function addCarrierServiceToProfiles(deps: Deps, shopDomain: string, serviceName: string) {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { id: true, carrierServiceId: true },
  });
  if (!shop?.carrierServiceId) throw new Error("Register the carrier service before adding it to shipping profiles.");
  const before = await profileStatus(deps, shop.id, shop.carrierServiceId, serviceName);
  for (const addition of before.profiles.additions) {
    await addCarrierToZones(deps.admin, {
      ...addition,
      carrierServiceId: shop.carrierServiceId,
      methodName: serviceName,
    });
  }
  return profileStatus(deps, shop.id, shop.carrierServiceId, serviceName);
}
