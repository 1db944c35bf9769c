import { describe, expect, it } from "vitest";
import { requestSchemas, type CreateShipmentRequest } from "~/courier/requests";
import {
  planShipments,
  type DeliveryWindowChoice,
  type DispatchSettings,
  type PickupPoint,
} from "~/dispatch/order-to-shipments";
import { impliedShipment, impliedWindow, windowOfRequest } from "~/order-changes/implied-shipment";
import {
  applyPatch,
  changeInWords,
  changeKindsInWords,
  diffShipment,
  type ChangeKind,
} from "~/order-changes/shipment-diff";
import type { OrderForDispatch } from "~/shopify-admin/orders.server";
import { foLine, fulfillmentOrder, orderForDispatch } from "../../fixtures/order-for-dispatch";

const now = new Date("2026-11-22T15:00:00Z");
const window: DeliveryWindowChoice = {
  pickupAfter: new Date("2026-11-22T16:00:00Z"),
  deliverBetween: { start: new Date("2026-11-22T16:00:00Z"), end: new Date("2026-11-22T19:00:00Z") },
};
const laterWindow: DeliveryWindowChoice = {
  pickupAfter: new Date("2026-11-23T14:00:00Z"),
  deliverBetween: { start: new Date("2026-11-23T14:00:00Z"), end: new Date("2026-11-23T17:00:00Z") },
};
const settings: DispatchSettings = {
  defaultPackage: { length: 12, width: 10, height: 8, weight: 2 },
  age21Tags: ["21+"],
  age18Tags: ["18+"],
  signatureRequired: false,
  notificationsEnabled: true,
  declineInsurance: false,
  driverNotes: { shopperInstructions: true, instructionsAttribute: "Delivery instructions", merchantNote: null },
  deliveryAreas: [],
};
const main: PickupPoint = {
  locationGid: "gid://shopify/Location/10",
  name: "Main Street Bakery",
  address: {
    address1: "1 Main St",
    address2: null,
    city: "Brooklyn",
    provinceCode: "NY",
    zip: "11201",
    countryCode: "US",
  },
  contactName: "Dana",
  contactPhone: "+17185550100",
  notes: null,
};
const FO = "gid://shopify/FulfillmentOrder/5001";

const loaf = foLine({ id: "gid://shopify/FulfillmentOrderLineItem/1", totalQuantity: 2, remainingQuantity: 2 });
const flour = foLine({
  id: "gid://shopify/FulfillmentOrderLineItem/2",
  sku: "FLOUR-5KG",
  productTitle: "Flour sack",
  variantTitle: "Default Title",
  originalUnitPriceSet: { shopMoney: { amount: "12.00" } },
});
const baseOrder = orderForDispatch({ fulfillmentOrders: { nodes: [fulfillmentOrder({ lines: [loaf, flour] })] } });

type Edit = (order: OrderForDispatch) => OrderForDispatch;
const withAddress =
  (changes: Partial<NonNullable<OrderForDispatch["shippingAddress"]>>): Edit =>
  (o) => ({ ...o, shippingAddress: { ...o.shippingAddress!, ...changes } });
const withLines =
  (lines: ReturnType<typeof foLine>[]): Edit =>
  (o) => ({ ...o, fulfillmentOrders: { nodes: [fulfillmentOrder({ lines })] } });

function requestFor(
  order: OrderForDispatch,
  w: DeliveryWindowChoice = window,
  points = new Map([[main.locationGid, main]]),
): CreateShipmentRequest {
  const implied = impliedShipment({ order, fulfillmentOrderGid: FO, pickupPoints: points, settings, window: w });
  if (implied.kind !== "request") throw new Error(`expected a request, got ${implied.kind}`);
  return implied.request;
}

const requested = requestFor(baseOrder);

