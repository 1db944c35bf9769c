import { describe, expect, it } from "vitest";
import { FulfillmentOrderDispatchPayload, OrderAnnotationPayload, OrderDispatchPayload } from "~/dispatch/jobs";
import { OrderSyncPayload } from "~/order-changes/enqueue-order-sync.server";
import { ApplyEventsPayload, MatchEarlyEventsPayload } from "~/tracking/jobs";

const order = "gid://shopify/Order/1001";
const fulfillmentOrder = "gid://shopify/FulfillmentOrder/2001";

describe("job payloads", () => {
  it.each([
    ["order dispatch", OrderDispatchPayload, { orderGid: order, generation: 1 }, true],
    [
      "order dispatch, staff's window",
      OrderDispatchPayload,
      { orderGid: order, generation: 2, manual: { serviceCode: null } },
      true,
    ],
    ["order dispatch, generation 0", OrderDispatchPayload, { orderGid: order, generation: 0 }, false],
    [
      "order dispatch, a fulfillment order's id",
      OrderDispatchPayload,
      { orderGid: fulfillmentOrder, generation: 1 },
      false,
    ],
    [
      "fulfillment order dispatch",
      FulfillmentOrderDispatchPayload,
      { orderGid: order, generation: 1, fulfillmentOrderGid: fulfillmentOrder },
      true,
    ],
    [
      "fulfillment order dispatch without it",
      FulfillmentOrderDispatchPayload,
      { orderGid: order, generation: 1 },
      false,
    ],
    [
      "fulfillment order dispatch, an order's id",
      FulfillmentOrderDispatchPayload,
      { orderGid: order, generation: 1, fulfillmentOrderGid: order },
      false,
    ],
    ["annotation", OrderAnnotationPayload, { orderGid: order }, true],
    ["annotation, a number", OrderAnnotationPayload, { orderGid: 1001 }, false],
    ["order sync", OrderSyncPayload, { orderGid: order }, true],
    ["order sync, empty", OrderSyncPayload, {}, false],
    ["apply events", ApplyEventsPayload, { shipmentId: "shp_1" }, true],
    ["apply events, empty id", ApplyEventsPayload, { shipmentId: "" }, false],
    ["early events", MatchEarlyEventsPayload, { courierShipmentId: "c_1" }, true],
    ["early events, a shipment id only", MatchEarlyEventsPayload, { shipmentId: "shp_1" }, false],
  ] as const)("%s", (_name, schema, payload, accepted) => {
    expect(schema.safeParse(payload).success).toBe(accepted);
  });
});
