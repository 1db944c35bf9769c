/** fulfillmentOrderHold / fulfillmentOrderReleaseHold over the in-memory shop (API 2025-01+ rules). */
import { gid } from "../gid";
import { findRecord, register, requireRecord } from "../lookup";
import type { FulfillmentHoldState, FulfillmentOrderState, ShopState } from "../shop-state";
import { isoDateTime } from "../values";
import { recomputeOrderFulfillmentStatus } from "./order-status";

export const MAX_ACTIVE_HOLDS_PER_APP = 10;
export const MAX_HOLD_HANDLE_LENGTH = 64;
const HOLDABLE_STATUSES = new Set(["OPEN", "IN_PROGRESS", "SCHEDULED", "ON_HOLD"]);

type HoldUserError = { field: string[] | null; message: string; code: string | null };

export type FulfillmentOrderHoldInput = {
  reason: string;
  reasonNotes?: string | null;
  notifyMerchant?: boolean | null;
  handle?: string | null;
  externalId?: string | null;
  fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
};

function fail(error: HoldUserError) {
  return { fulfillmentHold: null, fulfillmentOrder: null, remainingFulfillmentOrder: null, userErrors: [error] };
}

function validateLines(fo: FulfillmentOrderState, lines: { id: string; quantity: number }[]): HoldUserError | null {
  const field = ["fulfillmentHold", "fulfillmentOrderLineItems"];
  if (fo.status === "ON_HOLD") {
    return {
      field,
      code: "FULFILLMENT_ORDER_NOT_SPLITTABLE",
      message: "The fulfillment order is already on hold and cannot be split.",
    };
  }
  const ids = lines.map((l) => l.id);
  if (new Set(ids).size !== ids.length) {
    return {
      field,
      code: "DUPLICATED_FULFILLMENT_ORDER_LINE_ITEMS",
      message: "The fulfillment order line items must be unique.",
    };
  }
  for (const line of lines) {
    const foLine = fo.lineItems.find((l) => l.id === line.id);
    if (line.quantity <= 0)
      return { field, code: "GREATER_THAN_ZERO", message: "The quantity must be greater than 0." };
    if (!foLine || line.quantity > foLine.remainingQuantity) {
      return { field, code: "INVALID_LINE_ITEM_QUANTITY", message: "The line item quantity is invalid." };
    }
  }
  return null;
}

/** Moves the quantities that are not held to a new fulfillment order (Shopify splits on partial holds). */
function splitOff(shop: ShopState, fo: FulfillmentOrderState, held: { id: string; quantity: number }[], at: string) {
  const rest = fo.lineItems
    .map((line) => ({ line, quantity: line.remainingQuantity - (held.find((h) => h.id === line.id)?.quantity ?? 0) }))
    .filter((r) => r.quantity > 0);
  if (rest.length === 0) return null;
  const remaining = register<FulfillmentOrderState>(shop, {
    ...fo,
    id: gid("FulfillmentOrder"),
    lineItems: [],
    fulfillmentHolds: [],
    statusBeforeHold: null,
    createdAt: at,
    updatedAt: at,
  });
  for (const { line, quantity } of rest) {
    line.totalQuantity -= quantity;
    line.remainingQuantity -= quantity;
    remaining.lineItems.push(
      register(shop, {
        id: gid("FulfillmentOrderLineItem"),
        fulfillmentOrderId: remaining.id,
        lineItemId: line.lineItemId,
        totalQuantity: quantity,
        remainingQuantity: quantity,
      }),
    );
  }
  fo.lineItems = fo.lineItems.filter((line) => line.totalQuantity > 0);
  requireRecord(shop, "Order", fo.orderId).fulfillmentOrders.push(remaining);
  return remaining;
}

