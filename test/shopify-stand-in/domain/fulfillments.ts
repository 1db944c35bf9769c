/**
 * Fulfillment lifecycle over the in-memory shop: fulfillmentCreate, fulfillmentTrackingInfoUpdate,
 * fulfillmentEventCreate and fulfillmentCancel. Each returns the mutation payload (with `userErrors`)
 * and changes nothing when there are errors.
 *
 * Modelling choices of the stand-in's own (kept deliberately simple and stated here):
 * - a new fulfillment's displayStatus is FULFILLED with tracking info, MARKED_AS_FULFILLED without;
 *   afterwards it follows the status of the event with the latest `happenedAt`;
 * - a partly fulfilled fulfillment order stays one order with status IN_PROGRESS; fully fulfilled → CLOSED;
 * - userError messages follow Shopify's wording where known, otherwise a plain sentence;
 * - customer notifications (`shop.notifications`): the shipping confirmation when a fulfillment is
 *   created with `notifyCustomer: true`; a shipping update when `fulfillmentTrackingInfoUpdate` has
 *   `notifyCustomer: true`, which per its docs also notifies "future updates for the fulfillment" (false
 *   stops them; left blank changes nothing and sends nothing); an OUT_FOR_DELIVERY or DELIVERED event
 *   on a fulfillment that notifies its customer sends Shopify's "Out for delivery" / "Delivered"
 *   notification, once each. `fulfillmentEventCreate` has no flag of its own, and Shopify lists no
 *   customer notification for the other statuses (app/tracking/shopper-notices.ts cites the sources).
 */
import { gid } from "../gid";
import { findRecord, register, requireRecord } from "../lookup";
import type {
  FulfillmentEventState,
  FulfillmentOrderState,
  FulfillmentState,
  FulfillmentTrackingInfoState,
  ShopState,
} from "../shop-state";
import { isoDateTime } from "../values";
import { recomputeOrderFulfillmentStatus } from "./order-status";

export type UserError = { field: string[] | null; message: string };

export type FulfillmentTrackingInput = {
  company?: string | null;
  number?: string | null;
  numbers?: string[] | null;
  url?: string | null;
  urls?: string[] | null;
};

export type FulfillmentInput = {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
  }[];
  trackingInfo?: FulfillmentTrackingInput | null;
  notifyCustomer?: boolean | null;
  originAddress?: Record<string, string | null> | null;
};

const FULFILLABLE_STATUSES = new Set(["OPEN", "IN_PROGRESS"]);

function trackingList(input: FulfillmentTrackingInput | null | undefined): FulfillmentTrackingInfoState[] {
  if (!input) return [];
  const company = input.company ?? null;
  if (input.numbers?.length || input.urls?.length) {
    const count = Math.max(input.numbers?.length ?? 0, input.urls?.length ?? 0);
    return Array.from({ length: count }, (_, i) => ({
      company,
      number: input.numbers?.[i] ?? null,
      url: input.urls?.[i] ?? null,
    }));
  }
  if (input.number == null && input.url == null && company == null) return [];
  return [{ company, number: input.number ?? null, url: input.url ?? null }];
}

type PlannedLine = { fo: FulfillmentOrderState; foLineId: string; lineItemId: string; quantity: number };

