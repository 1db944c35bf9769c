import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import {
  addCarrierService,
  CARRIER_SERVICE_PLAN_MESSAGE,
  createShopifyStandIn,
  type GraphqlProblem,
  type ShopInput,
} from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";

function setup(shopInput: ShopInput = {}) {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    onInvalidOperation: (p) => void problems.push(p),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP, ...shopInput });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  const request = async <T>(query: string, variables: Record<string, unknown> = {}) =>
    (await client.request<T>(query, { variables })).data!;
  return { standIn, shop, request, problems };
}

const CREATE = `#graphql
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) { carrierService { id name formattedName active callbackUrl } userErrors { field message code } }
  }`;

type CreatePayload = {
  carrierServiceCreate: {
    carrierService: { id: string; name: string } | null;
    userErrors: { field: string[] | null; message: string; code: string }[];
  };
};

const SERVICE = {
  name: "Same-day delivery",
  callbackUrl: "https://courier-app.test/carrier/rates",
  active: true,
  supportsServiceDiscovery: true,
};

const ZONES = `#graphql
  query Zones {
    deliveryProfiles(first: 2, merchantOwnedOnly: true) {
      nodes {
        id default
        profileLocationGroups {
          locationGroup { id }
          locationGroupZones(first: 5) {
            nodes {
              zone { id name }
              methodDefinitions(first: 5) { nodes { name active rateProvider { __typename ... on DeliveryParticipant { carrierService { id } adaptToNewServicesFlag } } } }
            }
          }
        }
      }
    }
  }`;

type ZonesPayload = {
  deliveryProfiles: {
    nodes: {
      id: string;
      profileLocationGroups: {
        locationGroup: { id: string };
        locationGroupZones: {
          nodes: {
            zone: { id: string; name: string };
            methodDefinitions: { nodes: { name: string; rateProvider: Record<string, unknown> }[] };
          }[];
        };
      }[];
    }[];
  };
};