describe("the courier update an order change needs", () => {
  it.each<[string, CreateShipmentRequest, string[], ChangeKind[]]>([
    [
      "address change",
      requestFor(withAddress({ address1: "9 Clinton St", address2: null, zip: "11216" })(baseOrder)),
      ["delivery_location"],
      ["delivery_address"],
    ],
    [
      "phone change",
      requestFor(withAddress({ phone: "+1 718 555 0199" })(baseOrder)),
      ["delivery_location"],
      ["recipient_phone"],
    ],
    [
      "recipient's name change",
      requestFor(withAddress({ name: "Stephanie Shipper" })(baseOrder)),
      ["delivery_location"],
      ["recipient_name"],
    ],
    [
      "map position found for the same address",
      requestFor(withAddress({ latitude: 40.69, longitude: -73.99 })(baseOrder)),
      ["delivery_location"],
      ["delivery_address"],
    ],
    [
      "quantity change",
      requestFor(withLines([{ ...loaf, remainingQuantity: 1, totalQuantity: 1 }, flour])(baseOrder)),
      ["items", "description"],
      ["items"],
    ],
    ["item removed", requestFor(withLines([loaf])(baseOrder)), ["items", "description"], ["items"]],
    [
      "item removed by a quantity of zero left",
      requestFor(withLines([loaf, { ...flour, remainingQuantity: 0 }])(baseOrder)),
      ["items", "description"],
      ["items"],
    ],
    [
      "item added",
      requestFor(
        withLines([
          loaf,
          flour,
          foLine({ id: "gid://shopify/FulfillmentOrderLineItem/3", sku: "RYE", productTitle: "Rye" }),
        ])(baseOrder),
      ),
      ["items", "description"],
      ["items"],
    ],
    [
      "an added item needs an age check",
      requestFor(
        withLines([
          loaf,
          flour,
          foLine({
            id: "gid://shopify/FulfillmentOrderLineItem/4",
            sku: "WINE",
            productTitle: "Red wine",
            tags: ["21+"],
          }),
        ])(baseOrder),
      ),
      ["items", "description", "options"],
      ["items"],
    ],
    ["window change", requestFor(baseOrder, laterWindow), ["pickup_after", "deliver_between"], ["window"]],
    [
      "only the window's end moved",
      requestFor(baseOrder, {
        ...window,
        deliverBetween: { ...window.deliverBetween, end: new Date("2026-11-22T20:00:00Z") },
      }),
      ["deliver_between"],
      ["window"],
    ],
    [
      "pickup contact change",
      requestFor(baseOrder, window, new Map([[main.locationGid, { ...main, contactPhone: "+17185550111" }]])),
      ["pickup_location"],
      ["pickup_location"],
    ],
    [
      "a new order note (the driver's delivery notes)",
      requestFor({ ...baseOrder, note: "Please ring twice" }),
      ["delivery_location"],
      ["delivery_notes"],
    ],
    [
      "address and phone together",
      requestFor(withAddress({ address1: "9 Clinton St", phone: "+17185550199" })(baseOrder)),
      ["delivery_location"],
      ["delivery_address", "recipient_phone"],
    ],
  ])("%s: only the changed fields are sent", (_case, implied, fields, kinds) => {
    const diff = diffShipment(requested, implied);
    if (!diff) throw new Error("expected a difference");
    expect(Object.keys(diff.patch).sort()).toEqual([...fields].sort());
    expect(diff.changes.map((c) => c.kind)).toEqual(kinds);
    const patch = diff.patch as Record<string, unknown>;
    for (const field of fields) expect(patch[field]).toEqual((implied as Record<string, unknown>)[field]);
    // What is sent passes the courier's own update validation.
    expect(requestSchemas(() => now).updateShipment.safeParse(diff.patch).success).toBe(true);
    // Once applied, the stored request agrees with the order: a second look finds nothing to send.
    expect(diffShipment(applyPatch(requested, diff.patch), implied)).toBeNull();
  });

  it.each<[string, Edit]>([
    ["tags", (o) => ({ ...o, tags: ["vip", "same-day-dispatched", "same-day-attention"] })],
    ["item price", withLines([{ ...loaf, originalUnitPriceSet: { shopMoney: { amount: "7.25" } } }, flour])],
    [
      "order totals and payment",
      (o) => ({
        ...o,
        subtotalPriceSet: { shopMoney: { ...o.subtotalPriceSet!.shopMoney, amount: "99.00" } },
        displayFinancialStatus: "PARTIALLY_REFUNDED" as OrderForDispatch["displayFinancialStatus"],
      }),
    ],
    [
      "shipping line price",
      (o) => ({
        ...o,
        shippingLines: {
          nodes: o.shippingLines.nodes.map((l) => ({ ...l, originalPriceSet: { shopMoney: { amount: "0.00" } } })),
        },
      }),
    ],
    ["the order's phone (the address has a phone)", (o) => ({ ...o, phone: "+12125550000" })],
    ["the same phone written differently", withAddress({ phone: "(718) 555-0134" })],
    ["address text in another case", withAddress({ address1: "123 SHIPPING STREET" })],
  ])("irrelevant change (%s): nothing to send", (_case, edit) => {
    expect(diffShipment(requested, requestFor(edit(baseOrder)))).toBeNull();
  });

  it("spells each change out for the timeline, and names only the kinds where customer data must not go", () => {
    const implied = requestFor(
      withAddress({ address1: "9 Clinton St", address2: null, zip: "11216", phone: "+17185550199" })(
        withLines([loaf])(baseOrder),
      ),
    );
    const diff = diffShipment(requested, implied, { timeZone: "America/New_York" })!;
    expect(diff.changes.map(changeInWords)).toEqual([
      "The delivery address changed from Shipping Company, 123 Shipping Street Apt 4, Brooklyn, NY 11201 to Shipping Company, 9 Clinton St, Brooklyn, NY 11216.",
      "The recipient's phone changed from 7185550134 to 7185550199.",
      "The items changed from Sourdough loaf – Large × 2; Flour sack × 1 to Sourdough loaf – Large × 2.",
    ]);
    expect(changeKindsInWords(diff.changes)).toBe("delivery address, recipient's phone, items");
    const windowDiff = diffShipment(requested, requestFor(baseOrder, laterWindow), { timeZone: "America/New_York" })!;
    expect(changeInWords(windowDiff.changes[0]!)).toBe(
      "The delivery window changed from Nov 22, 11:00 AM – 2:00 PM to Nov 23, 9:00 AM – 12:00 PM.",
    );
  });
});