function planLines(shop: ShopState, input: FulfillmentInput): { lines: PlannedLine[]; errors: UserError[] } {
  const errors: UserError[] = [];
  const lines: PlannedLine[] = [];
  const groups = input.lineItemsByFulfillmentOrder;
  if (groups.length === 0) {
    errors.push({
      field: ["fulfillment", "lineItemsByFulfillmentOrder"],
      message: "Line items by fulfillment order can't be blank.",
    });
  }
  const fos: FulfillmentOrderState[] = [];
  groups.forEach((group, index) => {
    const field = ["fulfillment", "lineItemsByFulfillmentOrder", String(index), "fulfillmentOrderId"];
    const fo = findRecord(shop, "FulfillmentOrder", group.fulfillmentOrderId);
    if (!fo) {
      errors.push({ field, message: "Fulfillment order does not exist." });
      return;
    }
    if (!FULFILLABLE_STATUSES.has(fo.status)) {
      errors.push({
        field,
        message: `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
      });
      return;
    }
    fos.push(fo);
    const requested = group.fulfillmentOrderLineItems;
    if (!requested || requested.length === 0) {
      for (const line of fo.lineItems) {
        if (line.remainingQuantity > 0) {
          lines.push({ fo, foLineId: line.id, lineItemId: line.lineItemId, quantity: line.remainingQuantity });
        }
      }
      return;
    }
    const seen = new Set<string>();
    requested.forEach((item, itemIndex) => {
      const itemField = [
        "fulfillment",
        "lineItemsByFulfillmentOrder",
        String(index),
        "fulfillmentOrderLineItems",
        String(itemIndex),
      ];
      const line = fo.lineItems.find((l) => l.id === item.id);
      if (!line) errors.push({ field: [...itemField, "id"], message: "Fulfillment order line item does not exist." });
      else if (seen.has(item.id))
        errors.push({ field: [...itemField, "id"], message: "Fulfillment order line items must be unique." });
      else if (item.quantity <= 0)
        errors.push({ field: [...itemField, "quantity"], message: "Quantity must be greater than 0." });
      else if (item.quantity > line.remainingQuantity) {
        errors.push({
          field: [...itemField, "quantity"],
          message: "Invalid fulfillment order line item quantity requested.",
        });
      } else lines.push({ fo, foLineId: line.id, lineItemId: line.lineItemId, quantity: item.quantity });
      seen.add(item.id);
    });
  });
  const first = fos[0];
  if (first && fos.some((fo) => fo.orderId !== first.orderId || fo.assignedLocationId !== first.assignedLocationId)) {
    errors.push({
      field: ["fulfillment", "lineItemsByFulfillmentOrder"],
      message: "All fulfillment orders must belong to the same order and be assigned to the same location.",
    });
  }
  if (errors.length === 0 && lines.length === 0) {
    errors.push({ field: ["fulfillment"], message: "There are no remaining line items to fulfill." });
  }
  return { lines, errors };
}

export function createFulfillment(shop: ShopState, input: FulfillmentInput, now: Date) {
  const { lines, errors } = planLines(shop, input);
  if (errors.length > 0) return { fulfillment: null, userErrors: errors };
  const at = isoDateTime(now);
  const firstFo = lines[0]!.fo;
  const order = requireRecord(shop, "Order", firstFo.orderId);
  const tracking = trackingList(input.trackingInfo);
  const fulfillment: FulfillmentState = register(shop, {
    id: gid("Fulfillment"),
    orderId: order.id,
    locationId: firstFo.assignedLocationId,
    fulfillmentOrderIds: [...new Set(lines.map((l) => l.fo.id))],
    name: `${order.name}.${order.fulfillments.length + 1}`,
    status: "SUCCESS",
    displayStatus: tracking.length > 0 ? "FULFILLED" : "MARKED_AS_FULFILLED",
    trackingInfo: tracking,
    events: [],
    fulfillmentLineItems: lines.map((line) => ({
      id: gid("FulfillmentLineItem"),
      lineItemId: line.lineItemId,
      fulfillmentOrderLineItemId: line.foLineId,
      quantity: line.quantity,
    })),
    notifyCustomer: input.notifyCustomer ?? false,
    originAddress: input.originAddress
      ? { address1: null, address2: null, city: null, provinceCode: null, zip: null, ...input.originAddress }
      : null,
    deliveredAt: null,
    inTransitAt: null,
    estimatedDeliveryAt: null,
    createdAt: at,
    updatedAt: at,
  } satisfies FulfillmentState);
  for (const line of lines) {
    const foLine = line.fo.lineItems.find((l) => l.id === line.foLineId)!;
    foLine.remainingQuantity -= line.quantity;
  }
  for (const fo of new Set(lines.map((l) => l.fo))) {
    fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
    fo.updatedAt = at;
  }
  order.fulfillments.push(fulfillment);
  order.updatedAt = at;
  recomputeOrderFulfillmentStatus(order);
  if (fulfillment.notifyCustomer) {
    shop.notifications.push({ kind: "shipping_confirmation", orderId: order.id, fulfillmentId: fulfillment.id, at });
  }
  return { fulfillment, userErrors: [] as UserError[] };
}

export function updateTrackingInfo(
  shop: ShopState,
  args: { fulfillmentId: string; trackingInfoInput: FulfillmentTrackingInput; notifyCustomer?: boolean | null },
  now: Date,
) {
  const fulfillment = findRecord(shop, "Fulfillment", args.fulfillmentId);
  if (!fulfillment)
    return { fulfillment: null, userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }] };
  if (fulfillment.status === "CANCELLED") {
    return { fulfillment: null, userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment is cancelled." }] };
  }
  const at = isoDateTime(now);
  fulfillment.trackingInfo = trackingList(args.trackingInfoInput);
  fulfillment.updatedAt = at;
  if (args.notifyCustomer != null) fulfillment.notifyCustomer = args.notifyCustomer;
  if (args.notifyCustomer) {
    shop.notifications.push({
      kind: "shipping_update",
      orderId: fulfillment.orderId,
      fulfillmentId: fulfillment.id,
      at,
    });
  }
  return { fulfillment, userErrors: [] as UserError[] };
}

export type FulfillmentEventInput = {
  fulfillmentId: string;
  status: string;
  happenedAt?: string | null;
  estimatedDeliveryAt?: string | null;
  message?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  address1?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  zip?: string | null;
};

const IN_TRANSIT_STATUSES = new Set(["CARRIER_PICKED_UP", "IN_TRANSIT", "OUT_FOR_DELIVERY"]);

/** The event statuses with a customer notification of their own (see the modelling notes above). */
const EVENT_NOTIFICATIONS: Partial<Record<string, "out_for_delivery" | "delivered">> = {
  OUT_FOR_DELIVERY: "out_for_delivery",
  DELIVERED: "delivered",
};

export function createFulfillmentEvent(shop: ShopState, input: FulfillmentEventInput, now: Date) {
  const fulfillment = findRecord(shop, "Fulfillment", input.fulfillmentId);
  const field = ["fulfillmentEvent", "fulfillmentId"];
  if (!fulfillment) return { fulfillmentEvent: null, userErrors: [{ field, message: "Fulfillment does not exist." }] };
  if (fulfillment.status === "CANCELLED") {
    return {
      fulfillmentEvent: null,
      userErrors: [{ field, message: "Cannot create an event for a cancelled fulfillment." }],
    };
  }
  const at = isoDateTime(now);
  const event: FulfillmentEventState = register(shop, {
    id: gid("FulfillmentEvent"),
    fulfillmentId: fulfillment.id,
    status: input.status,
    happenedAt: input.happenedAt ? isoDateTime(input.happenedAt) : at,
    createdAt: at,
    estimatedDeliveryAt: input.estimatedDeliveryAt ? isoDateTime(input.estimatedDeliveryAt) : null,
    message: input.message ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    address1: input.address1 ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    country: input.country ?? null,
    zip: input.zip ?? null,
  } satisfies FulfillmentEventState);
  fulfillment.events.push(event);
  const latest = [...fulfillment.events].sort((a, b) => a.happenedAt.localeCompare(b.happenedAt)).at(-1)!;
  fulfillment.displayStatus = latest.status;
  if (event.status === "DELIVERED") fulfillment.deliveredAt = event.happenedAt;
  if (IN_TRANSIT_STATUSES.has(event.status) && !fulfillment.inTransitAt) fulfillment.inTransitAt = event.happenedAt;
  if (event.estimatedDeliveryAt) fulfillment.estimatedDeliveryAt = event.estimatedDeliveryAt;
  fulfillment.updatedAt = at;
  const notice = EVENT_NOTIFICATIONS[event.status];
  const sent = (kind: string) => shop.notifications.some((n) => n.fulfillmentId === fulfillment.id && n.kind === kind);
  if (notice && fulfillment.notifyCustomer && !sent(notice))
    shop.notifications.push({ kind: notice, orderId: fulfillment.orderId, fulfillmentId: fulfillment.id, at });
  return { fulfillmentEvent: event, userErrors: [] as UserError[] };
}

/**
 * Reverses a fulfillment: quantities return to partly fulfilled fulfillment orders; for fully
 * fulfilled (closed) ones Shopify opens a new fulfillment order at the same location.
 */
export function cancelFulfillment(shop: ShopState, id: string, now: Date) {
  const fulfillment = findRecord(shop, "Fulfillment", id);
  if (!fulfillment)
    return { fulfillment: null, userErrors: [{ field: ["id"], message: "Fulfillment does not exist." }] };
  if (fulfillment.status === "CANCELLED") {
    return { fulfillment: null, userErrors: [{ field: ["id"], message: "Fulfillment has already been cancelled." }] };
  }
  const at = isoDateTime(now);
  const order = requireRecord(shop, "Order", fulfillment.orderId);
  const reopened = new Map<string, FulfillmentOrderState>();
  for (const line of fulfillment.fulfillmentLineItems) {
    const foLine = requireRecord(shop, "FulfillmentOrderLineItem", line.fulfillmentOrderLineItemId);
    const fo = requireRecord(shop, "FulfillmentOrder", foLine.fulfillmentOrderId);
    if (fo.status !== "CLOSED") {
      foLine.remainingQuantity += line.quantity;
      if (fo.status === "IN_PROGRESS" && fo.lineItems.every((l) => l.remainingQuantity === l.totalQuantity))
        fo.status = "OPEN";
      fo.updatedAt = at;
      continue;
    }
    let replacement = reopened.get(fo.id);
    if (!replacement) {
      replacement = register<FulfillmentOrderState>(shop, {
        ...fo,
        id: gid("FulfillmentOrder"),
        status: "OPEN",
        lineItems: [],
        fulfillmentHolds: [],
        statusBeforeHold: null,
        createdAt: at,
        updatedAt: at,
      });
      reopened.set(fo.id, replacement);
      order.fulfillmentOrders.push(replacement);
    }
    replacement.lineItems.push(
      register(shop, {
        id: gid("FulfillmentOrderLineItem"),
        fulfillmentOrderId: replacement.id,
        lineItemId: line.lineItemId,
        totalQuantity: line.quantity,
        remainingQuantity: line.quantity,
      }),
    );
  }
  fulfillment.status = "CANCELLED";
  fulfillment.displayStatus = "CANCELED";
  fulfillment.updatedAt = at;
  order.updatedAt = at;
  recomputeOrderFulfillmentStatus(order);
  return { fulfillment, userErrors: [] as UserError[] };
}
