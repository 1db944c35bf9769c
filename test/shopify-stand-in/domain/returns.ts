/**
 * Returns, exchanges, reverse fulfillment orders and reverse deliveries over the in-memory shop, as
 * Shopify's returns guides describe them: a return names fulfilled quantities (return line items) and,
 * for an exchange, new items that become order line items on a new fulfillment order of the order
 * (held when a balance is due, e.g. AWAITING_PAYMENT); an open (approved) return has reverse
 * fulfillment orders; `reverseDeliveryCreateWithShipping` adds a reverse delivery with tracking.
 *
 * Modelling choices of the stand-in's own (stated here):
 * - one reverse fulfillment order per location the returned items were fulfilled from (the Admin API
 *   does not expose where a reverse fulfillment order goes; `locationId` is only the grouping key);
 * - the exchange's fulfillment order is at `exchangeLocation` (default: the order's first fulfillment's);
 * - userError texts are plain sentences with Shopify's ReturnErrorCode codes.
 */
import { addLineItem, addProduct } from "../builders";
import { gid } from "../gid";
import { findRecord, register, requireRecord } from "../lookup";
import type {
  FulfillmentLineItemState,
  FulfillmentOrderState,
  LocationState,
  OrderState,
  ProductVariantState,
  ReturnState,
  ReverseDeliveryState,
  ReverseFulfillmentOrderState,
  ShopState,
} from "../shop-state";
import { isoDateTime } from "../values";
import { recomputeOrderFulfillmentStatus } from "./order-status";

export type ReturnInput = {
  /** Fulfilled quantities going back: a fulfillment line item of the order and how many of it. */
  lines: { fulfillmentLineItemId: string; quantity: number; note?: string }[];
  /** New items for the customer (an exchange). */
  exchange?: { variant?: ProductVariantState; quantity?: number; title?: string; price?: string }[];
  exchangeLocation?: LocationState;
  /** A hold Shopify puts on the exchange's fulfillment order (e.g. AWAITING_PAYMENT when a balance is due). */
  exchangeHold?: string;
  /** REQUESTED: a customer's request awaiting approval; OPEN (default): approved. */
  status?: "REQUESTED" | "OPEN";
  at?: Date;
};

function fulfillmentLineOf(order: OrderState, id: string): { line: FulfillmentLineItemState; locationId: string } {
  for (const fulfillment of order.fulfillments) {
    const line = fulfillment.fulfillmentLineItems.find((l) => l.id === id);
    if (line) return { line, locationId: fulfillment.locationId };
  }
  throw new Error(`Shopify stand-in: ${id} is no fulfillment line item of ${order.name}`);
}

/** Quantities of a fulfillment line item already in the order's other returns (not declined or canceled). */
function returnedBefore(order: OrderState, fulfillmentLineItemId: string): number {
  return order.returns
    .filter((r) => r.status !== "DECLINED" && r.status !== "CANCELED")
    .flatMap((r) => r.returnLineItems)
    .filter((l) => l.fulfillmentLineItemId === fulfillmentLineItemId)
    .reduce((sum, l) => sum + l.quantity, 0);
}

/** A return as Shopify holds it after `returnCreate` (OPEN) or `returnRequest` (REQUESTED). */
export function addReturn(shop: ShopState, order: OrderState, input: ReturnInput): ReturnState {
  const at = isoDateTime(input.at ?? new Date());
  if (input.lines.length === 0) throw new Error("Shopify stand-in: a return needs at least one line");
  const returnId = gid("Return");
  const record: ReturnState = register(shop, {
    id: returnId,
    orderId: order.id,
    name: `${order.name}-R${order.returns.length + 1}`,
    status: "REQUESTED",
    createdAt: at,
    requestApprovedAt: null,
    closedAt: null,
    returnLineItems: [],
    exchangeLineItems: [],
    reverseFulfillmentOrders: [],
  } satisfies ReturnState);
  for (const line of input.lines) {
    const { line: fulfilled } = fulfillmentLineOf(order, line.fulfillmentLineItemId);
    if (line.quantity < 1 || line.quantity + returnedBefore(order, fulfilled.id) > fulfilled.quantity)
      throw new Error(`Shopify stand-in: cannot return ${line.quantity} of ${fulfilled.id}`);
    record.returnLineItems.push(
      register(shop, {
        id: gid("ReturnLineItem"),
        returnId,
        fulfillmentLineItemId: fulfilled.id,
        quantity: line.quantity,
        returnReasonNote: line.note ?? "",
        customerNote: null,
      }),
    );
  }
  if (input.exchange?.length) addExchange(shop, order, record, input, at);
  order.returns.push(record);
  if ((input.status ?? "OPEN") === "OPEN") approveReturn(shop, record.id, input.at ?? new Date());
  return record;
}

