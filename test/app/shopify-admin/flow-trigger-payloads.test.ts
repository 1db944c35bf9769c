import { describe, expect, it } from "vitest";
import {
  FLOW_TRIGGER_HANDLES,
  FLOW_TRIGGER_PAYLOADS,
  FLOW_SINGLE_LINE_MAX,
  parseFlowTrigger,
  type FlowTrigger,
} from "~/shopify-admin/flow-trigger-payloads";
import { flowWirePayload } from "~/shopify-admin/flow-triggers.server";
import { flowOccurrences, needsAttentionTrigger, noDriverYetTrigger } from "~/tracking/flow-triggers";
import { loadFlowTriggerDefinitions, payloadKeyOf, payloadProblems } from "../../shopify-stand-in/domain/flow-triggers";
import { parseKeepingLargeIntegers } from "../../shopify-stand-in/http";

const definitions = loadFlowTriggerDefinitions();
/** The order id of Shopify's webhook samples (test/fixtures/shopify-webhooks.ts): above 2^53. */
const ORDER_ID = "820982911946154508";
const shipment = {
  id: "shp_1",
  orderGid: `gid://shopify/Order/${ORDER_ID}`,
  courierShipmentId: "4711",
  trackingNumber: "TRK4711",
  pickupAfter: new Date("2026-11-25T15:00:00Z"),
};
const moved = (state: "delivered" | "returned" | "canceled") => ({
  state,
  stateChanged: true,
  late: false,
  actions: [],
  changes: {},
});

/** One payload per handle, built by the app's own builders. */
const built: FlowTrigger[] = [
  needsAttentionTrigger(shipment, "expired", "No driver accepted before the delivery deadline.").trigger,
  noDriverYetTrigger(shipment).trigger,
  ...flowOccurrences(shipment, moved("delivered")).map((o) => o.trigger),
  ...flowOccurrences(shipment, moved("returned")).map((o) => o.trigger),
];

describe("Flow trigger payloads match the extensions' tomls", () => {
  it("every flow_trigger extension has a payload shape, and every shape an extension", () => {
    expect(definitions.map((d) => d.handle).sort()).toEqual([...FLOW_TRIGGER_HANDLES].sort());
  });

  it.each(definitions.map((d) => [d.handle, d] as const))("%s: a valid handle, name and description", (_h, d) => {
    expect(d.handle).toMatch(/^[a-z0-9-]{1,30}$/);
    // The custom field types Flow triggers take (Shopify's Flow trigger reference; the CLI refuses others at deploy).
    for (const field of d.fields.filter((f) => f.type !== "order_reference"))
      expect(["boolean", "email", "single_line_text_field", "url", "number_decimal"]).toContain(field.type);
    expect(d.name.length).toBeGreaterThan(0);
    expect(d.description.length).toBeGreaterThan(0);
    expect(d.fields.filter((f) => f.type === "order_reference")).toHaveLength(1);
  });

  it.each(definitions.map((d) => [d.handle, d] as const))("%s: the shape's keys are the toml's fields", (handle, d) => {
    const shape = FLOW_TRIGGER_PAYLOADS[handle as keyof typeof FLOW_TRIGGER_PAYLOADS];
    expect(Object.keys(shape.shape).sort()).toEqual(d.fields.map(payloadKeyOf).sort());
  });

  it.each(FLOW_TRIGGER_HANDLES.map((h) => [h]))("%s: the payload sent is one Flow accepts, the id exact", (handle) => {
    const trigger = built.find((t) => t.handle === handle);
    expect(trigger).toBeDefined();
    // Stored (a job's payload) as text, the id's digits exactly.
    expect(parseFlowTrigger(JSON.parse(JSON.stringify(trigger)))).toEqual({ ok: true, trigger });
    expect(trigger!.payload.order_id).toBe(ORDER_ID);
    // Sent as the JSON number with those digits.
    const wire = JSON.stringify(flowWirePayload(trigger!));
    expect(wire).toContain(`"order_id":${ORDER_ID},`);
    const read = parseKeepingLargeIntegers(wire) as Record<string, unknown>;
    expect(read.order_id).toBe(BigInt(ORDER_ID));
    expect(
      payloadProblems(
        definitions.find((d) => d.handle === handle)!,
        read,
      ),
    ).toEqual([]);
  });

  it("long courier notes are clipped within our bounds, and a payload stays within Flow's", () => {
    const trigger = needsAttentionTrigger(shipment, "canceled", "n".repeat(10 * FLOW_SINGLE_LINE_MAX)).trigger;
    expect(trigger.payload).toMatchObject({ Reason: expect.stringMatching(/…$/) });
    expect(parseFlowTrigger(trigger).ok).toBe(true);
    // One line: Flow triggers take no multi-line text; a job stored with one is sent as one line.
    const stored = { ...trigger, payload: { ...trigger.payload, Reason: "Returned.\nThe door was locked." } };
    expect(parseFlowTrigger(stored)).toMatchObject({
      ok: true,
      trigger: { payload: { Reason: "Returned. The door was locked." } },
    });
  });

  it.each<[string, unknown]>([
    ["an unknown handle", { handle: "delivery-teleported", payload: {} }],
    ["a missing field", { handle: "delivery-delivered", payload: { order_id: "1", "Shipment ID": "1" } }],
    [
      "an extra field",
      { handle: "delivery-delivered", payload: { order_id: "1", "Shipment ID": "1", "Tracking number": "T", x: 1 } },
    ],
    [
      "an order id as a JavaScript number",
      { handle: "delivery-delivered", payload: { order_id: 1, "Shipment ID": "1", "Tracking number": "T" } },
    ],
    [
      "an order id that is no id",
      { handle: "delivery-delivered", payload: { order_id: "abc", "Shipment ID": "1", "Tracking number": "T" } },
    ],
    [
      "an unknown reason code",
      {
        ...needsAttentionTrigger(shipment, "returned", "r").trigger,
        payload: { ...needsAttentionTrigger(shipment, "returned", "r").trigger.payload, "Reason code": "lost" },
      },
    ],
  ])("a stored trigger with %s is refused", (_name, value) => {
    expect(parseFlowTrigger(value).ok).toBe(false);
  });
});
