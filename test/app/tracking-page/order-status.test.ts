import { describe, expect, it } from "vitest";
import { latestPerFulfillmentOrder, phaseOf } from "~/tracking-page/order-status.server";

describe("which dispatch of each pickup the shopper follows", () => {
  const row = (id: string, fulfillmentOrderGid: string, generation: number) => ({
    id,
    fulfillmentOrderGid,
    generation,
  });

  it.each([
    { name: "no shipments", rows: [], shown: [] },
    { name: "one", rows: [row("a", "fo1", 1)], shown: ["a"] },
    { name: "a redispatch replaces the first", rows: [row("a", "fo1", 1), row("b", "fo1", 2)], shown: ["b"] },
    { name: "whatever order the rows come in", rows: [row("b", "fo1", 2), row("a", "fo1", 1)], shown: ["b"] },
    {
      name: "two pickups keep their own, in the rows' order",
      rows: [row("a", "fo1", 1), row("c", "fo2", 1), row("b", "fo1", 2)],
      shown: ["c", "b"],
    },
  ])("$name", ({ rows, shown }) => {
    expect(latestPerFulfillmentOrder(rows).map((r) => r.id)).toEqual(shown);
  });
});

describe("a delivery's phase", () => {
  it.each([
    ["en_route", null, "active"],
    ["assigned", null, "active"],
    ["delivered", null, "delivered"],
    ["attempted", "attempted", "attempted"],
    ["returned", "returned", "returned"],
    ["failed", "canceled", "canceled"],
  ] as const)("%s (outcome %s) is %s", (state, outcome, phase) => {
    expect(phaseOf(state, { outcome })).toBe(phase);
  });
});