function addExchange(shop: ShopState, order: OrderState, record: ReturnState, input: ReturnInput, at: string) {
  const firstFulfillmentLocation = order.fulfillments[0]?.locationId;
  const location =
    input.exchangeLocation ??
    (firstFulfillmentLocation ? requireRecord(shop, "Location", firstFulfillmentLocation) : null);
  if (!location) throw new Error("Shopify stand-in: an exchange needs a location");
  const foId = gid("FulfillmentOrder");
  const fo: FulfillmentOrderState = register(shop, {
    id: foId,
    orderId: order.id,
    assignedLocationId: location.id,
    status: input.exchangeHold ? "ON_HOLD" : "OPEN",
    requestStatus: "UNSUBMITTED",
    lineItems: [],
    fulfillmentHolds: [],
    statusBeforeHold: input.exchangeHold ? "OPEN" : null,
    deliveryMethod: order.fulfillmentOrders[0]?.deliveryMethod ?? null,
    fulfillAt: null,
    fulfillBy: null,
    createdAt: at,
    updatedAt: at,
  } satisfies FulfillmentOrderState);
  for (const item of input.exchange ?? []) {
    const variant = item.variant ?? addProduct(shop).variants[0]!;
    const line = addLineItem(shop, order, {
      variant,
      quantity: item.quantity ?? 1,
      ...(item.title ? { title: item.title } : {}),
      ...(item.price ? { price: item.price } : {}),
    });
    record.exchangeLineItems.push(
      register(shop, {
        id: gid("ExchangeLineItem"),
        returnId: record.id,
        lineItemId: line.id,
        variantId: variant.id,
        title: line.title,
        quantity: line.quantity,
      }),
    );
    fo.lineItems.push(
      register(shop, {
        id: gid("FulfillmentOrderLineItem"),
        fulfillmentOrderId: foId,
        lineItemId: line.id,
        totalQuantity: line.quantity,
        remainingQuantity: line.quantity,
      }),
    );
  }
  if (input.exchangeHold)
    fo.fulfillmentHolds.push(
      register(shop, {
        id: gid("FulfillmentHold"),
        fulfillmentOrderId: foId,
        handle: null,
        reason: input.exchangeHold,
        reasonNotes: null,
        externalId: null,
        heldByRequestingApp: false,
        notifyMerchant: false,
      }),
    );
  order.fulfillmentOrders.push(fo);
  recomputeOrderFulfillmentStatus(order);
}

/** `returnApproveRequest`: REQUESTED → OPEN, with the reverse fulfillment orders the return's items go back by. */
export function approveReturn(shop: ShopState, returnId: string, now: Date): ReturnState {
  const record = requireRecord(shop, "Return", returnId);
  if (record.status !== "REQUESTED") throw new Error(`Shopify stand-in: return ${returnId} is ${record.status}`);
  const order = requireRecord(shop, "Order", record.orderId);
  record.status = "OPEN";
  record.requestApprovedAt = isoDateTime(now);
  const byLocation = new Map<string, ReverseFulfillmentOrderState>();
  for (const line of record.returnLineItems) {
    const { locationId } = fulfillmentLineOf(order, line.fulfillmentLineItemId);
    let rfo = byLocation.get(locationId);
    if (!rfo) {
      rfo = register(shop, {
        id: gid("ReverseFulfillmentOrder"),
        returnId,
        orderId: order.id,
        locationId,
        status: "OPEN",
        lineItems: [],
        reverseDeliveries: [],
      } satisfies ReverseFulfillmentOrderState);
      byLocation.set(locationId, rfo);
      record.reverseFulfillmentOrders.push(rfo);
    }
    const rfoId = rfo.id;
    rfo.lineItems.push(
      register(shop, {
        id: gid("ReverseFulfillmentOrderLineItem"),
        reverseFulfillmentOrderId: rfoId,
        returnLineItemId: line.id,
        fulfillmentLineItemId: line.fulfillmentLineItemId,
        totalQuantity: line.quantity,
      }),
    );
  }
  return record;
}

type ReturnUserError = { field: string[] | null; message: string; code: string | null };

export type ReverseDeliveryWithShippingInput = {
  reverseFulfillmentOrderId: string;
  reverseDeliveryLineItems: { reverseFulfillmentOrderLineItemId: string; quantity: number }[];
  trackingInput?: { number?: string | null; url?: string | null } | null;
  labelInput?: { fileUrl: string } | null;
  notifyCustomer?: boolean | null;
};

const fail = (error: ReturnUserError) => ({ reverseDelivery: null, userErrors: [error] });

/** What a reverse fulfillment order line has not yet sent in a reverse delivery. */
function undelivered(rfo: ReverseFulfillmentOrderState, lineId: string): number {
  const line = rfo.lineItems.find((l) => l.id === lineId);
  if (!line) return 0;
  const sent = rfo.reverseDeliveries
    .flatMap((d) => d.lineItems)
    .filter((l) => l.reverseFulfillmentOrderLineItemId === lineId)
    .reduce((sum, l) => sum + l.quantity, 0);
  return line.totalQuantity - sent;
}

