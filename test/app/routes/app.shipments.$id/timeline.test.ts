import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, parseListQuery } from "~/routes/app.shipments._index/list-query";
import { buildTimeline, eventInWords, outcomeInWords } from "~/routes/app.shipments.$id/timeline";

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
    ["mystery → delivered", "mystery → Delivered"],
    ["No state change from en_route", "No change: still Out for delivery"],
    ["No state change from assigned", "No change: still Driver assigned"],
    ["No state change from scheduled", "No change: still Waiting for a driver"],
    ["Late event: stored; the state stays", "Late event: stored; the state stays"],
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

describe("the timeline as one list", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
  const events = [
    {
      id: "e1",
      eventName: "shipment.pickup_confirmed",
      occurredAt: at(30),
      outcome: "assigned → en_route",
      synthesized: false,
    },
    { id: "e2", eventName: "shipment.tracking_updated", occurredAt: at(35), outcome: "Recorded", synthesized: false },
  ];
  const activities = [
    { id: "a1", kind: "dispatched", message: "Courier shipment 9 created (tracking T9).", createdAt: at(0) },
    { id: "a2", kind: "no_driver_raise", message: "Raised the driver's pay by $2.00.", createdAt: at(10) },
    { id: "a3", kind: "no_driver_raise", message: "Raised the driver's pay by $2.00 (now $4.00).", createdAt: at(15) },
    { id: "a4", kind: "staff_cancel:other", message: "Canceled by staff: Other reason.", createdAt: at(40) },
    {
      id: "a5",
      kind: "flow_action",
      message: "Shopify Flow ran “Cancel the delivery with a reason”.",
      createdAt: at(40),
    },
  ];
  const iso = (d: Date) => d.toISOString();
  const staffActions = [
    // The watchdog raised at :10 by itself; staff pressed "Raise pay now" at :15 (a second after its row).
    {
      at: iso(new Date(at(15).getTime() + 1000)),
      action: "raise_pay",
      detail: "Raised the driver's pay by $2.00.",
      by: "Maria Lopez",
    },
    { at: iso(at(40)), action: "cancel", detail: "Canceled the delivery: Other reason.", by: "Shopify Flow" },
    // An order's dispatch names no timeline row: its own entry.
    { at: iso(at(0)), action: "dispatch", detail: "Dispatched order #1001 now.", by: "Staff member 7" },
  ];
  const timeline = buildTimeline(events, activities, staffActions, {
    cost: { priceCents: 1250, quotedPriceCents: 1100, shopperPriceCents: 999 },
    money: (cents) => `$${(cents / 100).toFixed(2)}`,
  });
  const rows = timeline.map((t) => [t.source, t.title, t.detail, t.by]);

  it("merges each staff action with the row it wrote, once, naming who did it", () => {
    expect(rows).toContainEqual(["Staff", "Raised the driver's pay by $2.00 (now $4.00).", null, "Maria Lopez"]);
    // The watchdog's own raise stays the app's.
    expect(rows).toContainEqual(["App", "Raised the driver's pay by $2.00.", null, null]);
    expect(rows).toContainEqual(["Flow", "Canceled by staff: Other reason.", null, "Shopify Flow"]);
    expect(rows).toContainEqual(["Flow", "Shopify Flow ran “Cancel the delivery with a reason”.", null, null]);
    expect(rows).toContainEqual(["Staff", "Dispatched order #1001 now.", null, "Staff member 7"]);
    expect(timeline).toHaveLength(events.length + activities.length + 1);
  });

  it("says what was booked and what it cost, and what Shopify shows for a step", () => {
    expect(rows).toContainEqual([
      "App",
      "Courier shipment 9 created (tracking T9).",
      "The courier's price: $12.50; quoted $11.00; the shopper paid $9.99.",
      null,
    ]);
    expect(rows).toContainEqual([
      "Courier",
      "Picked up",
      "Driver assigned → Out for delivery. Shopify shows “Picked up by carrier” on the order",
      null,
    ]);
    // A position update that changed nothing shows nothing new in Shopify.
    expect(rows).toContainEqual(["Courier", "Position updated", "Recorded", null]);
  });

  it.each([
    [
      "model",
      "The courier's price: $12.50; quoted $11.00 (estimated from the courier's recent prices by distance); the shopper paid $9.99.",
    ],
    [
      "memory",
      "The courier's price: $12.50; quoted $11.00 (the courier's recent price for this size and ZIP code); the shopper paid $9.99.",
    ],
    ["live", "The courier's price: $12.50; quoted $11.00; the shopper paid $9.99."],
  ])("says how checkout priced it: %s", (quotePriceSource, detail) => {
    const priced = buildTimeline(events, activities, [], {
      cost: { priceCents: 1250, quotedPriceCents: 1100, shopperPriceCents: 999, quotePriceSource },
      money: (cents) => `$${(cents / 100).toFixed(2)}`,
    });
    expect(priced.find((t) => t.title === "Courier shipment 9 created (tracking T9).")?.detail).toBe(detail);
  });

  it("says a shopper paid the fallback price", () => {
    const priced = buildTimeline(events, activities, [], {
      cost: { priceCents: 1250, quotedPriceCents: null, shopperPriceCents: 1500, quotePriceSource: "fallback" },
      money: (cents) => `$${(cents / 100).toFixed(2)}`,
    });
    expect(priced.find((t) => t.title === "Courier shipment 9 created (tracking T9).")?.detail).toBe(
      "The courier's price: $12.50; the shopper paid $15.00 (the window's fallback price: the courier could not answer in time).",
    );
  });

  it("is newest first", () => {
    const times = timeline.map((t) => t.at);
    expect([...times].sort().reverse()).toEqual(times);
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
