import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { addOrder, addProduct, createShopifyStandIn, type GraphqlProblem } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";

function setup() {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    apiClientId: "77001",
    onInvalidOperation: (problem) => void problems.push(problem),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  const request = async <T>(query: string, variables: Record<string, unknown> = {}) =>
    (await client.request<T>(query, { variables })).data!;
  return { standIn, shop, request, problems };
}

const METAFIELDS_SET = `#graphql
  mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id namespace key type value compareDigest }
      userErrors { field message code elementIndex }
    }
  }`;

type SetPayload = {
  metafieldsSet: {
    metafields:
      { id: string; namespace: string; key: string; type: string; value: string; compareDigest: string }[] | null;
    userErrors: { field: string[] | null; message: string; code: string; elementIndex: number | null }[];
  };
};

describe("Shopify stand-in: metafields and tags", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("metafieldsSet in a $app namespace resolves it to the app's reserved namespace and reads back", async () => {
    const { shop, request, problems } = setup();
    const order = addOrder(shop);
    const value = JSON.stringify({ state: "out_for_delivery", driver: "Sam" });

    const set = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [{ ownerId: order.id, namespace: "$app:courier", key: "delivery", type: "json", value }],
    });
    expect(set.metafieldsSet.userErrors).toEqual([]);
    expect(set.metafieldsSet.metafields).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/Metafield\//),
        namespace: "app--77001--courier",
        key: "delivery",
        type: "json",
        value,
        compareDigest: expect.any(String),
      },
    ]);

    const read = await request<{
      order: { byAlias: { jsonValue: unknown } | null; byNamespace: { value: string } | null; appDefault: null };
    }>(
      `query Read($id: ID!) {
        order(id: $id) {
          byAlias: metafield(namespace: "$app:courier", key: "delivery") { jsonValue }
          byNamespace: metafield(namespace: "app--77001--courier", key: "delivery") { value }
          appDefault: metafield(key: "delivery") { value }
        }
      }`,
      { id: order.id },
    );
    expect(read.order).toEqual({
      byAlias: { jsonValue: { state: "out_for_delivery", driver: "Sam" } },
      byNamespace: { value },
      appDefault: null,
    });
    expect(problems).toEqual([]);
  });

  it("compare-and-set: a stale or absent digest is refused; the current one writes", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const input = { ownerId: order.id, namespace: "$app:courier", key: "delivery", type: "json" };
    const first = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [{ ...input, value: "{}", compareDigest: null }],
    });
    const digest = first.metafieldsSet.metafields![0]!.compareDigest;

    const mustNotExist = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [{ ...input, value: '{"a":1}', compareDigest: null }],
    });
    expect(mustNotExist.metafieldsSet.userErrors.map((e) => e.code)).toEqual(["STALE_OBJECT"]);
    const current = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [{ ...input, value: '{"a":1}', compareDigest: digest }],
    });
    expect(current.metafieldsSet.userErrors).toEqual([]);
    const stale = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [{ ...input, value: '{"a":2}', compareDigest: digest }],
    });
    expect(stale.metafieldsSet).toMatchObject({
      metafields: null,
      userErrors: [{ code: "STALE_OBJECT", field: ["metafields", "0", "compareDigest"] }],
    });
    expect(order.metafields.map((m) => m.value)).toEqual(['{"a":1}']);
  });

  it.each([
    ["invalid JSON", { type: "json", value: "{not json" }, "INVALID_VALUE", "value"],
    [
      "another app's reserved namespace",
      { namespace: "app--999--secret", type: "json", value: "{}" },
      "APP_NOT_AUTHORIZED",
      "namespace",
    ],
    ["a one-letter key", { key: "k", type: "json", value: "{}" }, "TOO_SHORT", "key"],
    ["no type for a new metafield", { type: undefined, value: "x" }, "BLANK", "type"],
    ["an unknown type", { type: "colour", value: "red" }, "INVALID_TYPE", "type"],
  ])("refuses %s and writes none of the batch", async (_case, override, code, field) => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const valid = { ownerId: order.id, namespace: "courier", key: "ok", type: "single_line_text_field", value: "fine" };
    const result = await request<SetPayload>(METAFIELDS_SET, {
      metafields: [valid, { ...valid, key: "bad", ...override }],
    });
    expect(result.metafieldsSet).toMatchObject({
      metafields: null,
      userErrors: [{ code, field: ["metafields", "1", field], elementIndex: 1 }],
    });
    expect(order.metafields).toEqual([]);
  });

  it("refuses more than 25 metafields in one call", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const inputs = Array.from({ length: 26 }, (_, i) => ({
      ownerId: order.id,
      namespace: "courier",
      key: `k${i}`,
      type: "number_integer",
      value: String(i),
    }));
    const result = await request<SetPayload>(METAFIELDS_SET, { metafields: inputs });
    expect(result.metafieldsSet.userErrors).toEqual([
      {
        field: ["metafields"],
        code: "LESS_THAN_OR_EQUAL_TO",
        message: "Exceeded the maximum metafields input limit of 25.",
        elementIndex: null,
      },
    ]);
  });

  it("reads metafields the builders seeded on products and variants", async () => {
    const { shop, request } = setup();
    const dimensions = JSON.stringify({ length: 10, width: 8, height: 4 });
    const product = addProduct(shop, {
      metafields: [{ namespace: "courier", key: "dimensions", type: "json", value: dimensions }],
      variants: [{ metafields: [] }],
    });
    const read = await request<{ productVariant: { metafield: null; product: { metafield: { value: string } } } }>(
      `query V($id: ID!) { productVariant(id: $id) { metafield(namespace: "courier", key: "dimensions") { value } product { metafield(namespace: "courier", key: "dimensions") { value } } } }`,
      { id: product.variants[0]!.id },
    );
    expect(read.productVariant).toEqual({ metafield: null, product: { metafield: { value: dimensions } } });
  });

  it("tagsAdd appends without duplicates (comma lists allowed) and tagsRemove removes", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop, { tags: ["VIP"] });
    const add = await request<{ tagsAdd: { node: { id: string }; userErrors: unknown[] } }>(
      `mutation Add($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } userErrors { message } } }`,
      { id: order.id, tags: ["courier:booked, vip", "same-day"] },
    );
    expect(add.tagsAdd).toEqual({ node: { id: order.id }, userErrors: [] });
    expect(order.tags).toEqual(["VIP", "courier:booked", "same-day"]);
    await request(`mutation Remove($id: ID!) { tagsRemove(id: $id, tags: ["vip"]) { userErrors { message } } }`, {
      id: order.id,
    });
    expect(order.tags).toEqual(["courier:booked", "same-day"]);
  });
  it("runs a mutation's top-level fields one after the other, in the document's order, each with its own result and cost", async () => {
    const { standIn, shop, request, problems } = setup();
    const order = addOrder(shop, { tags: [] });
    const twice = (first: "tagsAdd" | "tagsRemove", second: "tagsAdd" | "tagsRemove") => `#graphql
      mutation TagsTwice($id: ID!, $tags: [String!]!) {
        first: ${first}(id: $id, tags: $tags) { userErrors { message } }
        second: ${second}(id: $id, tags: $tags) { userErrors { message } }
      }`;
    const added = await request<Record<string, { userErrors: unknown[] }>>(twice("tagsRemove", "tagsAdd"), {
      id: order.id,
      tags: ["courier:booked"],
    });
    expect(added).toEqual({ first: { userErrors: [] }, second: { userErrors: [] } });
    expect(order.tags).toEqual(["courier:booked"]);
    await request(twice("tagsAdd", "tagsRemove"), { id: order.id, tags: ["courier:booked"] });
    expect(order.tags).toEqual([]);
    expect(standIn.log.slice(-2).map((entry) => entry.requestedQueryCost)).toEqual([20, 20]);
    expect(problems).toEqual([]);
  });
});
