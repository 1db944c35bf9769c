import { describe, expect, it } from "vitest";
import { firstName, orderDeliverySummary } from "~/shipments/order-summary";

describe("order delivery summary", () => {
  it("keeps the driver's first name only, ETA, photos and the attention reason", () => {
    const summary = orderDeliverySummary([
      {
        id: "s1",
        state: "en_route",
        trackingNumber: "TRK1",
        driverName: "Samantha Q. Driver",
        etaAt: new Date("2026-11-22T16:30:00Z"),
        signatoryName: null,
        photosJson: '["https://c/1/images/pickup"]',
        needsAttention: false,
        attentionReason: null,
        updatedAt: new Date("2026-11-22T16:00:00Z"),
      },
      {
        id: "s2",
        state: "canceled",
        trackingNumber: null,
        driverName: null,
        etaAt: null,
        signatoryName: null,
        photosJson: "not json",
        needsAttention: true,
        attentionReason: "No driver accepted",
        updatedAt: new Date("2026-11-22T16:05:00Z"),
      },
    ]);
    expect(summary).toEqual({
      version: 1,
      shipments: [
        {
          id: "s1",
          state: "en_route",
          trackingNumber: "TRK1",
          driverFirstName: "Samantha",
          eta: "2026-11-22T16:30:00.000Z",
          signatory: null,
          photos: ["https://c/1/images/pickup"],
          needsAttention: null,
        },
        {
          id: "s2",
          state: "canceled",
          trackingNumber: null,
          driverFirstName: null,
          eta: null,
          signatory: null,
          photos: [],
          needsAttention: "No driver accepted",
        },
      ],
      updatedAt: "2026-11-22T16:05:00.000Z",
    });
    expect(JSON.stringify(summary)).not.toContain("Driver");
  });

  it.each([
    ["  Sam  Smith ", "Sam"],
    ["", null],
    [null, null],
  ])("first name of %j is %j", (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});
