import { describe, expect, it } from "vitest";
import {
  cancelFeeWarning as cancelFeeWarningIn,
  cancellationLabel as cancellationLabelIn,
  cancelReasonOptions,
} from "../../extensions/shared/cancellation";
import { extensionWords } from "./fixtures";
import {
  CANCEL_COMMENT_MAX_LENGTH,
  CANCELLATION_CODES,
  SENDER_CANCELLATION_CODES,
} from "../../extensions/shared/api-contract";
import { validateCancel } from "../../extensions/shared/cancellation";
import {
  CANCEL_REASON_OPTIONS,
  CANCELLATION_LABELS,
  cancelFeeWarning,
  cancellationLabel,
} from "../../extensions/shared/english-words";

describe("cancellation reasons", () => {
  it("labels every courier code, each differently", () => {
    const labels = CANCELLATION_CODES.map((code) => cancellationLabel(code));
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(CANCELLATION_CODES.length);
    expect(Object.keys(CANCELLATION_LABELS).sort()).toEqual([...CANCELLATION_CODES].sort());
  });

  it("offers staff only the codes a sender gives, in a fixed order, ending with Other", () => {
    expect(CANCEL_REASON_OPTIONS.map((o) => o.code)).toEqual([...SENDER_CANCELLATION_CODES]);
    expect(CANCEL_REASON_OPTIONS.at(-1)).toEqual({ code: "other", label: "Other reason (explain in the comment)" });
    for (const driverSide of [
      "driver_canceled",
      "wait_time_exceeded",
      "order_not_found",
      "item_not_as_described",
      "cold_chain_violation",
    ]) {
      expect(CANCEL_REASON_OPTIONS.map((o) => o.code)).not.toContain(driverSide);
    }
  });

  it.each([
    ["order_canceled", "The customer canceled the order"],
    ["driver_canceled", "The driver canceled"],
    ["store_closed_early", "Store closed early"],
    ["__", "Unknown reason"],
  ])("labels %s as %j", (code, label) => {
    expect(cancellationLabel(code)).toBe(label);
  });
});

describe("cancelFeeWarning", () => {
  it("warns only when the courier will charge", () => {
    expect(cancelFeeWarning({ cancelFeeApplies: true })).toBe(
      "The driver is already on the way to pickup, so the courier will charge a cancellation fee.",
    );
    expect(cancelFeeWarning({ cancelFeeApplies: false })).toBeNull();
  });
});

describe("validateCancel", () => {
  it.each([
    [
      { code: "order_canceled", comment: "" },
      { code: "order_canceled", comment: "" },
    ],
    [
      { code: "item_not_ready", comment: "  Kitchen is late  " },
      { code: "item_not_ready", comment: "Kitchen is late" },
    ],
    [
      { code: "other", comment: "Store closes early today" },
      { code: "other", comment: "Store closes early today" },
    ],
    [
      { code: "duplicate_order", comment: "x".repeat(CANCEL_COMMENT_MAX_LENGTH) },
      { code: "duplicate_order", comment: "x".repeat(CANCEL_COMMENT_MAX_LENGTH) },
    ],
  ])("builds the body from %j", (input, body) => {
    expect(validateCancel(input)).toEqual({ ok: true, value: body });
  });

  it.each<[{ code: string; comment: string }, Record<string, string>]>([
    [{ code: "", comment: "" }, { code: "Choose a reason for canceling." }],
    [{ code: "driver_canceled", comment: "" }, { code: "Choose a reason for canceling." }],
    [{ code: "made_up", comment: "" }, { code: "Choose a reason for canceling." }],
    [{ code: "other", comment: "   " }, { comment: "Explain the reason in the comment." }],
    [
      { code: "order_canceled", comment: "x".repeat(CANCEL_COMMENT_MAX_LENGTH + 1) },
      { comment: `Keep the comment to ${CANCEL_COMMENT_MAX_LENGTH} characters or fewer.` },
    ],
  ])("refuses %j", (input, fieldErrors) => {
    expect(validateCancel(input)).toEqual({ ok: false, message: "Check the highlighted fields.", fieldErrors });
  });
});

describe("in the staff's language (the order action's locale files)", () => {
  it.each([
    ["fr", "Le client a annulé la commande", "Autre raison (à expliquer dans le commentaire)", "Raison inconnue"],
    ["es", "El cliente canceló el pedido", "Otro motivo (explícalo en el comentario)", "Motivo desconocido"],
    ["de", "Der Kunde hat die Bestellung storniert", "Anderer Grund (im Kommentar erklären)", "Unbekannter Grund"],
  ] as const)("%s", (language, first, last, unknown) => {
    const t = extensionWords("order-delivery-action", language);
    const options = cancelReasonOptions(t);
    expect(options[0]).toEqual({ code: "order_canceled", label: first });
    expect(options.at(-1)).toEqual({ code: "other", label: last });
    expect(new Set(CANCELLATION_CODES.map((code) => cancellationLabelIn(code, t))).size).toBe(
      CANCELLATION_CODES.length,
    );
    expect(cancellationLabelIn("__", t)).toBe(unknown);
    expect(cancelFeeWarningIn({ cancelFeeApplies: true }, t)).not.toBe(cancelFeeWarning({ cancelFeeApplies: true }));
  });
});
