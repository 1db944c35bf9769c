import { describe, expect, it } from "vitest";
import { REFERENCE_ID_MAX } from "~/courier/limits";
import { returnLegReference } from "~/returns/courier-reference";

describe("the courier's reference for a return's legs", () => {
  it.each([
    ["#1001", "#1001-R1", "return", "#1001 return"],
    ["#1001", "#1001-R1", "exchange", "#1001 exchange"],
    ["#1001", "#1001-R2", "return", "#1001 return 2"],
    ["#1001", "#1001-R12", "exchange", "#1001 exchange 12"],
    // A name Shopify did not derive from the order's: the order and the kind only.
    ["#1001", "Return 7", "return", "#1001 return"],
    ["#1001", "#1001-Rx", "return", "#1001 return"],
    ["#1001", "#1001-R0", "return", "#1001 return"],
    ["CA-1001", "CA-1001-R3", "return", "CA-1001 return 3"],
  ] as const)("%s, %s, %s → %s", (order, ret, kind, reference) => {
    expect(returnLegReference(order, ret, kind)).toBe(reference);
  });

  it("stays within the courier's limit", () => {
    const long = `#${"9".repeat(120)}`;
    expect(returnLegReference(long, `${long}-R1`, "exchange")).toHaveLength(REFERENCE_ID_MAX);
  });
});
