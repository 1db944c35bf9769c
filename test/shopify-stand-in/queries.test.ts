import { GraphqlQueryError, HttpResponseError } from "@shopify/shopify-api";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { addLocation, addOrder, addProduct, createShopifyStandIn, type GraphqlProblem } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";

function setup(options: { defaultProblemReport?: boolean } = {}) {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    ...(options.defaultProblemReport
      ? {}
      : { onInvalidOperation: (problem: GraphqlProblem) => void problems.push(problem) }),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP, name: "Main Street Bakery" });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  return { standIn, shop, client, problems };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to fail");
}

describe("Shopify stand-in: queries through @shopify/shopify-api", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("answers an order query with the builder's data, money as strings and the cost extension", async () => {
    const { shop, client, standIn } = setup();
    const bread = addProduct(shop, {
      title: "Rye loaf",
      tags: ["bakery"],
      variants: [{ sku: "RYE-1", price: "6.25", weight: { unit: "GRAMS", value: 750 } }],
    });
    const order = addOrder(shop, {
      email: "ana@example.com",
      tags: ["same-day"],
      shippingAddress: { firstName: "Ana", lastName: "Lima", city: "Brooklyn", zip: "11201", phone: "+17185550101" },
      shippingLines: [{ title: "Same-day delivery", code: "SAME_DAY", source: "same-day-courier", price: "12.95" }],
      lineItems: [{ variant: bread.variants[0]!, quantity: 2 }],
    });

    const response = await client.request<{
      order: {
        name: string;
        legacyResourceId: string;
        email: string;
        tags: string[];
        displayFulfillmentStatus: string;
        totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
        shippingAddress: { name: string; city: string; countryCodeV2: string; phone: string };
        shippingLines: {
          nodes: { title: string; code: string; source: string; originalPriceSet: { shopMoney: { amount: string } } }[];
        };
        lineItems: { nodes: { sku: string; quantity: number; variant: { product: { tags: string[] } } }[] };
        fulfillmentOrders: {
          nodes: {
            status: string;
            assignedLocation: { name: string; countryCode: string };
            lineItems: { nodes: { remainingQuantity: number; weight: { unit: string; value: number } }[] };
          }[];
        };
      };
    }>(
      `#graphql
      query Order($id: ID!) {
        order(id: $id) {
          name legacyResourceId email tags displayFulfillmentStatus
          totalPriceSet { shopMoney { amount currencyCode } }
          shippingAddress { name city countryCodeV2 phone }
          shippingLines(first: 5) { nodes { title code source originalPriceSet { shopMoney { amount } } } }
          lineItems(first: 10) { nodes { sku quantity variant { product { tags } } } }
          fulfillmentOrders(first: 5) { nodes { status assignedLocation { name countryCode } lineItems(first: 10) { nodes { remainingQuantity weight { unit value } } } } }
        }
      }`,
      { variables: { id: order.id } },
    );

    expect(response.data?.order).toEqual({
      name: "#1001",
      legacyResourceId: order.id.split("/").pop(),
      email: "ana@example.com",
      tags: ["same-day"],
      displayFulfillmentStatus: "UNFULFILLED",
      totalPriceSet: { shopMoney: { amount: "25.45", currencyCode: "USD" } },
      shippingAddress: { name: "Ana Lima", city: "Brooklyn", countryCodeV2: "US", phone: "+17185550101" },
      shippingLines: {
        nodes: [
          {
            title: "Same-day delivery",
            code: "SAME_DAY",
            source: "same-day-courier",
            originalPriceSet: { shopMoney: { amount: "12.95" } },
          },
        ],
      },
      lineItems: { nodes: [{ sku: "RYE-1", quantity: 2, variant: { product: { tags: ["bakery"] } } }] },
      fulfillmentOrders: {
        nodes: [
          {
            status: "OPEN",
            assignedLocation: { name: "Shop location", countryCode: "US" },
            lineItems: { nodes: [{ remainingQuantity: 2, weight: { unit: "GRAMS", value: 750 } }] },
          },
        ],
      },
    });
    expect(response.extensions?.cost).toMatchObject({
      requestedQueryCost: expect.any(Number),
      actualQueryCost: expect.any(Number),
    });
    expect(standIn.log.at(-1)).toMatchObject({
      operationName: "Order",
      operationType: "query",
      rootFields: ["order"],
      variables: { id: order.id },
    });
  });

  it("paginates a connection with first/after cursors and filters orders by name and id", async () => {
    const { shop, client } = setup();
    addLocation(shop, { name: "Warehouse" });
    const orders = [addOrder(shop), addOrder(shop), addOrder(shop)];
    const page = async (after: string | null) =>
      (
        await client.request<{
          locations: { nodes: { name: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
        }>(
          `query Locations($after: String) { locations(first: 1, after: $after) { nodes { name } pageInfo { hasNextPage endCursor } } }`,
          { variables: { after } },
        )
      ).data!.locations;
    const first = await page(null);
    const second = await page(first.pageInfo.endCursor);
    expect([first.nodes, first.pageInfo.hasNextPage, second.nodes, second.pageInfo.hasNextPage]).toEqual([
      [{ name: "Shop location" }],
      true,
      [{ name: "Warehouse" }],
      false,
    ]);

    const byName = await client.request<{ orders: { nodes: { id: string }[] } }>(
      `{ orders(first: 5, query: "name:#1002") { nodes { id } } }`,
    );
    const byId = await client.request<{ orders: { nodes: { id: string }[] } }>(
      `{ orders(first: 5, query: "id:${orders[2]!.id.split("/").pop()}") { nodes { id } } }`,
    );
    expect([byName.data?.orders.nodes, byId.data?.orders.nodes]).toEqual([
      [{ id: orders[1]!.id }],
      [{ id: orders[2]!.id }],
    ]);
  });

  it("resolves node/nodes by global id and the current app installation", async () => {
    const { shop, standIn } = setup();
    const order = addOrder(shop);
    const location = shop.locations[0]!;
    const body = await standIn.execute(
      SHOP,
      `query Nodes($order: ID!, $ids: [ID!]!) {
        node(id: $order) { __typename ... on Order { name } }
        nodes(ids: $ids) { __typename ... on Location { name } }
        currentAppInstallation { id app { id apiKey } }
      }`,
      { order: order.id, ids: [location.id, "gid://shopify/Location/1"] },
    );
    expect(body.data).toEqual({
      node: { __typename: "Order", name: "#1001" },
      nodes: [{ __typename: "Location", name: "Shop location" }, null],
      currentAppInstallation: {
        id: shop.appInstallation.id,
        app: { id: `gid://shopify/App/${standIn.app.apiClientId}`, apiKey: TEST_API_KEY },
      },
    });
  });

  it("fails loudly on a search filter the stand-in does not model", async () => {
    const { standIn, problems } = setup();
    const body = await standIn.execute(SHOP, `{ orders(first: 5, query: "risk_level:high") { nodes { id } } }`);
    expect(body.errors?.[0]?.message).toBe(
      'Shopify stand-in does not implement the "risk_level" filter of orders(query:)',
    );
    expect(problems.map((p) => p.kind)).toEqual(["unimplemented"]);
  });

  it("refuses a misspelled field like Shopify and records it for the test", async () => {
    const { client, problems, standIn } = setup();
    const error = await thrown(client.request(`query ShopBasics { shop { myshopifyDomian } }`));

    expect(error).toBeInstanceOf(GraphqlQueryError);
    expect((error as GraphqlQueryError).body?.errors).toMatchObject({
      graphQLErrors: [
        {
          message: "Field 'myshopifyDomian' doesn't exist on type 'Shop'",
          locations: [{ line: 1, column: 27 }],
          path: ["query ShopBasics", "shop", "myshopifyDomian"],
          extensions: { code: "undefinedField", typeName: "Shop", fieldName: "myshopifyDomian" },
        },
      ],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: "validation", operationName: "ShopBasics" });
    expect(standIn.graphqlErrors).toEqual(problems);
  });

  it("refuses the same misspelled query every time it comes (its validation is kept, not forgotten)", async () => {
    const { client, problems } = setup();
    const query = `query ShopBasics { shop { myshopifyDomian } }`;
    for (let i = 0; i < 3; i++) expect(await thrown(client.request(query))).toBeInstanceOf(GraphqlQueryError);
    expect(problems.map((p) => p.kind)).toEqual(["validation", "validation", "validation"]);
    const answer = await client.request(`query ShopBasics { shop { myshopifyDomain } }`);
    expect(answer.data).toEqual({ shop: { myshopifyDomain: expect.stringMatching(/\.myshopify\.com$/) } });
  });

  it.each([
    [
      "a wrong argument",
      `{ order(orderId: "gid://shopify/Order/1") { id } }`,
      {},
      "Field 'order' doesn't accept argument 'orderId'",
      "argumentNotAccepted",
    ],
    [
      "a wrong variable type",
      `query O($id: String!) { order(id: $id) { id } }`,
      { id: "gid://shopify/Order/1" },
      "Type mismatch on variable $id and argument id (String! / ID!)",
      "variableMismatch",
    ],
    [
      "an invalid variable value",
      `mutation F($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { userErrors { message } } }`,
      { f: { lineItemsByFulfillmentOrder: [], trackingNumber: "X" } },
      "Variable $f of type FulfillmentInput! was provided invalid value for trackingNumber (Field is not defined on FulfillmentInput)",
      "INVALID_VARIABLE",
    ],
  ])("refuses %s", async (_what, query, variables, message, code) => {
    const { client, problems } = setup();
    const error = (await thrown(client.request(query, { variables }))) as GraphqlQueryError;
    const [first] = (error.body?.errors as { graphQLErrors: { message: string; extensions: { code: string } }[] })
      .graphQLErrors;
    expect(first).toMatchObject({ message, extensions: { code } });
    expect(problems.map((p) => p.errors[0]?.message)).toEqual([message]);
  });

  it("fails loudly on a field the stand-in does not implement instead of answering null", async () => {
    const { client, problems } = setup();
    const error = (await thrown(
      client.request(`query ShopOwner { shop { name shopOwnerName } }`),
    )) as GraphqlQueryError;
    expect(error.body?.errors).toMatchObject({
      graphQLErrors: [
        { message: "Shopify stand-in does not implement Shop.shopOwnerName", path: ["shop", "shopOwnerName"] },
      ],
    });
    expect(problems[0]).toMatchObject({ kind: "unimplemented" });
  });

  it("by default reports an invalid operation with console.error, which fails the test", async () => {
    const reported: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void reported.push(args));
    const { client } = setup({ defaultProblemReport: true });
    await thrown(client.request(`query Broken { shop { nmae } }`));
    spy.mockRestore();
    expect(String(reported[0]?.[0])).toContain(
      "Shopify stand-in: validation error in Broken on demo-shop.myshopify.com",
    );
    expect(String(reported[0]?.[0])).toContain("Field 'nmae' doesn't exist on type 'Shop'");
  });

  it("denies a field the token's scopes do not cover, with Shopify's ACCESS_DENIED error", async () => {
    const { standIn, problems } = setup();
    const client = adminClient(SHOP, standIn.issueAccessToken(SHOP, { scopes: ["read_orders"] }));
    const error = (await thrown(client.request(`{ carrierServices(first: 5) { nodes { id } } }`))) as GraphqlQueryError;
    expect(error.body?.errors).toMatchObject({
      graphQLErrors: [
        {
          message: "Access denied for carrierServices field. Required access: `read_shipping` access scope.",
          extensions: { code: "ACCESS_DENIED", requiredAccess: "`read_shipping` access scope." },
        },
      ],
    });
    expect(problems[0]).toMatchObject({ kind: "access" });
  });

  it("answers 401 with Shopify's body to an unknown or revoked access token", async () => {
    const { standIn } = setup();
    const token = standIn.issueAccessToken(SHOP);
    standIn.uninstall(SHOP);
    for (const client of [adminClient(SHOP, "shpua_not-issued"), adminClient(SHOP, token)]) {
      const error = (await thrown(client.request(`{ shop { name } }`))) as HttpResponseError;
      expect(error).toBeInstanceOf(HttpResponseError);
      expect(error.response.code).toBe(401);
      expect(error.response.body).toMatchObject({ errors: { networkStatusCode: 401 } });
    }
    expect(standIn.rejectedRequests).toHaveLength(2);
  });
});
