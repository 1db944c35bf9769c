/** Cancellation reasons in the merchant's words, the fee warning, and the cancel form's validation. */
import {
  CANCEL_COMMENT_MAX_LENGTH,
  CANCELLATION_CODES,
  SENDER_CANCELLATION_CODES,
  type CancellationCode,
  type CancelRequest,
  type SenderCancellationCode,
  type ShipmentView,
} from "./api-contract";
import type { Validated } from "./validation";

export const CANCELLATION_LABELS: Readonly<Record<CancellationCode, string>> = {
  order_canceled: "The customer canceled the order",
  duplicate_order: "Duplicate order",
  item_not_in_stock: "An item is out of stock",
  item_not_ready: "The order isn't ready for pickup",
  order_incomplete: "The order is incomplete",
  item_damaged: "An item is damaged",
  address_incorrect: "The delivery address is wrong",
  address_inaccessible: "The delivery address can't be reached",
  contact_not_available: "The customer can't be reached",
  driver_delayed: "The driver is running late",
  delivery_deadline_passed: "The delivery deadline has passed",
  item_already_delivered: "The order was already delivered another way",
  other: "Other reason (explain in the comment)",
  driver_canceled: "The driver canceled",
  wait_time_exceeded: "The driver waited too long at pickup",
  order_not_found: "The driver couldn't find the order at pickup",
  item_not_as_described: "The items weren't as described",
  cold_chain_violation: "The items couldn't be kept cold",
};

function isCancellationCode(code: string): code is CancellationCode {
  return (CANCELLATION_CODES as readonly string[]).includes(code);
}

export function isSenderCancellationCode(code: string): code is SenderCancellationCode {
  return (SENDER_CANCELLATION_CODES as readonly string[]).includes(code);
}

/** Label for any code the courier sends, including ones added after this list was written. */
export function cancellationLabel(code: string): string {
  if (isCancellationCode(code)) return CANCELLATION_LABELS[code];
  const words = code.replace(/[_-]+/g, " ").trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : "Unknown reason";
}

/** The reasons staff can choose from, in the order shown. */
export const CANCEL_REASON_OPTIONS: readonly { code: SenderCancellationCode; label: string }[] =
  SENDER_CANCELLATION_CODES.map((code) => ({ code, label: CANCELLATION_LABELS[code] }));

/** Shown above the cancel button when the courier will charge for the cancellation; else null. */
export function cancelFeeWarning(shipment: Pick<ShipmentView, "cancelFeeApplies">): string | null {
  return shipment.cancelFeeApplies
    ? "The driver is already on the way to pickup, so the courier will charge a cancellation fee."
    : null;
}

/** Checks the cancel form and builds the request body. */
export function validateCancel(input: { code: string; comment: string }): Validated<CancelRequest> {
  const fieldErrors: Record<string, string> = {};
  const comment = input.comment.trim();
  if (!isSenderCancellationCode(input.code)) fieldErrors.code = "Choose a reason for canceling.";
  if (comment.length > CANCEL_COMMENT_MAX_LENGTH) {
    fieldErrors.comment = `Keep the comment to ${CANCEL_COMMENT_MAX_LENGTH} characters or fewer.`;
  } else if (input.code === "other" && comment === "") {
    fieldErrors.comment = "Explain the reason in the comment.";
  }
  if (Object.keys(fieldErrors).length > 0 || !isSenderCancellationCode(input.code)) {
    return { ok: false, message: "Check the highlighted fields.", fieldErrors };
  }
  return { ok: true, value: { code: input.code, comment } };
}