describe("the window an order implies", () => {
  const fresh = () => laterWindow;
  it.each<[string, string | null, string | null, DeliveryWindowChoice]>([
    ["same window: time passing is no change", "SAMEDAY_WITHIN-3-HOURS", "SAMEDAY_WITHIN-3-HOURS", window],
    ["the shipping line now names another window", "SAMEDAY_WITHIN-3-HOURS", "SAMEDAY_TOMORROW-MORNING", laterWindow],
    ["the order no longer names one of our windows", "SAMEDAY_WITHIN-3-HOURS", null, window],
    [
      "dispatched without a window of ours (staff, or all orders in the area)",
      null,
      "SAMEDAY_TOMORROW-MORNING",
      window,
    ],
  ])("%s", (_case, dispatched, now, expected) => {
    expect(
      impliedWindow({ requested, dispatchedServiceCode: dispatched, orderServiceCode: now, freshWindow: fresh }),
    ).toEqual(expected);
  });

  it("reads the window back from the stored request (text or dates)", () => {
    expect(windowOfRequest(requested)).toEqual(window);
    expect(windowOfRequest(JSON.parse(JSON.stringify(requested)) as CreateShipmentRequest)).toEqual(window);
  });
});

describe("what the order implies for one fulfillment order", () => {
  const points = new Map([[main.locationGid, main]]);
  const imply = (order: OrderForDispatch) =>
    impliedShipment({ order, fulfillmentOrderGid: FO, pickupPoints: points, settings, window });

  it.each<[string, OrderForDispatch, string]>([
    [
      "every item removed",
      withLines([
        { ...loaf, remainingQuantity: 0 },
        { ...flour, remainingQuantity: 0 },
      ])(baseOrder),
      "nothing_to_ship",
    ],
    ["no usable phone any more", withAddress({ phone: null })({ ...baseOrder, phone: null }), "attention"],
    ["shipping address removed", { ...baseOrder, shippingAddress: null }, "order_not_deliverable"],
    [
      "the location is no longer a pickup point",
      {
        ...baseOrder,
        fulfillmentOrders: { nodes: [fulfillmentOrder({ lines: [loaf], locationId: "gid://shopify/Location/99" })] },
      },
      "not_ours",
    ],
    ["unchanged", baseOrder, "request"],
  ])("%s → %s", (_case, order, kind) => {
    expect(imply(order).kind).toBe(kind);
  });

  it("matches what dispatch itself would send (the same mapping)", () => {
    const planned = planShipments({
      order: baseOrder,
      pickupPoints: points,
      settings,
      window,
      idempotencyKeyFor: () => "k",
    }).shipments[0]!.request;
    const { idempotency_key: _key, ...rest } = planned;
    expect(requested).toEqual(rest);
  });
});
