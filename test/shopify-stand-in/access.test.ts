import { describe, expect, it } from "vitest";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { alternativesIn, fieldAccess, typeAccess } from "./access";
import { addCustomer, addOrder, createShopifyStandIn, type GraphqlProblem } from "./index";
import { adminSchema } from "./schema";

const SHOP = "access-shop.myshopify.com";
const READ_CUSTOMERS = "`read_customers` access scope.";
const FULFILLMENT_ORDER =
  "`read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope, `read_third_party_fulfillment_orders` access scope or `read_marketplace_fulfillment_orders` access scope.";

const texts = (requirements: readonly { text: string }[]) => requirements.map((r) => r.text);

/** A stand-in whose tokens hold exactly these scopes, with one order that has a customer. */
function standInWith(scopes: string[]) {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    scopes,
    onInvalidOperation: (problem) => void problems.push(problem),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  const customer = addCustomer(shop, { phone: "+12125550199" });
  const order = addOrder(shop, { customer });
  const run = (query: string, variables: Record<string, unknown> = {}) => standIn.execute(SHOP, query, variables);
  return { run, problems, order, customer };
}

const APP_LIKE = ["read_orders", "read_merchant_managed_fulfillment_orders", "read_products"];

describe("the access rule on the 2026-10 schema's annotations", () => {
  it("adds the type a field returns to the field's own requirement", () => {
    const admin = adminSchema();
    expect(admin.requiredAccess.get("Order.customer")).toBeUndefined();
    expect(texts(fieldAccess(admin, "Order", "customer"))).toEqual([READ_CUSTOMERS]);
    expect(texts(fieldAccess(admin, "Order", "fulfillmentOrders"))).toEqual([FULFILLMENT_ORDER]);
    expect(texts(fieldAccess(admin, "Order", "id"))).toEqual([]);
  });

  it("reads a connection and an edge as their node type, and keeps the implicit root-field scopes", () => {
    const admin = adminSchema();
    expect(texts(typeAccess(admin, "CustomerConnection"))).toEqual([READ_CUSTOMERS]);
    expect(texts(typeAccess(admin, "CustomerEdge"))).toEqual([READ_CUSTOMERS]);
    expect(texts(fieldAccess(admin, "QueryRoot", "customers"))).toContain(READ_CUSTOMERS);
    expect(texts(fieldAccess(admin, "QueryRoot", "order"))).toEqual([
      "`read_orders` access scope or `read_marketplace_orders` access scope.",
      "`read_orders` access scope, `read_marketplace_orders` access scope or `read_quick_sale` access scope.",
    ]);
  });

  it("leaves texts that are not a plain list of scope alternatives unenforced", () => {
    expect(alternativesIn("`read_markets` for queries and both `read_markets` as well as `write_markets`")).toBeNull();
    expect(alternativesIn("The user must have access to payouts.")).toBeNull();
    expect(alternativesIn(READ_CUSTOMERS)).toEqual(["read_customers"]);
  });

  it("caches each (type, field) answer", () => {
    const admin = adminSchema();
    expect(fieldAccess(admin, "Order", "customer")).toBe(fieldAccess(admin, "Order", "customer"));
  });
});

describe("the stand-in applies the rule to every field", () => {
  const ORDER_CUSTOMER = `query OrderCustomer($id: ID!) { order(id: $id) { id customer { id } } }`;

  it("denies Customer under Order without read_customers, with Shopify's ACCESS_DENIED", async () => {
    const { run, problems, order } = standInWith(APP_LIKE);
    const body = await run(ORDER_CUSTOMER, { id: order.id });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: "Access denied for customer field. Required access: `read_customers` access scope.",
        path: ["order", "customer"],
        extensions: expect.objectContaining({ code: "ACCESS_DENIED", requiredAccess: READ_CUSTOMERS }),
      }),
    ]);
    expect(body.data).toEqual({ order: { id: order.id, customer: null } });
    expect(problems.map((p) => p.kind)).toEqual(["access"]);
  });

  it("allows it with read_customers, and with write_customers (write implies read)", async () => {
    for (const scope of ["read_customers", "write_customers"]) {
      const { run, problems, order, customer } = standInWith([...APP_LIKE, scope]);
      const body = await run(ORDER_CUSTOMER, { id: order.id });
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({ order: { id: order.id, customer: { id: customer.id } } });
      expect(problems).toEqual([]);
    }
  });

  it("denies a connection of a restricted type even when no node is selected", async () => {
    const { run } = standInWith(APP_LIKE);
    const body = await run(`{ customers(first: 1) { pageInfo { hasNextPage } } }`);
    expect(body.errors?.[0]).toMatchObject({
      message: "Access denied for customers field. Required access: `read_customers` access scope.",
      path: ["customers"],
    });
  });

  it("denies an order's fulfillment orders to an app without a fulfillment-order scope", async () => {
    const { run, order } = standInWith(["read_orders"]);
    const body = await run(`query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 1) { nodes { id } } } }`, {
      id: order.id,
    });
    expect(body.errors?.[0]).toMatchObject({
      message: `Access denied for fulfillmentOrders field. Required access: ${FULFILLMENT_ORDER}`,
      path: ["order", "fulfillmentOrders"],
    });
  });

  it("denies an interface's object by its resolved type, and a fragment on a restricted member", async () => {
    const { run, order, customer } = standInWith(APP_LIKE);
    const resolved = await run(`query($id: ID!) { node(id: $id) { id } }`, { id: customer.id });
    expect(resolved.errors?.[0]).toMatchObject({
      message: "Access denied for node field. Required access: `read_customers` access scope.",
      path: ["node"],
    });
    const allowed = await run(`query($id: ID!) { node(id: $id) { id } }`, { id: order.id });
    expect(allowed).toMatchObject({ data: { node: { id: order.id } } });
    expect(allowed.errors).toBeUndefined();
    const spread = await run(`query($id: ID!) { node(id: $id) { id ... on Customer { phone } } }`, { id: order.id });
    expect(spread.errors?.[0]).toMatchObject({
      message: "Access denied for node field. Required access: `read_customers` access scope.",
      path: ["node"],
    });
  });
});
