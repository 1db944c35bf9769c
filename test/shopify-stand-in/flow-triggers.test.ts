import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { FLOW_PAYLOAD_MAX_BYTES, loadFlowTriggerDefinitions } from "./domain/flow-triggers";
import { createShopifyStandIn } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";

const FLOW_TRIGGER_RECEIVE = `#graphql
  mutation FlowTriggerReceive($handle: String, $payload: JSON) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors { field message }
    }
  }`;

type Received = { flowTriggerReceive: { userErrors: { field: string[] | null; message: string }[] } };

function setup() {
  const standIn = createShopifyStandIn({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  const send = async (handle: string, payload: unknown) =>
    (await client.request<Received>(FLOW_TRIGGER_RECEIVE, { variables: { handle, payload } })).data!.flowTriggerReceive
      .userErrors;
  return { shop, send };
}

const delivered = { order_id: 1001, "Shipment ID": "4711", "Tracking number": "TRK4711" };

describe("Shopify stand-in: flowTriggerReceive over the app's flow_trigger extensions", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("reads every flow_trigger extension of the repository with its fields", () => {
    const handles = loadFlowTriggerDefinitions().map((d) => d.handle);
    expect(handles).toEqual(
      expect.arrayContaining([
        "delivery-delivered",
        "delivery-failed",
        "delivery-needs-attention",
        "delivery-no-driver-yet",
      ]),
    );
  });

  it("accepts a payload that matches the trigger's fields and records it", async () => {
    const { shop, send } = setup();
    expect(await send("delivery-delivered", delivered)).toEqual([]);
    expect(shop.flowTriggers).toEqual([
      { handle: "delivery-delivered", payload: delivered, receivedAt: expect.any(String) },
    ]);
  });

  it("reads an order id above 2^53 exactly from the JSON number, and refuses it as a string", async () => {
    const { shop, send } = setup();
    const digits = "820982911946154508";
    const exact = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(digits);
    expect(await send("delivery-delivered", { ...delivered, order_id: exact })).toEqual([]);
    expect(shop.flowTriggers.map((t) => t.payload.order_id)).toEqual([BigInt(digits)]);
    const asText = await send("delivery-delivered", { ...delivered, order_id: digits });
    expect(asText.map((e) => e.message)).toEqual(["Property 'order_id' is not a valid order_reference"]);
    expect(shop.flowTriggers).toHaveLength(1);
  });

  it.each<[string, string, unknown, string]>([
    ["an unknown handle", "delivery-teleported", delivered, "Invalid handle 'delivery-teleported'"],
    [
      "a missing field",
      "delivery-delivered",
      { order_id: 1001, "Shipment ID": "4711" },
      "Missing property 'Tracking number'",
    ],
    ["an undeclared field", "delivery-delivered", { ...delivered, Driver: "Sam" }, "Unknown property 'Driver'"],
    [
      "an order id given as a global id",
      "delivery-delivered",
      { ...delivered, order_id: "gid://shopify/Order/1001" },
      "Property 'order_id' is not a valid order_reference",
    ],
    [
      "two lines in a single-line field",
      "delivery-delivered",
      { ...delivered, "Shipment ID": "47\n11" },
      "Property 'Shipment ID' is not a valid single_line_text_field",
    ],
    [
      "a payload over 50 KB",
      "delivery-failed",
      { ...delivered, Outcome: "returned", Reason: "x".repeat(FLOW_PAYLOAD_MAX_BYTES) },
      "Payload is",
    ],
    ["no object", "delivery-delivered", ["order_id"], "Payload must be an object"],
  ])("refuses %s and records nothing", async (_name, handle, payload, message) => {
    const { shop, send } = setup();
    const errors = await send(handle, payload);
    expect(errors.map((e) => e.message).join("\n")).toContain(message);
    expect(shop.flowTriggers).toEqual([]);
  });
});
