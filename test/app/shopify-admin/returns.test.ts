import { beforeEach, describe, expect, it } from "vitest";
import { getRuntime } from "~/runtime.server";
import { createReverseDeliveryWithTracking, fetchReturnForPickup } from "~/shopify-admin/returns.server";
import {
  addReturn,
  approveReturn,
  createFulfillment,
  type OrderState,
  type ShopifyStandIn,
  type ShopState,
} from "../../shopify-stand-in";
import { adminFor, INSTALLED_SHOP as SHOP, sameDayOrder, setUpInstalledShop } from "../../support/installed-shop";

const runtime = getRuntime();
let standIn: ShopifyStandIn;
let shop: ShopState;

beforeEach(async () => {
  ({ standIn } = await setUpInstalledShop(runtime, { url: "https://courier.invalid", token: "unused-token" }));
  shop = standIn.shop(SHOP);
});

/** A delivered order of two lines from two locations, fulfilled in full. */
function fulfilledOrder(): OrderState {
  const [main, warehouse] = shop.locations;
  const order = sameDayOrder(standIn, {
    lineItems: [
      { title: "Sourdough loaf", quantity: 3, location: main },
      { title: "Flour sack", quantity: 1, location: warehouse },
    ],
  });
  for (const fo of order.fulfillmentOrders)
    createFulfillment(shop, { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] }, new Date());
  return order;
}

const lineOf = (order: OrderState, title: string) => {
  const lineItem = order.lineItems.find((l) => l.title === title)!;
  return order.fulfillments.flatMap((f) => f.fulfillmentLineItems).find((f) => f.lineItemId === lineItem.id)!;
};

describe("returns in the Shopify stand-in, read and written by the app's operations", () => {
  it("reads a partial return from two locations with one reverse fulfillment order per location", async () => {
    const order = fulfilledOrder();
    const returned = addReturn(shop, order, {
      lines: [
        { fulfillmentLineItemId: lineOf(order, "Sourdough loaf").id, quantity: 2 },
        { fulfillmentLineItemId: lineOf(order, "Flour sack").id, quantity: 1 },
      ],
    });
    const read = await fetchReturnForPickup(await adminFor(SHOP), returned.id);
    expect(read).toMatchObject({ id: returned.id, status: "OPEN", name: `${order.name}-R1` });
    expect(read!.returnLineItems.nodes.map((l) => l.quantity)).toEqual([2, 1]);
    expect(read!.returnLineItems.nodes[0]).toMatchObject({
      fulfillmentLineItem: { lineItem: { title: "Sourdough loaf" } },
      totalWeight: { unit: "GRAMS", value: 1800 },
    });
    expect(read!.reverseFulfillmentOrders.nodes).toHaveLength(2);
    expect(read!.order.fulfillments.map((f) => f.location?.id)).toEqual(shop.locations.map((l) => l.id));
    expect(standIn.graphqlErrors).toEqual([]);
  });

  it("a requested return has no reverse fulfillment order until it is approved", async () => {
    const order = fulfilledOrder();
    const requested = addReturn(shop, order, {
      lines: [{ fulfillmentLineItemId: lineOf(order, "Flour sack").id, quantity: 1 }],
      status: "REQUESTED",
    });
    const admin = await adminFor(SHOP);
    expect((await fetchReturnForPickup(admin, requested.id))!.reverseFulfillmentOrders.nodes).toEqual([]);
    approveReturn(shop, requested.id, new Date());
    expect((await fetchReturnForPickup(admin, requested.id))!.reverseFulfillmentOrders.nodes).toHaveLength(1);
  });

  it("creates a reverse delivery carrying the courier's tracking number and URL, and refuses more than was returned", async () => {
    const order = fulfilledOrder();
    const returned = addReturn(shop, order, {
      lines: [{ fulfillmentLineItemId: lineOf(order, "Sourdough loaf").id, quantity: 2 }],
    });
    const rfo = returned.reverseFulfillmentOrders[0]!;
    const admin = await adminFor(SHOP);
    const created = await createReverseDeliveryWithTracking(admin, {
      reverseFulfillmentOrderGid: rfo.id,
      lines: [{ reverseFulfillmentOrderLineItemGid: rfo.lineItems[0]!.id, quantity: 2 }],
      tracking: { number: "TRK-77", url: "https://courier-app.test/t/abc" },
    });
    expect(created.id).toMatch(/^gid:\/\/shopify\/ReverseDelivery\//);
    const read = await fetchReturnForPickup(admin, returned.id);
    expect(read!.reverseFulfillmentOrders.nodes[0]!.reverseDeliveries.nodes).toEqual([
      { id: created.id, deliverable: { tracking: { number: "TRK-77", url: "https://courier-app.test/t/abc" } } },
    ]);
    expect(rfo.reverseDeliveries[0]).toMatchObject({ notifyCustomer: false });
    await expect(
      createReverseDeliveryWithTracking(admin, {
        reverseFulfillmentOrderGid: rfo.id,
        lines: [{ reverseFulfillmentOrderLineItemGid: rfo.lineItems[0]!.id, quantity: 1 }],
        tracking: { number: "TRK-78", url: null },
      }),
    ).rejects.toThrow(/Quantity is invalid/);
  });

  it("puts an exchange's new items on a fulfillment order at the location chosen for them, held when a balance is due", async () => {
    const order = fulfilledOrder();
    const warehouse = shop.locations[1]!;
    const exchange = addReturn(shop, order, {
      lines: [{ fulfillmentLineItemId: lineOf(order, "Sourdough loaf").id, quantity: 1 }],
      exchange: [{ title: "Rye loaf", quantity: 1 }],
      exchangeLocation: warehouse,
    });
    const read = await fetchReturnForPickup(await adminFor(SHOP), exchange.id);
    const newLine = read!.exchangeLineItems.nodes[0]!.lineItems![0]!.id;
    const fo = order.fulfillmentOrders.find((f) => f.lineItems.some((l) => l.lineItemId === newLine))!;
    expect(fo).toMatchObject({ status: "OPEN", assignedLocationId: warehouse.id });

    const owing = addReturn(shop, order, {
      lines: [{ fulfillmentLineItemId: lineOf(order, "Sourdough loaf").id, quantity: 1 }],
      exchange: [{ title: "Seeded loaf", quantity: 1, price: "30.00" }],
      exchangeHold: "AWAITING_PAYMENT",
    });
    const heldLine = owing.exchangeLineItems[0]!.lineItemId;
    const held = order.fulfillmentOrders.find((f) => f.lineItems.some((l) => l.lineItemId === heldLine))!;
    expect(held.status).toBe("ON_HOLD");
    expect(held.fulfillmentHolds.map((h) => h.reason)).toEqual(["AWAITING_PAYMENT"]);
  });
});
