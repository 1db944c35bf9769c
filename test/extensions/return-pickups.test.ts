import { describe, expect, it } from "vitest";
import type { ReturnPickupView } from "../../extensions/shared/return-pickups-contract";
import {
  BOOKING_UNDER_WAY,
  bookingResult,
  bookReturnPickup,
  loadOrderReturns,
  returnPickupCard,
  returnsToShow,
} from "../../extensions/shared/return-pickups";
import { json, recordingFetch } from "./fixtures";

const ORDER_GID = "gid://shopify/Order/1001";
const formatTime = (date: Date) => `${date.getUTCHours()}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
const noWait = async () => {};

function returnView(overrides: Partial<ReturnPickupView> = {}): ReturnPickupView {
  return {
    id: "77",
    name: "#1001-R1",
    status: "OPEN",
    exchange: false,
    pickup: null,
    canBook: true,
    reason: null,
    ...overrides,
  };
}

function booked(overrides: Partial<NonNullable<ReturnPickupView["pickup"]>> = {}): ReturnPickupView["pickup"] {
  return {
    state: "scheduled",
    generation: 1,
    windowStartIso: "2026-11-21T19:00:00.000Z",
    windowEndIso: "2026-11-21T21:00:00.000Z",
    trackingNumber: "TRK9",
    attentionReason: null,
    ...overrides,
  };
}

describe("what the order page shows for a return", () => {
  it.each<[string, ReturnPickupView, ReturnType<typeof returnPickupCard>]>([
    [
      "open, nothing booked: the button",
      returnView(),
      {
        heading: "Return #1001-R1",
        badge: { label: "No pickup booked", tone: "neutral" },
        details: [],
        note: null,
        canBook: true,
      },
    ],
    [
      "an exchange waiting for a driver: window and tracking, no button",
      returnView({ exchange: true, pickup: booked(), canBook: false, reason: "A driver is already booked." }),
      {
        heading: "Return #1001-R1 (exchange)",
        badge: { label: "Collection booked", tone: "info" },
        details: [
          { label: "Collection window", value: "19:00 – 21:00" },
          { label: "Tracking number", value: "TRK9" },
        ],
        note: null,
        canBook: false,
      },
    ],
    [
      "collected, on the way to the store",
      returnView({ pickup: booked({ state: "en_route" }), canBook: false }),
      {
        heading: "Return #1001-R1",
        badge: { label: "Collected, on the way to the store", tone: "info" },
        details: [
          { label: "Collection window", value: "19:00 – 21:00" },
          { label: "Tracking number", value: "TRK9" },
        ],
        note: null,
        canBook: false,
      },
    ],
    [
      "brought to the store: no window any more",
      returnView({ pickup: booked({ state: "delivered" }), canBook: false }),
      {
        heading: "Return #1001-R1",
        badge: { label: "Brought to the store", tone: "success" },
        details: [{ label: "Tracking number", value: "TRK9" }],
        note: null,
        canBook: false,
      },
    ],
    [
      "expired and flagged: why, and the button again",
      returnView({
        pickup: booked({ state: "expired", attentionReason: "No driver accepted the collection." }),
      }),
      {
        heading: "Return #1001-R1",
        badge: { label: "Expired: no driver accepted", tone: "critical" },
        details: [{ label: "Tracking number", value: "TRK9" }],
        note: "No driver accepted the collection.",
        canBook: true,
      },
    ],
  ])("%s", (_name, view, card) => {
    expect(returnPickupCard(view, formatTime)).toEqual(card);
  });

  it("lists open returns and any with a collection; not a return awaiting approval", () => {
    const list = [
      returnView({ id: "1" }),
      returnView({ id: "2", status: "REQUESTED", canBook: false }),
      returnView({ id: "3", status: "CLOSED", pickup: booked({ state: "delivered" }), canBook: false }),
    ];
    expect(returnsToShow(list).map((r) => r.id)).toEqual(["1", "3"]);
  });
});

describe("a booking's outcome after a reload", () => {
  it.each<[string, ReturnPickupView[], ReturnType<typeof bookingResult>]>([
    ["the return has no collection yet", [returnView()], null],
    ["only an earlier booking's collection", [returnView({ pickup: booked({ state: "canceled" }) })], null],
    ["being booked", [returnView({ pickup: booked({ generation: 2, state: "pending" }) })], null],
    [
      "booked: the window and tracking number",
      [returnView({ pickup: booked({ generation: 2 }), canBook: false })],
      {
        ok: true,
        value: returnView({ pickup: booked({ generation: 2 }), canBook: false }),
        message: "Driver booked to collect return #1001-R1 between 19:00 and 21:00. Tracking: TRK9.",
      },
    ],
    [
      "a round trip says so",
      [returnView({ exchange: true, pickup: booked({ generation: 2, trackingNumber: null }) })],
      {
        ok: true,
        value: returnView({ exchange: true, pickup: booked({ generation: 2, trackingNumber: null }) }),
        message:
          "Driver booked to collect return #1001-R1 between 19:00 and 21:00. The exchange's new items go out in the same round trip.",
      },
    ],
    [
      "refused: the reason",
      [
        returnView({
          pickup: booked({
            generation: 2,
            state: "failed",
            attentionReason: "The courier does not serve this address.",
          }),
        }),
      ],
      {
        ok: false,
        message: "The pickup of return #1001-R1 could not be booked: The courier does not serve this address.",
        fieldErrors: {},
      },
    ],
  ])("%s", (_name, returns, result) => {
    expect(bookingResult(returns, "77", 2, formatTime)).toEqual(result);
  });
});

describe("Book return pickup", () => {
  it("asks the app, then reloads until the collection is booked", async () => {
    const answers = [
      json({ returns: [returnView({ pickup: null, canBook: false })] }),
      json({ returns: [returnView({ pickup: booked(), canBook: false })] }),
    ];
    const { fetchFn, calls } = recordingFetch((call) =>
      call.method === "POST" ? json({ generation: 1 }) : answers.shift()!,
    );
    const outcome = await bookReturnPickup(fetchFn, ORDER_GID, returnView(), { formatTime, sleep: noWait });
    expect(outcome).toMatchObject({
      ok: true,
      message: "Driver booked to collect return #1001-R1 between 19:00 and 21:00. Tracking: TRK9.",
    });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/api/orders/1001/returns/77/pickup", undefined],
      ["GET", "/api/orders/1001/returns", undefined],
      ["GET", "/api/orders/1001/returns", undefined],
    ]);
  });

  it("shows the app's refusal as it is, and sends nothing for a return that does not offer it", async () => {
    const refusing = recordingFetch(() =>
      json({ error: { message: "A driver is already booked for this return. Cancel that collection first." } }, 409),
    );
    expect(await bookReturnPickup(refusing.fetchFn, ORDER_GID, returnView(), { formatTime, sleep: noWait })).toEqual({
      ok: false,
      message: "A driver is already booked for this return. Cancel that collection first.",
      fieldErrors: {},
    });
    const idle = recordingFetch(() => json({}));
    const closed = returnView({
      canBook: false,
      reason: "Only an approved return that is still open can be collected.",
    });
    expect(await bookReturnPickup(idle.fetchFn, ORDER_GID, closed, { formatTime, sleep: noWait })).toMatchObject({
      ok: false,
      message: "Only an approved return that is still open can be collected.",
    });
    expect(
      await bookReturnPickup(idle.fetchFn, "gid://shopify/DraftOrder/1", returnView(), { formatTime, sleep: noWait }),
    ).toMatchObject({ ok: false });
    expect(idle.calls).toEqual([]);
  });

  it("a booking still under way after every look is said to be under way, not booked", async () => {
    const waits: number[] = [];
    const { fetchFn, calls } = recordingFetch((call) =>
      call.method === "POST" ? json({ generation: 3 }) : json({ returns: [returnView({ canBook: false })] }),
    );
    const outcome = await bookReturnPickup(fetchFn, ORDER_GID, returnView(), {
      formatTime,
      sleep: async (ms) => void waits.push(ms),
      attempts: 4,
    });
    expect(outcome).toEqual({ ok: true, value: null, message: BOOKING_UNDER_WAY });
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(4);
    expect(waits).toEqual([2000, 2000, 2000, 2000]);
  });
});

describe("the order's returns", () => {
  it("leaves out what is malformed; says why when the app refuses", async () => {
    const { fetchFn } = recordingFetch(() =>
      json({ returns: [returnView(), { id: 5, name: "x" }, returnView({ id: "78", pickup: booked() })] }),
    );
    const loaded = await loadOrderReturns(fetchFn, ORDER_GID);
    expect(loaded.ok && loaded.value.map((r) => r.id)).toEqual(["77", "78"]);
    const down = recordingFetch(() => json({ error: { message: "Shopify did not answer." } }, 503));
    expect(await loadOrderReturns(down.fetchFn, ORDER_GID)).toEqual({
      ok: false,
      message: "Shopify did not answer.",
      fieldErrors: {},
    });
  });
});
