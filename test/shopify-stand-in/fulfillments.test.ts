import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../support/msw-server";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/test-env";
import { addOrder, createShopifyStandIn, type GraphqlProblem, type OrderState } from "./index";
import { adminClient } from "./library";

const SHOP = "demo-shop.myshopify.com";
const NOW = new Date("2026-11-21T15:00:00Z");

function setup() {
  const problems: GraphqlProblem[] = [];
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    clock: () => NOW,
    onInvalidOperation: (problem) => void problems.push(problem),
  });
  const shop = standIn.addShop({ myshopifyDomain: SHOP });
  mswServer.use(...standIn.handlers);
  const client = adminClient(SHOP, standIn.issueAccessToken(SHOP));
  const request = async <T>(query: string, variables: Record<string, unknown> = {}) =>
    (await client.request<T>(query, { variables })).data!;
  return { standIn, shop, request, problems };
}

const FULFILLMENT_CREATE = `#graphql
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status displayStatus name trackingInfo { company number url } }
      userErrors { field message }
    }
  }`;

const EVENT_CREATE = `#graphql
  mutation FulfillmentEventCreate($event: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $event) {
      fulfillmentEvent { id status happenedAt message }
      userErrors { field message }
    }
  }`;

const ORDER_FULFILLMENT_STATE = `#graphql
  query OrderFulfillmentState($id: ID!) {
    order(id: $id) {
      displayFulfillmentStatus
      fulfillmentOrders(first: 5) { nodes { status lineItems(first: 5) { nodes { totalQuantity remainingQuantity } } } }
      fulfillments(first: 5) {
        status displayStatus deliveredAt
        trackingInfo(first: 1) { number url }
        events(first: 10) { nodes { status happenedAt message latitude longitude } }
      }
    }
  }`;

type CreatePayload = {
  fulfillmentCreate: {
    fulfillment: { id: string; status: string; displayStatus: string; name: string } | null;
    userErrors: { field: string[]; message: string }[];
  };
};
type EventPayload = {
  fulfillmentEventCreate: { fulfillmentEvent: { status: string } | null; userErrors: { message: string }[] };
};

function foLines(order: OrderState) {
  return order.fulfillmentOrders[0]!.lineItems;
}

