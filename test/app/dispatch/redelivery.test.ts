import { describe, expect, it } from "vitest";
import { planShipments } from "~/dispatch/order-to-shipments";
import { orderForRedelivery } from "~/dispatch/redelivery";
import {
  DISPATCH_SETTINGS,
  DISPATCH_WINDOW,
  foLine,
  fulfillmentOrder,
  MAIN_PICKUP,
  orderForDispatch,
} from "../../fixtures/order-for-dispatch";

const RETURNED_FO = "gid://shopify/FulfillmentOrder/5001";
const OTHER_FO = "gid://shopify/FulfillmentOrder/5002";
const fulfilled = (status: "CLOSED" | "CANCELLED" | "OPEN") =>
  orderForDispatch({
    displayFulfillmentStatus: "FULFILLED" as never,
    fulfillmentOrders: {
      nodes: [
        fulfillmentOrder({
          id: RETURNED_FO,
          status: status as never,
          lines: [foLine({ totalQuantity: 3, remainingQuantity: 0 })],
        }),
        fulfillmentOrder({ id: OTHER_FO, status: "OPEN" as never, lines: [foLine({ remainingQuantity: 2 })] }),
      ],
    },
  });

const plan = (order: ReturnType<typeof orderForDispatch>) =>
  planShipments({
    order,
    pickupPoints: new Map([[MAIN_PICKUP.locationGid, MAIN_PICKUP]]),
    settings: DISPATCH_SETTINGS,
    window: DISPATCH_WINDOW,
    idempotencyKeyFor: (fo) => `key-${fo}`,
  });

describe("orderForRedelivery: the order as a returned delivery's re-delivery plans it (issue 38 item 9)", () => {
  it("plans only the returned fulfillment order, open again with every item the fulfillment sent", () => {
    const before = plan(fulfilled("CLOSED"));
    expect(before.orderSkipReason).toBe("The order is already fulfilled.");
    const after = plan(orderForRedelivery(fulfilled("CLOSED"), RETURNED_FO));
    expect(after.orderSkipReason).toBeNull();
    expect(after.shipments.map((s) => [s.fulfillmentOrderGid, s.itemCount])).toEqual([[RETURNED_FO, 3]]);
    expect(after.shipments[0]!.request.items.map((i) => i.quantity)).toEqual([3]);
  });
  it("leaves a fulfillment order Shopify canceled as it is: the plan refuses it in its words", () => {
    const after = plan(orderForRedelivery(fulfilled("CANCELLED"), RETURNED_FO));
    expect(after.shipments).toEqual([]);
    expect(after.skipped).toEqual([
      { fulfillmentOrderGid: RETURNED_FO, reason: "The fulfillment order is cancelled." },
    ]);
  });
  it("an order canceled since is refused as such", () => {
    const canceled = { ...fulfilled("CLOSED"), cancelledAt: "2026-11-22T15:00:00Z" };
    expect(plan(orderForRedelivery(canceled, RETURNED_FO)).orderSkipReason).toBe("The order was cancelled.");
  });
});
