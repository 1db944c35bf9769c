/**
 * carrierServiceCreate / Update / Delete. Since API 2026-10 a new carrier service is NOT added to the
 * General shipping profile; the app must add it with deliveryProfileUpdate.
 */
import { gid } from "../gid";
import { findRecord, register, unregister } from "../lookup";
import type { CarrierServiceState, ShopState } from "../shop-state";

/**
 * Shopify's refusal for shops without carrier-calculated shipping. The wording is the one Shopify
 * has been reported to use for this case; the code is the only one the 2026-10 schema defines.
 */
export const CARRIER_SERVICE_PLAN_MESSAGE =
  "Carrier Calculated Shipping must be enabled for your store before you can create a carrier service.";

/** Development stores, Advanced, Plus (and enterprise) plans; or the add-on / yearly Shopify plan. */
export function planAllowsCarrierServices(shop: ShopState): boolean {
  if (shop.carrierCalculatedShipping !== null) return shop.carrierCalculatedShipping;
  const { plan } = shop;
  return (
    plan.partnerDevelopment ||
    plan.shopifyPlus ||
    /advanced|plus|enterprise|development|developer/i.test(plan.displayName)
  );
}

type CarrierUserError = { field: string[] | null; message: string; code: string };

export type CarrierServiceCreateInput = {
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
};
export type CarrierServiceUpdateInput = Partial<CarrierServiceCreateInput> & { id: string };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function createCarrierService(shop: ShopState, input: CarrierServiceCreateInput, apiClientId: string) {
  const code = "CARRIER_SERVICE_CREATE_FAILED";
  const fail = (error: Omit<CarrierUserError, "code">) => ({ carrierService: null, userErrors: [{ ...error, code }] });
  if (!planAllowsCarrierServices(shop)) return fail({ field: null, message: CARRIER_SERVICE_PLAN_MESSAGE });
  if (!input.name.trim()) return fail({ field: ["input", "name"], message: "Name can't be blank" });
  if (!isHttpUrl(input.callbackUrl))
    return fail({ field: ["input", "callbackUrl"], message: "Callback url is not a valid URL" });
  if (shop.carrierServices.some((s) => s.ownerApiClientId === apiClientId && s.name === input.name)) {
    return fail({ field: ["input", "name"], message: `${input.name} is already configured` });
  }
  const service: CarrierServiceState = register(shop, {
    id: gid("DeliveryCarrierService"),
    name: input.name,
    callbackUrl: input.callbackUrl,
    active: input.active,
    supportsServiceDiscovery: input.supportsServiceDiscovery,
    ownerApiClientId: apiClientId,
  });
  shop.carrierServices.push(service);
  return { carrierService: service, userErrors: [] as CarrierUserError[] };
}

export function updateCarrierService(shop: ShopState, input: CarrierServiceUpdateInput, apiClientId: string) {
  const code = "CARRIER_SERVICE_UPDATE_FAILED";
  const fail = (field: string[] | null, message: string) => ({
    carrierService: null,
    userErrors: [{ field, message, code }],
  });
  const service = findRecord(shop, "DeliveryCarrierService", input.id);
  if (!service) return fail(["input", "id"], "The carrier service could not be found.");
  if (service.ownerApiClientId !== apiClientId)
    return fail(["input", "id"], "Only the app that created the carrier service can update it.");
  if (input.name != null && !input.name.trim()) return fail(["input", "name"], "Name can't be blank");
  if (input.callbackUrl != null && !isHttpUrl(input.callbackUrl))
    return fail(["input", "callbackUrl"], "Callback url is not a valid URL");
  if (input.name != null) service.name = input.name;
  if (input.callbackUrl != null) service.callbackUrl = input.callbackUrl;
  if (input.active != null) service.active = input.active;
  if (input.supportsServiceDiscovery != null) service.supportsServiceDiscovery = input.supportsServiceDiscovery;
  return { carrierService: service, userErrors: [] as CarrierUserError[] };
}

/** Deleting a carrier service also removes its rates from every shipping zone. */
export function deleteCarrierService(shop: ShopState, id: string, apiClientId: string) {
  const code = "CARRIER_SERVICE_DELETE_FAILED";
  const service = findRecord(shop, "DeliveryCarrierService", id);
  if (!service || service.ownerApiClientId !== apiClientId) {
    return {
      deletedId: null,
      userErrors: [{ field: ["id"], message: "The carrier service could not be found.", code }],
    };
  }
  shop.carrierServices = shop.carrierServices.filter((s) => s.id !== id);
  unregister(shop, id);
  for (const zone of shop.deliveryProfiles.flatMap((p) => p.locationGroups).flatMap((g) => g.zones)) {
    zone.methodDefinitions = zone.methodDefinitions.filter(
      (m) => !(m.rateProvider.kind === "participant" && m.rateProvider.carrierServiceId === id),
    );
  }
  return { deletedId: id, userErrors: [] as CarrierUserError[] };
}
