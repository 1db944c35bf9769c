/** Form input checks shared by the extensions (before sending) and the app routes (on receipt). */
import {
  BULK_DISPATCH_MAX_ORDERS,
  LABEL_FORMATS,
  ORDER_ID_PATTERN,
  RATING_MAX,
  RATING_MIN,
  SERVICE_CODE_MAX_LENGTH,
  TIP_MAX_DOLLARS,
  TIP_MIN_DOLLARS,
  orderIdFromGid,
  type BulkDispatchRequest,
  type DeliveryWindowQuote,
  type DispatchRequest,
  type LabelFormat,
  type RatingRequest,
  type TipRequest,
} from "./api-contract";

export type Validated<T> =
  { ok: true; value: T } | { ok: false; message: string; fieldErrors?: Record<string, string> };

function invalid<T>(field: string, message: string): Validated<T> {
  return { ok: false, message, fieldErrors: { [field]: message } };
}

/** Dollars with at most two decimals; an optional leading "$" and surrounding spaces are accepted. */
const DOLLARS_PATTERN = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;

/** The tip field: "5", "5.5", "$5.50" → 5.5. Works in cents so that 0.1 + 0.2 never matters. */
export function validateTip(input: string | number): Validated<TipRequest> {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input.trim();
  if (text === "") return invalid("amountDollars", "Enter a tip amount.");
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return invalid("amountDollars", "Enter the tip in dollars, for example 5 or 7.50.");
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (cents < TIP_MIN_DOLLARS * 100) {
    return invalid("amountDollars", `The smallest tip is $${TIP_MIN_DOLLARS.toFixed(2)}.`);
  }
  if (cents > TIP_MAX_DOLLARS * 100) {
    return invalid("amountDollars", `The largest tip is $${TIP_MAX_DOLLARS.toFixed(2)}.`);
  }
  return { ok: true, value: { amountDollars: cents / 100 } };
}

/** The rating field: a whole number from 1 (poor) to 5 (excellent). */
export function validateRating(input: string | number): Validated<RatingRequest> {
  const text = typeof input === "number" ? String(input) : input.trim();
  if (text === "") return invalid("value", "Choose a rating from 1 to 5.");
  const value = /^\d$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < RATING_MIN || value > RATING_MAX) {
    return invalid("value", `The rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`);
  }
  return { ok: true, value: { value } };
}

/** The window chosen in the dispatch form must be one of the fresh quote's windows. */
export function validateWindowChoice(
  serviceCode: string,
  windows: readonly DeliveryWindowQuote[],
): Validated<DispatchRequest> {
  if (serviceCode === "" || serviceCode.length > SERVICE_CODE_MAX_LENGTH) {
    return invalid("windowServiceCode", "Choose a delivery window.");
  }
  if (!windows.some((w) => w.serviceCode === serviceCode)) {
    return invalid("windowServiceCode", "That delivery window is no longer offered. Get a new quote.");
  }
  return { ok: true, value: { windowServiceCode: serviceCode } };
}

export function isLabelFormat(value: string): value is LabelFormat {
  return (LABEL_FORMATS as readonly string[]).includes(value);
}

/**
 * The orders selected on the orders list → the bulk body. Accepts order GIDs (what the admin
 * gives) or numeric ids; duplicates are dropped, order kept.
 */
export function validateBulkSelection(ids: readonly string[]): Validated<BulkDispatchRequest> {
  const orderIds: string[] = [];
  for (const raw of ids) {
    const id = ORDER_ID_PATTERN.test(raw) ? raw : orderIdFromGid(raw);
    if (!id) return invalid("orderIds", "One of the selected items is not an order.");
    if (!orderIds.includes(id)) orderIds.push(id);
  }
  if (orderIds.length === 0) return invalid("orderIds", "Select at least one order to dispatch.");
  if (orderIds.length > BULK_DISPATCH_MAX_ORDERS) {
    return invalid(
      "orderIds",
      `Select at most ${BULK_DISPATCH_MAX_ORDERS} orders at a time (${orderIds.length} are selected).`,
    );
  }
  return { ok: true, value: { orderIds } };
}
