import { describe, expect, it } from "vitest";
import {
  FLOW_TRIGGER_HANDLES,
  FLOW_TRIGGER_PAYLOADS,
  FLOW_MULTI_LINE_MAX,
  parseFlowTrigger,
  type FlowTrigger,
} from "~/shopify/flow-trigger-payloads";
import { flowOccurrences, needsAttentionTrigger, noDriverYetTrigger } from "~/tracking/flow-triggers";
import { loadFlowTriggerDefinitions, payloadKeyOf, payloadProblems } from "../../shopify-stand-in/domain/flow-triggers";

const definitions = loadFlowTriggerDefinitions();
const shipment = {
  id: "shp_1",
  orderGid: "gid://shopify/Order/5500000000001",
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
    expect(d.name.length).toBeGreaterThan(0);
    expect(d.description.length).toBeGreaterThan(0);
    expect(d.fields.filter((f) => f.type === "order_reference")).toHaveLength(1);
  });

  it.each(definitions.map((d) => [d.handle, d] as const))("%s: the shape's keys are the toml's fields", (handle, d) => {
    const shape = FLOW_TRIGGER_PAYLOADS[handle as keyof typeof FLOW_TRIGGER_PAYLOADS];
    expect(Object.keys(shape.shape).sort()).toEqual(d.fields.map(payloadKeyOf).sort());
  });

  it.each(FLOW_TRIGGER_HANDLES.map((h) => [h]))("%s: the built payload is one Flow accepts", (handle) => {
    const trigger = built.find((t) => t.handle === handle);
    expect(trigger).toBeDefined();
    expect(
      payloadProblems(
        definitions.find((d) => d.handle === handle)!,
        trigger!.payload,
      ),
    ).toEqual([]);
    expect(parseFlowTrigger(trigger)).toEqual({ ok: true, trigger });
    expect(trigger!.payload.order_id).toBe(5500000000001);
  });

  it("long courier notes are clipped within our bounds, and a payload stays within Flow's", () => {
    const trigger = needsAttentionTrigger(shipment, "canceled", "n".repeat(10 * FLOW_MULTI_LINE_MAX)).trigger;
    expect(trigger.payload).toMatchObject({ Reason: expect.stringMatching(/…$/) });
    expect(parseFlowTrigger(trigger).ok).toBe(true);
  });

  it.each<[string, unknown]>([
    ["an unknown handle", { handle: "delivery-teleported", payload: {} }],
    ["a missing field", { handle: "delivery-delivered", payload: { order_id: 1, "Shipment ID": "1" } }],
    [
      "an extra field",
      { handle: "delivery-delivered", payload: { order_id: 1, "Shipment ID": "1", "Tracking number": "T", x: 1 } },
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
