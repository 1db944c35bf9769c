import { Kind, parse, type FragmentDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { adminSchema } from "../shopify-stand-in/schema";
import { describeViolation, scopeViolations } from "./scope-gate";

const APP_LIKE = new Set(["read_orders", "write_orders", "read_merchant_managed_fulfillment_orders", "read_products"]);

/** The walker on one document whose fragments travel with it. */
function violations(source: string, granted: ReadonlySet<string> = APP_LIKE): string[] {
  const document = parse(source);
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return scopeViolations(adminSchema(), document, fragments, granted).map(describeViolation);
}

describe("the static scope gate's walker", () => {
  it("passes an order query the scopes allow", () => {
    expect(
      violations(`
        query OrderForDispatch($id: ID!) {
          order(id: $id) {
            id
            shippingAddress { phone countryCodeV2 }
            fulfillmentOrders(first: 5) { nodes { id lineItems(first: 5) { nodes { variant { product { id } } } } } }
          }
        }`),
    ).toEqual([]);
  });

  it("names the operation, the field path through a fragment and the missing scope", () => {
    expect(
      violations(`
        query OrderForDispatch($id: ID!) { order(id: $id) { ...OrderDispatchFields } }
        fragment OrderDispatchFields on Order { id customer { id } }`),
    ).toEqual(["OrderForDispatch: order.customer needs `read_customers` access scope. (missing: read_customers)"]);
  });

  it("finds a restricted member selected by an inline fragment and a restricted connection", () => {
    expect(
      violations(`
        query Things($id: ID!) {
          node(id: $id) { id ... on Customer { phone } }
          customers(first: 1) { pageInfo { hasNextPage } }
        }`),
    ).toEqual([
      "Things: node needs `read_customers` access scope. (missing: read_customers)",
      "Things: customers needs `read_customers` access scope. (missing: read_customers)",
    ]);
  });

  it("applies the implicit root-field scopes and an owner's write access given as a literal id", () => {
    expect(violations(`query Shipping { deliveryProfiles(first: 1) { nodes { id } } }`)).toEqual([
      "Shipping: deliveryProfiles needs `read_shipping` access scope. (missing: read_shipping)",
    ]);
    const tagging = `mutation Tag { tagsAdd(id: "gid://shopify/Product/1", tags: ["x"]) { userErrors { message } } }`;
    expect(violations(tagging)).toEqual([
      "Tag: tagsAdd needs `write_products` access scope. (missing: write_products)",
    ]);
    expect(violations(tagging, new Set([...APP_LIKE, "write_products"]))).toEqual([]);
  });

  it("names every alternative when any of several scopes would do", () => {
    expect(
      violations(
        `query Fo($id: ID!) { order(id: $id) { fulfillmentOrders(first: 1) { nodes { id } } } }`,
        new Set(["read_orders"]),
      ),
    ).toEqual([
      "Fo: order.fulfillmentOrders needs `read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope, `read_third_party_fulfillment_orders` access scope or `read_marketplace_fulfillment_orders` access scope. (missing: one of read_assigned_fulfillment_orders, read_merchant_managed_fulfillment_orders, read_third_party_fulfillment_orders, read_marketplace_fulfillment_orders)",
    ]);
  });
});