export function holdFulfillmentOrder(shop: ShopState, id: string, input: FulfillmentOrderHoldInput, now: Date) {
  const fo = findRecord(shop, "FulfillmentOrder", id);
  if (!fo)
    return fail({
      field: ["id"],
      code: "FULFILLMENT_ORDER_NOT_FOUND",
      message: "The fulfillment order could not be found.",
    });
  if (!HOLDABLE_STATUSES.has(fo.status)) {
    return fail({
      field: ["id"],
      code: null,
      message: `The fulfillment order cannot be put on hold while its status is ${fo.status.toLowerCase()}.`,
    });
  }
  const appHolds = fo.fulfillmentHolds.filter((h) => h.heldByRequestingApp);
  if (appHolds.length >= MAX_ACTIVE_HOLDS_PER_APP) {
    return fail({
      field: ["id"],
      code: "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
      message:
        "The maximum number of fulfillment holds for this fulfillment order has been reached for this app. An app can only have up to 10 holds on a single fulfillment order at any one time.",
    });
  }
  const handle = input.handle ?? "";
  if (handle.length > MAX_HOLD_HANDLE_LENGTH) {
    return fail({
      field: ["fulfillmentHold", "handle"],
      code: null,
      message: "Handle is too long (maximum is 64 characters).",
    });
  }
  if (appHolds.some((h) => (h.handle ?? "") === handle)) {
    return fail({
      field: ["fulfillmentHold", "handle"],
      code: "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
      message:
        "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
    });
  }
  const lines = input.fulfillmentOrderLineItems ?? [];
  if (lines.length > 0) {
    const error = validateLines(fo, lines);
    if (error) return fail(error);
  }
  const at = isoDateTime(now);
  const remainingFulfillmentOrder = lines.length > 0 ? splitOff(shop, fo, lines, at) : null;
  const hold: FulfillmentHoldState = register(shop, {
    id: gid("FulfillmentHold"),
    fulfillmentOrderId: fo.id,
    handle,
    reason: input.reason,
    reasonNotes: input.reasonNotes ?? null,
    externalId: input.externalId ?? null,
    heldByRequestingApp: true,
    notifyMerchant: input.notifyMerchant ?? false,
  });
  fo.fulfillmentHolds.push(hold);
  if (fo.status !== "ON_HOLD") fo.statusBeforeHold = fo.status;
  fo.status = "ON_HOLD";
  fo.updatedAt = at;
  recomputeOrderFulfillmentStatus(requireRecord(shop, "Order", fo.orderId));
  return { fulfillmentHold: hold, fulfillmentOrder: fo, remainingFulfillmentOrder, userErrors: [] as HoldUserError[] };
}

export function releaseFulfillmentOrderHold(
  shop: ShopState,
  args: { id: string; holdIds?: string[] | null; externalId?: string | null },
  now: Date,
) {
  const fo = findRecord(shop, "FulfillmentOrder", args.id);
  const failure = (error: HoldUserError) => ({ fulfillmentOrder: null, userErrors: [error] });
  if (!fo)
    return failure({
      field: ["id"],
      code: "FULFILLMENT_ORDER_NOT_FOUND",
      message: "The fulfillment order could not be found.",
    });
  if (fo.status !== "ON_HOLD")
    return failure({ field: ["id"], code: null, message: "The fulfillment order is not on hold." });
  const releasing = args.holdIds ? args.holdIds : fo.fulfillmentHolds.map((h) => h.id);
  for (const holdId of releasing) {
    const hold = fo.fulfillmentHolds.find((h) => h.id === holdId);
    if (!hold)
      return failure({
        field: ["holdIds"],
        code: null,
        message: `The fulfillment hold ${holdId} could not be found on this fulfillment order.`,
      });
    if (!hold.heldByRequestingApp)
      return failure({
        field: ["holdIds"],
        code: "INVALID_ACCESS",
        message: "The app cannot release a hold placed by another app.",
      });
  }
  fo.fulfillmentHolds = fo.fulfillmentHolds.filter((h) => !releasing.includes(h.id));
  if (fo.fulfillmentHolds.length === 0) {
    fo.status = fo.statusBeforeHold ?? "OPEN";
    fo.statusBeforeHold = null;
  }
  fo.updatedAt = isoDateTime(now);
  recomputeOrderFulfillmentStatus(requireRecord(shop, "Order", fo.orderId));
  return { fulfillmentOrder: fo, userErrors: [] as HoldUserError[] };
}
