import type {
  CarrierServiceCreateMutation,
  CarrierServiceUpdateMutation,
  DeliveryProfileAddCarrierMutation,
  DeliveryProfileIdsQuery,
  DeliveryProfileZonesQuery,
} from "~/types/admin.generated";
import { AdminApiError, adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";

const CARRIER_SERVICE_CREATE = `#graphql
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService {
        id
        name
        active
        callbackUrl
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const CARRIER_SERVICE_UPDATE = `#graphql
  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService {
        id
        name
        active
        callbackUrl
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const DELIVERY_PROFILE_IDS = `#graphql
  query DeliveryProfileIds {
    deliveryProfiles(first: 20, merchantOwnedOnly: true) {
      nodes {
        id
      }
    }
  }
`;

// One profile per request: nested connections multiply Shopify's query cost (limit 1000 points).
const DELIVERY_PROFILE_ZONES = `#graphql
  query DeliveryProfileZones($id: ID!) {
    deliveryProfile(id: $id) {
      id
      name
      default
      profileLocationGroups {
        locationGroup {
          id
          locations(first: 50) {
            nodes {
              id
            }
          }
        }
        locationGroupZones(first: 20) {
          nodes {
            zone {
              id
              name
              countries {
                code {
                  countryCode
                  restOfWorld
                }
              }
            }
            methodDefinitions(first: 10) {
              nodes {
                id
                name
                active
                rateProvider {
                  ... on DeliveryParticipant {
                    carrierService {
                      id
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`;

const DELIVERY_PROFILE_ADD_CARRIER = `#graphql
  mutation DeliveryProfileAddCarrier($id: ID!, $profile: DeliveryProfileInput!) {
    deliveryProfileUpdate(id: $id, profile: $profile) {
      profile {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export type CarrierServiceInput = { name: string; callbackUrl: string };

/** Shopify's answer when the shop's plan cannot use carrier-calculated rates. */
export class CarrierServicePlanError extends Error {
  constructor(readonly shopifyMessage: string) {
    super(
      "Your Shopify plan does not include third-party carrier-calculated shipping rates. They are available on " +
        "Advanced Shopify and Shopify Plus, on the Shopify plan with yearly billing, or as a paid add-on from " +
        "Shopify Support; development stores can use them for testing.",
    );
    this.name = "CarrierServicePlanError";
  }
}

export async function createCarrierService(admin: AdminGraphql, input: CarrierServiceInput) {
  const data = await adminRequest<CarrierServiceCreateMutation>(admin, CARRIER_SERVICE_CREATE, {
    input: { ...input, active: true, supportsServiceDiscovery: true },
  });
  const payload = data.carrierServiceCreate;
  if (
    payload?.userErrors.some(
      (e) => e.code === "CARRIER_SERVICE_CREATE_FAILED" && /plan|upgrade|carrier.calculated/i.test(e.message),
    )
  ) {
    throw new CarrierServicePlanError(payload.userErrors.map((e) => e.message).join("; "));
  }
  const service = assertNoUserErrors(payload, "Registering the carrier service").carrierService;
  if (!service) throw new AdminApiError("Shopify registered no carrier service", "graphql");
  return service;
}

export async function updateCarrierService(admin: AdminGraphql, id: string, input: CarrierServiceInput) {
  const data = await adminRequest<CarrierServiceUpdateMutation>(admin, CARRIER_SERVICE_UPDATE, {
    input: { id, ...input, active: true, supportsServiceDiscovery: true },
  });
  return assertNoUserErrors(data.carrierServiceUpdate, "Updating the carrier service").carrierService ?? null;
}

export type DeliveryProfiles = NonNullable<DeliveryProfileZonesQuery["deliveryProfile"]>[];

export async function fetchDeliveryProfiles(admin: AdminGraphql): Promise<DeliveryProfiles> {
  const ids = await adminRequest<DeliveryProfileIdsQuery>(admin, DELIVERY_PROFILE_IDS);
  const profiles: DeliveryProfiles = [];
  for (const { id } of ids.deliveryProfiles.nodes) {
    const data = await adminRequest<DeliveryProfileZonesQuery>(admin, DELIVERY_PROFILE_ZONES, { id });
    if (data.deliveryProfile) profiles.push(data.deliveryProfile);
  }
  return profiles;
}

/** Adds the carrier service as a rate provider to the given zones of one profile. */
export async function addCarrierToZones(
  admin: AdminGraphql,
  input: {
    profileId: string;
    locationGroupId: string;
    zoneIds: string[];
    carrierServiceId: string;
    methodName: string;
  },
) {
  const data = await adminRequest<DeliveryProfileAddCarrierMutation>(admin, DELIVERY_PROFILE_ADD_CARRIER, {
    id: input.profileId,
    profile: {
      locationGroupsToUpdate: [
        {
          id: input.locationGroupId,
          zonesToUpdate: input.zoneIds.map((zoneId) => ({
            id: zoneId,
            methodDefinitionsToCreate: [
              {
                name: input.methodName,
                active: true,
                participant: { carrierServiceId: input.carrierServiceId, adaptToNewServices: true },
              },
            ],
          })),
        },
      ],
    },
  });
  assertNoUserErrors(data.deliveryProfileUpdate, "Adding same-day delivery to the shipping profile");
}