describe("Shopify stand-in: fulfillments through @shopify/shopify-api", () => {
  beforeEach(() => mswServer.resetHandlers());

  it("fulfillmentCreate and fulfillmentEventCreate change the state a later query reads back", async () => {
    const { shop, request, standIn, problems } = setup();
    const order = addOrder(shop, { lineItems: [{ quantity: 2 }, { quantity: 1 }] });
    const fo = order.fulfillmentOrders[0]!;

    const created = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
        trackingInfo: { company: "Same-day courier", number: "JOB-123", url: "https://track.example/JOB-123" },
        notifyCustomer: true,
      },
    });
    expect(created.fulfillmentCreate).toEqual({
      fulfillment: {
        id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
        status: "SUCCESS",
        displayStatus: "FULFILLED",
        name: "#1001.1",
        trackingInfo: [{ company: "Same-day courier", number: "JOB-123", url: "https://track.example/JOB-123" }],
      },
      userErrors: [],
    });
    const fulfillmentId = created.fulfillmentCreate.fulfillment!.id;

    for (const [status, happenedAt, extra] of [
      ["CARRIER_PICKED_UP", "2026-11-21T15:10:00Z", { message: "Driver Sam picked up the order" }],
      ["OUT_FOR_DELIVERY", "2026-11-21T15:20:00Z", { latitude: 40.75, longitude: -73.99 }],
      ["DELIVERED", "2026-11-21T15:40:00Z", {}],
    ] as const) {
      const event = await request<EventPayload>(EVENT_CREATE, {
        event: { fulfillmentId, status, happenedAt, ...extra },
      });
      expect(event.fulfillmentEventCreate).toMatchObject({ fulfillmentEvent: { status }, userErrors: [] });
    }

    const state = await request<{ order: unknown }>(ORDER_FULFILLMENT_STATE, { id: order.id });
    expect(state.order).toEqual({
      displayFulfillmentStatus: "FULFILLED",
      fulfillmentOrders: {
        nodes: [
          {
            status: "CLOSED",
            lineItems: {
              nodes: [
                { totalQuantity: 2, remainingQuantity: 0 },
                { totalQuantity: 1, remainingQuantity: 0 },
              ],
            },
          },
        ],
      },
      fulfillments: [
        {
          status: "SUCCESS",
          displayStatus: "DELIVERED",
          deliveredAt: "2026-11-21T15:40:00Z",
          trackingInfo: [{ number: "JOB-123", url: "https://track.example/JOB-123" }],
          events: {
            nodes: [
              {
                status: "CARRIER_PICKED_UP",
                happenedAt: "2026-11-21T15:10:00Z",
                message: "Driver Sam picked up the order",
                latitude: null,
                longitude: null,
              },
              {
                status: "OUT_FOR_DELIVERY",
                happenedAt: "2026-11-21T15:20:00Z",
                message: null,
                latitude: 40.75,
                longitude: -73.99,
              },
              {
                status: "DELIVERED",
                happenedAt: "2026-11-21T15:40:00Z",
                message: null,
                latitude: null,
                longitude: null,
              },
            ],
          },
        },
      ],
    });
    expect(shop.notifications).toEqual([
      { kind: "shipping_confirmation", orderId: order.id, fulfillmentId, at: "2026-11-21T15:00:00Z" },
      { kind: "out_for_delivery", orderId: order.id, fulfillmentId, at: "2026-11-21T15:00:00Z" },
      { kind: "delivered", orderId: order.id, fulfillmentId, at: "2026-11-21T15:00:00Z" },
    ]);
    expect(standIn.log.map((e) => e.operationName)).toEqual([
      "FulfillmentCreate",
      "FulfillmentEventCreate",
      "FulfillmentEventCreate",
      "FulfillmentEventCreate",
      "OrderFulfillmentState",
    ]);
    expect(problems).toEqual([]);
  });

  it("fulfills part of a fulfillment order, moves the remaining quantities and leaves it in progress", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop, { lineItems: [{ quantity: 3 }] });
    const line = foLines(order)[0]!;
    const created = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: order.fulfillmentOrders[0]!.id,
            fulfillmentOrderLineItems: [{ id: line.id, quantity: 2 }],
          },
        ],
      },
    });
    expect(created.fulfillmentCreate.fulfillment?.displayStatus).toBe("MARKED_AS_FULFILLED");
    expect([line.remainingQuantity, order.fulfillmentOrders[0]!.status, order.displayFulfillmentStatus]).toEqual([
      1,
      "IN_PROGRESS",
      "PARTIALLY_FULFILLED",
    ]);
  });

  it.each([
    [
      "more than remains",
      (o: OrderState) => [{ id: foLines(o)[0]!.id, quantity: 5 }],
      "Invalid fulfillment order line item quantity requested.",
    ],
    [
      "a line of another fulfillment order",
      () => [{ id: "gid://shopify/FulfillmentOrderLineItem/1", quantity: 1 }],
      "Fulfillment order line item does not exist.",
    ],
    [
      "a zero quantity",
      (o: OrderState) => [{ id: foLines(o)[0]!.id, quantity: 0 }],
      "Quantity must be greater than 0.",
    ],
  ])("refuses to fulfill %s, changing nothing", async (_case, lines, message) => {
    const { shop, request } = setup();
    const order = addOrder(shop, { lineItems: [{ quantity: 1 }] });
    const result = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: order.fulfillmentOrders[0]!.id, fulfillmentOrderLineItems: lines(order) },
        ],
      },
    });
    expect(result.fulfillmentCreate).toMatchObject({ fulfillment: null, userErrors: [{ message }] });
    expect([foLines(order)[0]!.remainingQuantity, order.fulfillments]).toEqual([1, []]);
  });

  it.each(["CLOSED", "ON_HOLD", "CANCELLED", "SCHEDULED"] as const)(
    "refuses to fulfill a fulfillment order that is %s",
    async (status) => {
      const { shop, request } = setup();
      const order = addOrder(shop, { fulfillmentOrderStatus: status });
      const fo = order.fulfillmentOrders[0]!;
      const result = await request<CreatePayload>(FULFILLMENT_CREATE, {
        fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] },
      });
      expect(result.fulfillmentCreate.userErrors).toEqual([
        {
          field: ["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderId"],
          message: `Fulfillment order ${fo.id} has an unfulfillable status= ${status.toLowerCase()}.`,
        },
      ]);
    },
  );

  it.each([
    "LABEL_PURCHASED",
    "LABEL_PRINTED",
    "READY_FOR_PICKUP",
    "CONFIRMED",
    "CARRIER_PICKED_UP",
    "IN_TRANSIT",
    "OUT_FOR_DELIVERY",
    "ATTEMPTED_DELIVERY",
    "DELAYED",
    "DELIVERED",
    "FAILURE",
  ])("a %s event becomes the fulfillment's display status", async (status) => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const created = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    });
    await request<EventPayload>(EVENT_CREATE, {
      event: { fulfillmentId: created.fulfillmentCreate.fulfillment!.id, status },
    });
    expect(order.fulfillments[0]!.displayStatus).toBe(status);
  });

  it("notifies the customer of out for delivery and delivered only on a fulfillment that notifies, once each", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop, { lineItems: [{ quantity: 1 }, { quantity: 1 }] });
    const fo = order.fulfillmentOrders[0]!;
    const fulfill = async (line: number, notifyCustomer?: boolean) =>
      (
        await request<CreatePayload>(FULFILLMENT_CREATE, {
          fulfillment: {
            lineItemsByFulfillmentOrder: [
              { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: fo.lineItems[line]!.id, quantity: 1 }] },
            ],
            ...(notifyCustomer === undefined ? {} : { notifyCustomer }),
          },
        })
      ).fulfillmentCreate.fulfillment!.id;
    const quiet = await fulfill(0);
    const loud = await fulfill(1, true);
    for (const fulfillmentId of [quiet, loud])
      for (const status of [
        "CARRIER_PICKED_UP",
        "OUT_FOR_DELIVERY",
        "DELAYED",
        "ATTEMPTED_DELIVERY",
        "OUT_FOR_DELIVERY",
      ])
        await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId, status } });
    await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: loud, status: "FAILURE" } });
    expect(shop.notifications.map((n) => [n.kind, n.fulfillmentId])).toEqual([
      ["shipping_confirmation", loud],
      ["out_for_delivery", loud],
    ]);
  });

  it("a tracking update with notifyCustomer notifies now and of the later events; false stops them", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const created = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    });
    const id = created.fulfillmentCreate.fulfillment!.id;
    const track = (notifyCustomer: boolean | null) =>
      request(
        `mutation Track($id: ID!, $tracking: FulfillmentTrackingInput!, $notify: Boolean) {
          fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $tracking, notifyCustomer: $notify) { userErrors { message } }
        }`,
        { id, tracking: { number: "JOB-9", company: "Same-day courier" }, notify: notifyCustomer },
      );
    await track(null);
    await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: id, status: "OUT_FOR_DELIVERY" } });
    expect(shop.notifications).toEqual([]);
    await track(true);
    await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: id, status: "ATTEMPTED_DELIVERY" } });
    await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: id, status: "OUT_FOR_DELIVERY" } });
    await track(false);
    await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: id, status: "DELIVERED" } });
    expect(shop.notifications.map((n) => n.kind)).toEqual(["shipping_update", "out_for_delivery"]);
  });

  it("updates tracking info, and cancelling a fulfillment reopens its quantities in a new fulfillment order", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop, { lineItems: [{ quantity: 2 }] });
    const created = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders[0]!.id }] },
    });
    const id = created.fulfillmentCreate.fulfillment!.id;
    const updated = await request<{
      fulfillmentTrackingInfoUpdate: { fulfillment: { trackingInfo: { number: string }[] }; userErrors: unknown[] };
    }>(
      `mutation Track($id: ID!, $tracking: FulfillmentTrackingInput!) {
        fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $tracking, notifyCustomer: true) { fulfillment { trackingInfo { number } } userErrors { message } }
      }`,
      { id, tracking: { number: "JOB-9", url: "https://track.example/JOB-9", company: "Same-day courier" } },
    );
    expect(updated.fulfillmentTrackingInfoUpdate).toEqual({
      fulfillment: { trackingInfo: [{ number: "JOB-9" }] },
      userErrors: [],
    });
    expect(shop.notifications.map((n) => n.kind)).toEqual(["shipping_update"]);

    const cancelled = await request<{
      fulfillmentCancel: { fulfillment: { status: string; displayStatus: string }; userErrors: unknown[] };
    }>(
      `mutation Cancel($id: ID!) { fulfillmentCancel(id: $id) { fulfillment { status displayStatus } userErrors { message } } }`,
      { id },
    );
    expect(cancelled.fulfillmentCancel).toEqual({
      fulfillment: { status: "CANCELLED", displayStatus: "CANCELED" },
      userErrors: [],
    });
    expect(order.fulfillmentOrders.map((fo) => [fo.status, fo.lineItems.map((l) => l.remainingQuantity)])).toEqual([
      ["CLOSED", [0]],
      ["OPEN", [2]],
    ]);
    expect(order.displayFulfillmentStatus).toBe("UNFULFILLED");
    const event = await request<EventPayload>(EVENT_CREATE, { event: { fulfillmentId: id, status: "DELIVERED" } });
    expect(event.fulfillmentEventCreate.userErrors).toEqual([
      { field: ["fulfillmentEvent", "fulfillmentId"], message: "Cannot create an event for a cancelled fulfillment." },
    ]);
  });

  it("holds a fulfillment order, refuses to fulfill it, and releases the hold", async () => {
    const { shop, request } = setup();
    const order = addOrder(shop);
    const fo = order.fulfillmentOrders[0]!;
    const held = await request<{
      fulfillmentOrderHold: {
        fulfillmentHold: { id: string; displayReason: string; handle: string };
        fulfillmentOrder: { status: string };
        userErrors: unknown[];
      };
    }>(
      `mutation Hold($id: ID!, $hold: FulfillmentOrderHoldInput!) {
        fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) { fulfillmentHold { id displayReason handle } fulfillmentOrder { status } userErrors { field message code } }
      }`,
      {
        id: fo.id,
        hold: {
          reason: "INCORRECT_ADDRESS",
          reasonNotes: "Courier cannot geocode the address",
          handle: "courier-address",
        },
      },
    );
    expect(held.fulfillmentOrderHold).toMatchObject({
      fulfillmentHold: { displayReason: "Incorrect address", handle: "courier-address" },
      fulfillmentOrder: { status: "ON_HOLD" },
      userErrors: [],
    });
    expect(order.displayFulfillmentStatus).toBe("ON_HOLD");
    const duplicate = await request<{ fulfillmentOrderHold: { userErrors: { code: string }[] } }>(
      `mutation Hold($id: ID!, $hold: FulfillmentOrderHoldInput!) { fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) { userErrors { code } } }`,
      { id: fo.id, hold: { reason: "OTHER", handle: "courier-address" } },
    );
    expect(duplicate.fulfillmentOrderHold.userErrors).toEqual([{ code: "DUPLICATE_FULFILLMENT_HOLD_HANDLE" }]);
    const refused = await request<CreatePayload>(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] },
    });
    expect(refused.fulfillmentCreate.userErrors[0]?.message).toBe(
      `Fulfillment order ${fo.id} has an unfulfillable status= on_hold.`,
    );

    const released = await request<{
      fulfillmentOrderReleaseHold: { fulfillmentOrder: { status: string }; userErrors: unknown[] };
    }>(
      `mutation Release($id: ID!, $holdIds: [ID!]) { fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) { fulfillmentOrder { status } userErrors { message } } }`,
      { id: fo.id, holdIds: [held.fulfillmentOrderHold.fulfillmentHold.id] },
    );
    expect(released.fulfillmentOrderReleaseHold).toEqual({ fulfillmentOrder: { status: "OPEN" }, userErrors: [] });
    expect(order.displayFulfillmentStatus).toBe("UNFULFILLED");
  });
});
