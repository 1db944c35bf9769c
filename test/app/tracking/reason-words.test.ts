import { describe, expect, it } from "vitest";
import { cancellationInWords, returnCodeInWords } from "~/tracking/reason-words";

describe("the courier's reasons in words", () => {
  it.each([
    ["driver_canceled", undefined, "the driver canceled"],
    ["driver_canceled", "The driver canceled (flat tire).", "the driver canceled (flat tire)"],
    ["driver_canceled", "Flat tire.", "the driver canceled (Flat tire)"],
    ["order_canceled", "  ", "the order was canceled"],
    ["new_code", undefined, "new code"],
    [undefined, undefined, "no reason given"],
  ])("cancellation %s with notes %j: %s", (code, notes, words) => {
    expect(cancellationInWords(code, notes)).toBe(words);
  });

  it("says a return's reason once", () => {
    expect(returnCodeInWords("recipient_unavailable", "The recipient was not available.")).toBe(
      "the recipient was not available",
    );
    expect(returnCodeInWords("recipient_unavailable", "Nobody home")).toBe(
      "the recipient was not available (Nobody home)",
    );
  });
});
