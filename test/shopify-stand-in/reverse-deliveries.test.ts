import { describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { addOrder, addReturn, createFulfillment, createShopifyStandIn, type GraphqlProblem } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";
const NOW = new Date("2026-11-21T15:00:00Z");

const CREATE = `#graphql
  mutation Create($rfo: ID!, $tracking: ReverseDeliveryTrackingInput) {
    reverseDeliveryCreateWithShipping(reverseFulfillmentOrderId: $rfo, reverseDeliveryLineItems: [], trackingInput: $tracking, notifyCustomer: false) {
      reverseDelivery { id }
      userErrors { field message code }
    }
  }`;

const UPDATE = `#graphql
  mutation Update($id: ID!, $tracking: ReverseDeliveryTrackingInput, $notify: Boolean) {
    reverseDeliveryShippingUpdate(reverseDeliveryId: $id, trackingInput: $tracking, notifyCustomer: $notify) {
      reverseDelivery {
        id
        deliverable { ... on ReverseDeliveryShippingDeliverable { tracking { number url } } }
      }
      userErrors { field message code }
    }
  }`;

type Payload = {
  reverseDelivery: { id: string; deliverable?: { tracking: { number: string | null; url: string | null } } } | null;
  userErrors: { field: string[] | null; message: string; code: string | null }[];
};

function setup() {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    clock: () => NOW,
    onInvalidOperation: (problem) => void problems.push(problem),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  const request = async <T>(query: string, variables: Record<string, unknown> = {}) =>
    (await client.request<T>(query, { variables })).data!;
  const order = addOrder(shop, { lineItems: [{ title: "Sourdough loaf", quantity: 1 }] });
  createFulfillment(
    shop,
    { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    NOW,
  );
  const ret = addReturn(shop, order, {
    lines: [{ fulfillmentLineItemId: order.fulfillments[0]!.fulfillmentLineItems[0]!.id, quantity: 1 }],
  });
  return { standIn, request, problems, rfo: ret.reverseFulfillmentOrders[0]! };
}

describe("reverseDeliveryShippingUpdate", () => {
  it("replaces the tracking number and URL of a reverse delivery; a field left out keeps its value", async () => {
    const { request, problems, rfo } = setup();
    const created = await request<{ reverseDeliveryCreateWithShipping: Payload }>(CREATE, {
      rfo: rfo.id,
      tracking: { number: "OLD-1", url: "https://app.example/t/abc" },
    });
    const id = created.reverseDeliveryCreateWithShipping.reverseDelivery!.id;

    const updated = await request<{ reverseDeliveryShippingUpdate: Payload }>(UPDATE, {
      id,
      tracking: { number: "NEW-2" },
      notify: false,
    });
    expect(updated.reverseDeliveryShippingUpdate).toEqual({
      reverseDelivery: { id, deliverable: { tracking: { number: "NEW-2", url: "https://app.example/t/abc" } } },
      userErrors: [],
    });
    expect(rfo.reverseDeliveries).toHaveLength(1);
    expect(rfo.reverseDeliveries[0]).toMatchObject({ notifyCustomer: false, tracking: { number: "NEW-2" } });
    expect(problems).toEqual([]);
  });

  it("answers userErrors for an unknown reverse delivery, a closed reverse fulfillment order and a bad URL", async () => {
    const { request, rfo } = setup();
    const created = await request<{ reverseDeliveryCreateWithShipping: Payload }>(CREATE, {
      rfo: rfo.id,
      tracking: { number: "OLD-1" },
    });
    const id = created.reverseDeliveryCreateWithShipping.reverseDelivery!.id;
    const update = async (variables: Record<string, unknown>) =>
      (await request<{ reverseDeliveryShippingUpdate: Payload }>(UPDATE, variables)).reverseDeliveryShippingUpdate;

    expect(await update({ id: "gid://shopify/ReverseDelivery/999999", tracking: { number: "X" } })).toMatchObject({
      reverseDelivery: null,
      userErrors: [{ field: ["reverseDeliveryId"], code: "NOT_FOUND" }],
    });
    expect(await update({ id, tracking: { number: "X", url: "ftp://nowhere" } })).toMatchObject({
      reverseDelivery: null,
      userErrors: [{ field: ["trackingInput", "url"], code: "INVALID" }],
    });
    rfo.status = "CLOSED";
    expect(await update({ id, tracking: { number: "X" } })).toMatchObject({
      reverseDelivery: null,
      userErrors: [{ field: ["reverseDeliveryId"], code: "INVALID_STATE" }],
    });
    expect(rfo.reverseDeliveries[0]!.tracking!.number).toBe("OLD-1");
  });
});
