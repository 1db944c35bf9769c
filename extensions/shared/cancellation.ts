/**
 * Cancellation reasons in the merchant's words (the extensions' locale files, `cancellation.*`, through
 * `t`), the fee warning, and the cancel form's validation.
 */
import {
  CANCEL_COMMENT_MAX_LENGTH,
  CANCELLATION_CODES,
  SENDER_CANCELLATION_CODES,
  type CancellationCode,
  type CancelRequest,
  type SenderCancellationCode,
  type ShipmentView,
} from "./api-contract";
import type { AdminWords } from "./admin-words";
import type { Validated } from "./validation";

function isCancellationCode(code: string): code is CancellationCode {
  return (CANCELLATION_CODES as readonly string[]).includes(code);
}

export function isSenderCancellationCode(code: string): code is SenderCancellationCode {
  return (SENDER_CANCELLATION_CODES as readonly string[]).includes(code);
}

/** Label for any code the courier sends, including ones added after this list was written (its own words). */
export function cancellationLabel(code: string, t: AdminWords): string {
  // "other" as a key would read as a plural form (Shopify's { one, other } objects): it is "otherReason".
  if (isCancellationCode(code)) return t(`cancellation.reasons.${code === "other" ? "otherReason" : code}`);
  const words = code.replace(/[_-]+/g, " ").trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : t("cancellation.unknownReason");
}

/** The reasons staff can choose from, in the order shown. */
export function cancelReasonOptions(t: AdminWords): { code: SenderCancellationCode; label: string }[] {
  return SENDER_CANCELLATION_CODES.map((code) => ({ code, label: cancellationLabel(code, t) }));
}

/** Shown above the cancel button when the courier will charge for the cancellation; else null. */
export function cancelFeeWarning(shipment: Pick<ShipmentView, "cancelFeeApplies">, t: AdminWords): string | null {
  return shipment.cancelFeeApplies ? t("cancellation.feeWarning") : null;
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
