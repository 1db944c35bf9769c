import { describe, expect, it } from "vitest";
import { minutesToPickupLabel, todayBoard, type TodayRow } from "~/routes/app._index/today";

describe("minutesToPickupLabel", () => {
  it.each<[number | null, string]>([
    [null, ""],
    [0, "pickup now"],
    [25, "pickup in 25 min"],
    [60, "pickup in 1 h"],
    [125, "pickup in 2 h 5 min"],
    [-12, "pickup 12 min ago"],
  ])("%s → %s", (minutes, label) => {
    expect(minutesToPickupLabel(minutes)).toBe(label);
  });
});

describe("todayBoard: an exchange's round trip", () => {
  const now = new Date("2026-11-28T15:00:00Z");
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const row = (id: string, over: Partial<TodayRow>): TodayRow => ({
    id,
    orderName: "#1003",
    locationGid: "gid://shopify/Location/1",
    fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${id}`,
    generation: 1,
    state: "scheduled",
    pickupAfter: at(30),
    deliverStart: at(60),
    deliverEnd: at(120),
    driverName: null,
    needsAttention: false,
    ...over,
  });
  const locations = [{ locationGid: "gid://shopify/Location/1", name: "Main" }];
  const trip = (first: Partial<TodayRow>, second: Partial<TodayRow>) => [
    row("leg2", { kind: "return_pickup", batchReferenceId: "rt-1", batchSequence: 2, ...second }),
    row("leg1", { batchReferenceId: "rt-1", batchSequence: 1, ...first }),
    row("solo", { orderName: "#1001", pickupAfter: at(10) }),
  ];

  it("shows the trip once with its legs in order, where its leg under way stands", () => {
    const [day] = todayBoard(trip({ state: "delivered" }, { state: "en_route" }), locations, now, "America/New_York");
    expect(
      day!.outForDelivery.map((i) => [i.shipmentId, i.legWords, i.legs.map((l) => [l.shipmentId, l.state])]),
    ).toEqual([
      [
        "leg2",
        "Exchange: one round trip, 2 legs",
        [
          ["leg1", "delivered"],
          ["leg2", "en_route"],
        ],
      ],
    ]);
    expect(day!.delivered).toEqual([]);
    expect(day!.due.map((i) => [i.orderName, i.legs])).toEqual([["#1001", []]]);
  });

  it("a trip with both legs done is delivered; one leg needing attention puts the trip there", () => {
    const [done] = todayBoard(trip({ state: "delivered" }, { state: "delivered" }), locations, now, "UTC");
    expect(done!.delivered.map((i) => i.shipmentId)).toEqual(["leg2"]);
    const [flagged] = todayBoard(trip({ needsAttention: true }, {}), locations, now, "UTC");
    expect(flagged!.needsAttention.map((i) => [i.shipmentId, i.legs.length])).toEqual([["leg1", 2]]);
    expect(flagged!.due.map((i) => i.shipmentId)).toEqual(["solo", "leg1"]);
  });
});
