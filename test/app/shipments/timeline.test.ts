import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, parseListQuery } from "~/shipments/list-query";
import { buildTimeline, eventInWords, outcomeInWords } from "~/shipments/timeline";

describe("timeline", () => {
  it.each([
    ["shipment.pickup_confirmed", "Picked up"],
    ["shipment.delivery_attempted", "Delivery attempted"],
    ["grouping.pickup_grouping_identified", "Grouped with other orders for one driver"],
    ["shipment.parked_nearby", "Courier event: parked nearby"],
  ])("%s → %s", (name, words) => {
    expect(eventInWords(name)).toBe(words);
  });

  it.each([
    ["en_route → delivered", "Out for delivery → Delivered"],
    ["Recorded", "Recorded"],
    ["mystery → delivered", "mystery → delivered"],
    [null, null],
  ])("outcome %s → %s", (outcome, words) => {
    expect(outcomeInWords(outcome)).toBe(words);
  });

  it("merges courier events and activities, newest first, with their source", () => {
    const timeline = buildTimeline(
      [
        {
          id: "e1",
          eventName: "shipment.driver_assigned",
          occurredAt: new Date("2026-11-21T10:05:00Z"),
          outcome: "scheduled → assigned",
          synthesized: false,
        },
        {
          id: "e2",
          eventName: "shipment.pickup_confirmed",
          occurredAt: new Date("2026-11-21T10:30:00Z"),
          outcome: null,
          synthesized: true,
        },
      ],
      [
        {
          id: "a1",
          kind: "dispatched",
          message: "Courier shipment 9 created.",
          createdAt: new Date("2026-11-21T10:00:00Z"),
        },
        {
          id: "a2",
          kind: "staff_tip",
          message: "Staff tipped the driver $5.00.",
          createdAt: new Date("2026-11-21T11:00:00Z"),
        },
      ],
    );
    expect(timeline.map((t) => [t.source, t.title, t.detail, t.synthesized])).toEqual([
      ["Staff", "Staff tipped the driver $5.00.", null, false],
      ["Courier", "Picked up", null, true],
      ["Courier", "Driver assigned", "Waiting for a driver → Driver assigned", false],
      ["App", "Courier shipment 9 created.", null, false],
    ]);
  });
});

describe("the list's query string", () => {
  it.each([
    ["", { page: 1, state: "all", q: "" }],
    ["?page=3&state=attention&q=%20%231001%20", { page: 3, state: "attention", q: "#1001" }],
    ["?page=0&state=lost", { page: 1, state: "all", q: "" }],
    ["?page=99999999", { page: 1, state: "all", q: "" }],
    [`?q=${"x".repeat(101)}`, { page: 1, state: "all", q: "" }],
    [
      "?view=waiting&location=gid%3A%2F%2Fshopify%2FLocation%2F2&from=2026-11-01&to=2026-11-30&sort=pickup_asc",
      {
        view: "waiting",
        location: "gid://shopify/Location/2",
        from: "2026-11-01",
        to: "2026-11-30",
        sort: "pickup_asc",
      },
    ],
    ["?view=lost&from=2026-13-45&to=yesterday&sort=nope", { view: "all", from: "", to: "", sort: "pickup_desc" }],
  ])("%s", (search, query) => {
    expect(parseListQuery(new URLSearchParams(search))).toEqual({ ...DEFAULT_LIST_QUERY, ...query });
  });
});
