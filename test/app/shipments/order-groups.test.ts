import { describe, expect, it } from "vitest";
import { groupRoundTrips, roundTripWords, SAME_ORDER_SHOWN, sameOrderLines } from "~/shipments/order-groups";

const row = (
  id: string,
  orderGid: string,
  kind: string,
  trip: [string, number] | null = null,
  state = "scheduled",
) => ({
  id,
  orderGid,
  kind,
  batchReferenceId: trip?.[0] ?? null,
  batchSequence: trip?.[1] ?? null,
  state,
});

describe("an order's shipments together", () => {
  it("makes one entry per round trip, its legs in sequence, the first leg leading, in first-seen order", () => {
    const rows = [
      row("d1", "o1", "delivery"),
      row("leg2", "o2", "return_pickup", ["rt-a", 2]),
      row("r1", "o1", "return_pickup"),
      row("leg1", "o2", "delivery", ["rt-a", 1]),
    ];
    expect(groupRoundTrips(rows).map((e) => [e.lead.id, e.legs.map((l) => l.id)])).toEqual([
      ["d1", ["d1"]],
      ["leg1", ["leg1", "leg2"]],
      ["r1", ["r1"]],
    ]);
    expect(groupRoundTrips([])).toEqual([]);
  });

  it.each([
    [1, "Exchange: one round trip, 1 leg"],
    [2, "Exchange: one round trip, 2 legs"],
  ])("names a trip of %i legs", (count, words) => expect(roundTripWords(count)).toBe(words));

  it("names the order's other shipments beside one: the return beside its delivery, a trip once", () => {
    const siblings = [
      row("d1", "o1", "delivery", null, "delivered"),
      row("r1", "o1", "return_pickup"),
      row("leg1", "o1", "delivery", ["rt-b", 1]),
      row("leg2", "o1", "return_pickup", ["rt-b", 2]),
    ];
    expect(sameOrderLines(siblings, ["d1"])).toEqual([
      { id: "r1", words: "Return collection", state: "scheduled" },
      { id: "leg1", words: "Exchange: one round trip, 2 legs", state: "scheduled" },
    ]);
    expect(sameOrderLines(siblings, ["leg1", "leg2"]).map((l) => l.words)).toEqual(["Delivery", "Return collection"]);
    expect(sameOrderLines([row("d1", "o1", "delivery")], ["d1"])).toEqual([]);
    const many = Array.from({ length: SAME_ORDER_SHOWN + 3 }, (_, i) => row(`r${i}`, "o1", "return_pickup"));
    expect(sameOrderLines(many, [])).toHaveLength(SAME_ORDER_SHOWN);
  });
});
