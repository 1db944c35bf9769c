import { GraphqlQueryError } from "@shopify/shopify-api";
import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { addOrder, createShopifyStandIn, type GraphqlProblem } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";

function setup(throttle: { maximumAvailable?: number; restoreRate?: number } = {}) {
  let now = new Date("2026-11-21T15:00:00Z").getTime();
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    clock: () => new Date(now),
    throttle,
    onInvalidOperation: (p) => void problems.push(p),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  return { standIn, shop, client, problems, advance: (ms: number) => void (now += ms) };
}

const TAG = `mutation Tag($id: ID!) { tagsAdd(id: $id, tags: ["courier"]) { userErrors { message } } }`;

describe("Shopify stand-in: cost-based throttle", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("a burst of mutations hits THROTTLED with throttleStatus and recovers once the clock advances", async () => {
    const { client, shop, standIn, advance } = setup({ maximumAvailable: 50, restoreRate: 10 });
    const order = addOrder(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.request(TAG, { variables: { id: order.id } });
      statuses.push(
        (response.extensions as { cost: { throttleStatus: { currentlyAvailable: number } } }).cost.throttleStatus
          .currentlyAvailable,
      );
    }
    expect(statuses).toEqual([40, 30, 20, 10, 0]);

    const error = await client.request(TAG, { variables: { id: order.id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlQueryError);
    expect((error as GraphqlQueryError).body).toMatchObject({
      errors: {
        graphQLErrors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
      },
      extensions: {
        cost: {
          requestedQueryCost: 10,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 50, currentlyAvailable: 0, restoreRate: 10 },
        },
      },
    });
    expect(standIn.throttledCount).toBe(1);
    expect(standIn.log.at(-1)).toMatchObject({
      operationName: "Tag",
      throttled: true,
      requestedQueryCost: 10,
      actualQueryCost: null,
    });

    advance(1000);
    const recovered = await client.request(TAG, { variables: { id: order.id } });
    expect(recovered.extensions).toMatchObject({
      cost: { actualQueryCost: 10, throttleStatus: { currentlyAvailable: 0 } },
    });
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it.each([
    ["one object", `{ shop { name } }`, 1],
    ["scalars only on the root object", `{ shop { name email myshopifyDomain } }`, 1],
    [
      "a connection: 2 + first × (node + children)",
      `{ locations(first: 10) { nodes { id address { city } } } }`,
      2 + 10 * 2,
    ],
    [
      "nested connections multiply",
      `{ orders(first: 5) { nodes { lineItems(first: 10) { nodes { sku } } } } }`,
      2 + 5 * (1 + 2 + 10 * 1),
    ],
    [
      "a mutation",
      `mutation { tagsAdd(id: "gid://shopify/Order/1", tags: ["a"]) { node { id } userErrors { message } } }`,
      10,
    ],
  ])("requested cost of %s", async (_what, query, expected) => {
    const { standIn } = setup();
    const body = await standIn.execute(SHOP, query);
    expect(body.extensions?.cost.requestedQueryCost).toBe(expected);
  });

  it("charges the actual cost from what was returned and refunds the rest", async () => {
    const { standIn, shop } = setup();
    addOrder(shop);
    const body = await standIn.execute(SHOP, `{ orders(first: 50) { nodes { id } } }`);
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 52,
      actualQueryCost: 3,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1997, restoreRate: 100 },
    });
  });

  it("refuses a query above the single-query limit of 1000 as MAX_COST_EXCEEDED", async () => {
    const { standIn, problems } = setup();
    const body = await standIn.execute(
      SHOP,
      `{ orders(first: 100) { nodes { lineItems(first: 100) { nodes { sku } } } } }`,
    );
    expect(body.errors?.[0]).toMatchObject({
      extensions: { code: "MAX_COST_EXCEEDED", cost: 2 + 100 * (1 + 2 + 100), maxCost: 1000 },
    });
    expect(problems.map((p) => p.kind)).toEqual(["max-cost"]);
  });
});