/**
 * `reverseDeliveryCreateWithShipping`: an empty line list takes every line at its total quantity (as
 * documented); a label file is not modelled (the app sends none).
 */
export function createReverseDeliveryWithShipping(shop: ShopState, input: ReverseDeliveryWithShippingInput, now: Date) {
  if (input.labelInput) throw new Error("Shopify stand-in does not implement reverse delivery labels");
  const rfo = findRecord(shop, "ReverseFulfillmentOrder", input.reverseFulfillmentOrderId);
  if (!rfo)
    return fail({
      field: ["reverseFulfillmentOrderId"],
      code: "NOT_FOUND",
      message: "Reverse fulfillment order not found.",
    });
  if (rfo.status !== "OPEN")
    return fail({
      field: ["reverseFulfillmentOrderId"],
      code: "INVALID_STATE",
      message: `The reverse fulfillment order is ${rfo.status.toLowerCase()}.`,
    });
  const requested =
    input.reverseDeliveryLineItems.length > 0
      ? input.reverseDeliveryLineItems
      : rfo.lineItems.map((l) => ({ reverseFulfillmentOrderLineItemId: l.id, quantity: l.totalQuantity }));
  for (const [index, line] of requested.entries()) {
    const field = ["reverseDeliveryLineItems", String(index)];
    if (!rfo.lineItems.some((l) => l.id === line.reverseFulfillmentOrderLineItemId))
      return fail({
        field: [...field, "reverseFulfillmentOrderLineItemId"],
        code: "NOT_FOUND",
        message: "Line item not found.",
      });
    if (line.quantity < 1 || line.quantity > undelivered(rfo, line.reverseFulfillmentOrderLineItemId))
      return fail({ field: [...field, "quantity"], code: "INVALID", message: "Quantity is invalid." });
  }
  const url = input.trackingInput?.url ?? null;
  if (url !== null && !/^https?:\/\//.test(url))
    return fail({ field: ["trackingInput", "url"], code: "INVALID", message: "Url is invalid." });
  const id = gid("ReverseDelivery");
  const delivery: ReverseDeliveryState = register(shop, {
    id,
    reverseFulfillmentOrderId: rfo.id,
    lineItems: requested.map((line) =>
      register(shop, {
        id: gid("ReverseDeliveryLineItem"),
        reverseDeliveryId: id,
        reverseFulfillmentOrderLineItemId: line.reverseFulfillmentOrderLineItemId,
        quantity: line.quantity,
      }),
    ),
    tracking:
      input.trackingInput && (input.trackingInput.number || url)
        ? { carrierName: null, number: input.trackingInput.number ?? null, url }
        : null,
    notifyCustomer: input.notifyCustomer ?? true,
    createdAt: isoDateTime(now),
  } satisfies ReverseDeliveryState);
  rfo.reverseDeliveries.push(delivery);
  return { reverseDelivery: delivery, userErrors: [] };
}

export type ReverseDeliveryShippingUpdateInput = {
  reverseDeliveryId: string;
  trackingInput?: { number?: string | null; url?: string | null } | null;
  labelInput?: { fileUrl: string } | null;
  notifyCustomer?: boolean | null;
};

/**
 * `reverseDeliveryShippingUpdate`: replaces the reverse delivery's tracking (number and URL) while its
 * reverse fulfillment order is open; a label file is not modelled (the app sends none). A field left
 * out keeps its value, as Shopify documents for an update.
 */
export function updateReverseDeliveryShipping(shop: ShopState, input: ReverseDeliveryShippingUpdateInput) {
  if (input.labelInput) throw new Error("Shopify stand-in does not implement reverse delivery labels");
  const delivery = findRecord(shop, "ReverseDelivery", input.reverseDeliveryId);
  if (!delivery)
    return fail({ field: ["reverseDeliveryId"], code: "NOT_FOUND", message: "Reverse delivery not found." });
  const rfo = requireRecord(shop, "ReverseFulfillmentOrder", delivery.reverseFulfillmentOrderId);
  if (rfo.status !== "OPEN")
    return fail({
      field: ["reverseDeliveryId"],
      code: "INVALID_STATE",
      message: `The reverse fulfillment order is ${rfo.status.toLowerCase()}.`,
    });
  const url = input.trackingInput?.url ?? null;
  if (url !== null && !/^https?:\/\//.test(url))
    return fail({ field: ["trackingInput", "url"], code: "INVALID", message: "Url is invalid." });
  if (input.trackingInput) {
    const before = delivery.tracking;
    delivery.tracking = {
      carrierName: before?.carrierName ?? null,
      number: input.trackingInput.number ?? before?.number ?? null,
      url: url ?? before?.url ?? null,
    };
  }
  if (input.notifyCustomer != null) delivery.notifyCustomer = input.notifyCustomer;
  return { reverseDelivery: delivery, userErrors: [] };
}