describe("Shopify stand-in: carrier services and delivery profiles", () => {
  beforeEach(() => mswServer.resetHandlers());

  it.each([
    ["a development store", { displayName: "Development", partnerDevelopment: true, shopifyPlus: false }, null, true],
    ["Advanced", { displayName: "Advanced", partnerDevelopment: false, shopifyPlus: false }, null, true],
    ["Plus", { displayName: "Shopify Plus", partnerDevelopment: false, shopifyPlus: true }, null, true],
    ["Basic", { displayName: "Basic", partnerDevelopment: false, shopifyPlus: false }, null, false],
    ["Shopify (monthly)", { displayName: "Shopify", partnerDevelopment: false, shopifyPlus: false }, null, false],
    [
      "Shopify with the carrier-calculated add-on",
      { displayName: "Shopify", partnerDevelopment: false, shopifyPlus: false },
      true,
      true,
    ],
  ])("carrierServiceCreate on %s", async (_plan, plan, carrierCalculatedShipping, allowed) => {
    const { request, shop } = setup({ plan, carrierCalculatedShipping });
    const result = await request<CreatePayload>(CREATE, { input: SERVICE });
    if (allowed) {
      expect(result.carrierServiceCreate).toMatchObject({
        carrierService: { name: SERVICE.name, formattedName: "Same-day delivery (Rates provided by app)" },
        userErrors: [],
      });
      expect(shop.carrierServices).toHaveLength(1);
    } else {
      expect(result.carrierServiceCreate).toEqual({
        carrierService: null,
        userErrors: [{ field: null, message: CARRIER_SERVICE_PLAN_MESSAGE, code: "CARRIER_SERVICE_CREATE_FAILED" }],
      });
      expect(shop.carrierServices).toEqual([]);
    }
  });

  it("2026-10: a new carrier service is in no zone until deliveryProfileUpdate adds it", async () => {
    const { request, problems } = setup();
    const created = await request<CreatePayload>(CREATE, { input: SERVICE });
    const serviceId = created.carrierServiceCreate.carrierService!.id;
    const before = await request<ZonesPayload>(ZONES);
    const general = before.deliveryProfiles.nodes[0]!;
    const group = general.profileLocationGroups[0]!;
    const zone = group.locationGroupZones.nodes[0]!;
    expect(zone.methodDefinitions.nodes.map((m) => m.rateProvider.__typename)).toEqual(["DeliveryRateDefinition"]);

    const update = await request<{ deliveryProfileUpdate: { profile: { id: string }; userErrors: unknown[] } }>(
      `mutation Add($id: ID!, $profile: DeliveryProfileInput!) { deliveryProfileUpdate(id: $id, profile: $profile) { profile { id } userErrors { field message } } }`,
      {
        id: general.id,
        profile: {
          locationGroupsToUpdate: [
            {
              id: group.locationGroup.id,
              zonesToUpdate: [
                {
                  id: zone.zone.id,
                  methodDefinitionsToCreate: [
                    {
                      name: "Same-day delivery",
                      active: true,
                      participant: { carrierServiceId: serviceId, adaptToNewServices: true },
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    );
    expect(update.deliveryProfileUpdate).toEqual({ profile: { id: general.id }, userErrors: [] });

    const after = await request<ZonesPayload>(ZONES);
    expect(
      after.deliveryProfiles.nodes[0]!.profileLocationGroups[0]!.locationGroupZones.nodes[0]!.methodDefinitions.nodes,
    ).toEqual([
      { name: "Standard", active: true, rateProvider: { __typename: "DeliveryRateDefinition" } },
      {
        name: "Same-day delivery",
        active: true,
        rateProvider: {
          __typename: "DeliveryParticipant",
          carrierService: { id: serviceId },
          adaptToNewServicesFlag: true,
        },
      },
    ]);

    await request(`mutation Delete($id: ID!) { carrierServiceDelete(id: $id) { deletedId userErrors { message } } }`, {
      id: serviceId,
    });
    const deleted = await request<ZonesPayload>(ZONES);
    expect(
      deleted.deliveryProfiles.nodes[0]!.profileLocationGroups[0]!.locationGroupZones.nodes[0]!.methodDefinitions.nodes.map(
        (m) => m.name,
      ),
    ).toEqual(["Standard"]);
    expect(problems).toEqual([]);
  });

  it("refuses a method for an unknown carrier service and changes nothing", async () => {
    const { request, shop } = setup();
    const profile = shop.deliveryProfiles[0]!;
    const group = profile.locationGroups[0]!;
    const result = await request<{
      deliveryProfileUpdate: { profile: null; userErrors: { field: string[]; message: string }[] };
    }>(
      `mutation Add($id: ID!, $profile: DeliveryProfileInput!) { deliveryProfileUpdate(id: $id, profile: $profile) { profile { id } userErrors { field message } } }`,
      {
        id: profile.id,
        profile: {
          locationGroupsToUpdate: [
            {
              id: group.id,
              zonesToUpdate: [
                {
                  id: group.zones[0]!.id,
                  methodDefinitionsToCreate: [
                    { name: "X", participant: { carrierServiceId: "gid://shopify/DeliveryCarrierService/1" } },
                  ],
                },
              ],
            },
          ],
        },
      },
    );
    expect(result.deliveryProfileUpdate.userErrors[0]?.message).toBe("Carrier service could not be found.");
    expect(shop.deliveryProfiles[0]!.locationGroups[0]!.zones[0]!.methodDefinitions.map((m) => m.name)).toEqual([
      "Standard",
    ]);
  });

  it("only the app that registered a carrier service may update it", async () => {
    const { request, shop } = setup();
    const foreign = addCarrierService(shop, { name: "Other app's rates", ownerApiClientId: "555" });
    const result = await request<{ carrierServiceUpdate: { carrierService: null; userErrors: { code: string }[] } }>(
      `mutation U($input: DeliveryCarrierServiceUpdateInput!) { carrierServiceUpdate(input: $input) { carrierService { id } userErrors { code message } } }`,
      { input: { id: foreign.id, name: "Hijacked" } },
    );
    expect(result.carrierServiceUpdate).toMatchObject({
      carrierService: null,
      userErrors: [{ code: "CARRIER_SERVICE_UPDATE_FAILED" }],
    });
    expect(foreign.name).toBe("Other app's rates");
  });
});
