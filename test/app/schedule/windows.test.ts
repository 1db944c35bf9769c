import { describe, expect, it } from "vitest";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { pickupAfterFor } from "~/schedule/pickup";
import { serviceCodeFor, windowIdFromServiceCode } from "~/schedule/service-code";
import { openWindows, type OpenWindow } from "~/schedule/windows";
import { DEFAULT_SHOP_SETTINGS, type DeliveryWindow } from "~/settings/shop-settings";
import { NY, todayBy8, tomorrowMorning, within3h } from "./fixtures";

const BERLIN = "Europe/Berlin";

const within90m: DeliveryWindow = {
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  id: "express",
  kind: "within_hours",
  hours: 1.5,
  serviceName: "Express",
};
const allWindows = [within3h, todayBy8, tomorrowMorning];

type Expected = { id: string; start: string; end: string };

function summary(open: OpenWindow[]): Expected[] {
  return open.map((w) => {
    expect(w.pickupAfter.getTime()).toBe(w.deliverBetween.start.getTime());
    expect(w.serviceCode).toBe(serviceCodeFor(w.windowId));
    return { id: w.windowId, start: w.deliverBetween.start.toISOString(), end: w.deliverBetween.end.toISOString() };
  });
}

const iso = (text: string) => new Date(text).toISOString();

describe("pickupAfterFor: now + lead time, rounded up to 5 minutes, at least a minute ahead", () => {
  it.each([
    ["2026-06-10T14:00:00.000Z", 60, "2026-06-10T15:00:00.000Z"],
    ["2026-06-10T14:00:00.001Z", 60, "2026-06-10T15:05:00.000Z"],
    ["2026-06-10T14:02:30.000Z", 60, "2026-06-10T15:05:00.000Z"],
    ["2026-06-10T14:04:59.999Z", 60, "2026-06-10T15:05:00.000Z"],
    ["2026-06-10T14:05:00.000Z", 60, "2026-06-10T15:05:00.000Z"],
    ["2026-06-10T14:03:00.000Z", 1, "2026-06-10T14:05:00.000Z"],
    ["2026-06-10T14:04:30.000Z", 1, "2026-06-10T14:10:00.000Z"],
    ["2026-06-10T14:04:30.000Z", 0, "2026-06-10T14:10:00.000Z"],
    ["2026-06-10T14:04:30.000Z", -30, "2026-06-10T14:10:00.000Z"],
    ["2026-06-10T23:58:00.000Z", 7, "2026-06-11T00:05:00.000Z"],
  ])("at %s with %d min → %s", (now, lead, expected) => {
    const pickup = pickupAfterFor(new Date(now), lead);
    expect(pickup.toISOString()).toBe(expected);
    expect(pickup.getTime()).toBeGreaterThanOrEqual(new Date(now).getTime() + 60_000);
  });

  it.each([
    ["2026-06-10T14:00:30Z", "2026-06-10T14:02:30Z"],
    ["2026-06-10T14:05:01Z", "2026-06-10T14:07:01Z"],
    ["2026-06-10T14:10:10Z", "2026-06-10T14:12:10Z"],
  ])("carts quoted at %s and %s (2 minutes apart) get the same windows", (a, b) => {
    const at = (now: string) =>
      openWindows({ now: new Date(now), timeZone: NY, leadTimeMinutes: 45, windows: allWindows });
    expect(at(a)).toEqual(at(b));
  });

  it("lands on a round local minute in a +05:45 zone", () => {
    const open = openWindows({
      now: new Date("2026-06-10T06:17:00Z"),
      timeZone: "Asia/Kathmandu",
      leadTimeMinutes: 30,
      windows: [within3h],
    });
    // 06:50Z is 12:35 in Kathmandu.
    expect(open[0]!.pickupAfter.toISOString()).toBe("2026-06-10T06:50:00.000Z");
  });
});

describe("openWindows", () => {
  it("offers enabled windows in the merchant's order, with stable service codes", () => {
    const open = openWindows({
      now: new Date("2026-06-10T14:00:00Z"), // 10:00 in New York
      timeZone: NY,
      leadTimeMinutes: 60,
      windows: [tomorrowMorning, { ...within90m, enabled: false }, within3h, todayBy8],
    });
    expect(open.map((w) => w.serviceCode)).toEqual([
      "SAMEDAY_TOMORROW-MORNING",
      "SAMEDAY_WITHIN-3H",
      "SAMEDAY_TODAY-BY-8PM",
    ]);
    expect(summary(open)).toEqual([
      { id: "tomorrow-morning", start: iso("2026-06-11T13:00:00Z"), end: iso("2026-06-11T16:00:00Z") },
      { id: "within-3h", start: iso("2026-06-10T15:00:00Z"), end: iso("2026-06-10T17:00:00Z") },
      { id: "today-by-8pm", start: iso("2026-06-10T15:00:00Z"), end: iso("2026-06-11T00:00:00Z") },
    ]);
  });

  it("offers nothing when no window is enabled", () => {
    const windows = allWindows.map((w) => ({ ...w, enabled: false }));
    expect(openWindows({ now: new Date("2026-06-10T14:00:00Z"), timeZone: NY, leadTimeMinutes: 60, windows })).toEqual(
      [],
    );
  });

  it.each([
    ["within 3 hours", within3h, "2026-06-10T15:00:00Z", "2026-06-10T17:00:00Z"],
    // 1.5 hours from the order would leave 30 minutes after the pickup: at least an hour is kept.
    ["within 1.5 hours", within90m, "2026-06-10T15:00:00Z", "2026-06-10T16:00:00Z"],
  ])("%s: from the pickup until N hours after the order", (_name, window, start, end) => {
    const open = openWindows({
      now: new Date("2026-06-10T14:00:00Z"),
      timeZone: NY,
      leadTimeMinutes: 60,
      windows: [window],
    });
    expect(summary(open)).toEqual([{ id: window.id, start: iso(start), end: iso(end) }]);
  });

  describe("today_by around the cutoff (17:00 New York = 21:00Z in June)", () => {
    it.each([
      ["16:00 local", "2026-06-10T20:00:00Z", 60, "2026-06-10T21:00:00Z"],
      ["one minute before the cutoff", "2026-06-10T20:59:00Z", 60, "2026-06-10T22:00:00Z"],
      ["the last millisecond before the cutoff", "2026-06-10T20:59:59.999Z", 60, "2026-06-10T22:00:00Z"],
      ["exactly at the cutoff", "2026-06-10T21:00:00Z", 60, null],
      ["one minute after the cutoff", "2026-06-10T21:01:00Z", 60, null],
      ["pickup 5 minutes before the deadline", "2026-06-10T19:00:00Z", 235, "2026-06-10T22:55:00Z"],
      ["pickup exactly at the deadline", "2026-06-10T20:00:00Z", 240, null],
      ["pickup rounded up onto the deadline", "2026-06-10T20:00:00Z", 236, null],
    ])("%s (now %s, lead %d min) → start %s", (_name, now, lead, start) => {
      const open = openWindows({ now: new Date(now), timeZone: NY, leadTimeMinutes: lead, windows: [todayBy8] });
      expect(summary(open)).toEqual(
        start === null ? [] : [{ id: "today-by-8pm", start: iso(start), end: iso("2026-06-11T00:00:00Z") }],
      );
    });
  });

  describe("across midnight in the shop's zone", () => {
    it("at 21:00 in New York (already the next day in UTC) today means the New York date", () => {
      const open = openWindows({
        now: new Date("2026-06-11T01:00:00Z"),
        timeZone: NY,
        leadTimeMinutes: 60,
        windows: allWindows,
      });
      expect(summary(open)).toEqual([
        { id: "within-3h", start: iso("2026-06-11T02:00:00Z"), end: iso("2026-06-11T04:00:00Z") },
        // Tomorrow is 11 June in New York, not 12 June.
        { id: "tomorrow-morning", start: iso("2026-06-11T13:00:00Z"), end: iso("2026-06-11T16:00:00Z") },
      ]);
    });

    it("at 23:30 a within-hours window runs past midnight", () => {
      const open = openWindows({
        now: new Date("2026-06-11T03:30:00Z"),
        timeZone: NY,
        leadTimeMinutes: 60,
        windows: [within3h],
      });
      expect(summary(open)).toEqual([
        { id: "within-3h", start: iso("2026-06-11T04:30:00Z"), end: iso("2026-06-11T06:30:00Z") },
      ]);
    });

    it("at 00:10 a new day has begun: today_by is open again and tomorrow is the day after", () => {
      const open = openWindows({
        now: new Date("2026-06-11T04:10:00Z"),
        timeZone: NY,
        leadTimeMinutes: 60,
        windows: allWindows,
      });
      expect(summary(open)).toEqual([
        { id: "within-3h", start: iso("2026-06-11T05:10:00Z"), end: iso("2026-06-11T07:10:00Z") },
        { id: "today-by-8pm", start: iso("2026-06-11T05:10:00Z"), end: iso("2026-06-12T00:00:00Z") },
        { id: "tomorrow-morning", start: iso("2026-06-12T13:00:00Z"), end: iso("2026-06-12T16:00:00Z") },
      ]);
    });

    it("a tomorrow window starting at midnight starts no earlier than pickup", () => {
      const night: DeliveryWindow = { ...tomorrowMorning, id: "night", startTime: "00:00", endTime: "02:00" };
      // 23:50 in New York; pickup at 00:50.
      const open = openWindows({
        now: new Date("2026-06-11T03:50:00Z"),
        timeZone: NY,
        leadTimeMinutes: 60,
        windows: [night],
      });
      expect(summary(open)).toEqual([
        { id: "night", start: iso("2026-06-11T04:50:00Z"), end: iso("2026-06-11T06:00:00Z") },
      ]);
    });

    it("a late today_by window is offered until its cutoff", () => {
      const late: DeliveryWindow = { ...todayBy8, id: "late", deliverBy: "23:59", orderCutoff: "23:00" };
      const at = (now: string) =>
        summary(openWindows({ now: new Date(now), timeZone: NY, leadTimeMinutes: 30, windows: [late] }));
      expect(at("2026-06-11T02:59:00Z")).toEqual([
        { id: "late", start: iso("2026-06-11T03:30:00Z"), end: iso("2026-06-11T03:59:00Z") },
      ]);
      expect(at("2026-06-11T03:00:00Z")).toEqual([]);
    });
  });

  describe("on DST change days", () => {
    it.each([
      // New York spring forward, Sunday 8 March 2026.
      [
        "NY, day before spring forward: tomorrow is EDT",
        NY,
        "2026-03-07T17:00:00Z",
        [tomorrowMorning],
        [{ id: "tomorrow-morning", start: "2026-03-08T13:00:00Z", end: "2026-03-08T16:00:00Z" }],
      ],
      [
        "NY, 01:30 EST on spring day: pickup lands at 03:30 EDT",
        NY,
        "2026-03-08T06:30:00Z",
        [within3h, todayBy8],
        [
          { id: "within-3h", start: "2026-03-08T07:30:00Z", end: "2026-03-08T09:30:00Z" },
          { id: "today-by-8pm", start: "2026-03-08T07:30:00Z", end: "2026-03-09T00:00:00Z" },
        ],
      ],
      [
        "NY spring day, one minute before the 17:00 EDT cutoff",
        NY,
        "2026-03-08T20:59:00Z",
        [todayBy8],
        [{ id: "today-by-8pm", start: "2026-03-08T22:00:00Z", end: "2026-03-09T00:00:00Z" }],
      ],
      ["NY spring day, one minute after the cutoff", NY, "2026-03-08T21:01:00Z", [todayBy8], []],
      [
        "NY, day before fall back: tomorrow is EST",
        NY,
        "2026-10-31T16:00:00Z",
        [tomorrowMorning],
        [{ id: "tomorrow-morning", start: "2026-11-01T14:00:00Z", end: "2026-11-01T17:00:00Z" }],
      ],
      [
        "NY fall day, one minute before the 17:00 EST cutoff",
        NY,
        "2026-11-01T21:59:00Z",
        [todayBy8],
        [{ id: "today-by-8pm", start: "2026-11-01T23:00:00Z", end: "2026-11-02T01:00:00Z" }],
      ],
      ["NY fall day, one minute after the cutoff", NY, "2026-11-01T22:01:00Z", [todayBy8], []],
      [
        "NY fall day, 01:30 EDT (first pass): today is 1 November",
        NY,
        "2026-11-01T05:30:00Z",
        [todayBy8],
        [{ id: "today-by-8pm", start: "2026-11-01T06:30:00Z", end: "2026-11-02T01:00:00Z" }],
      ],
      [
        "NY spring day, a tomorrow window inside the skipped hour",
        NY,
        "2026-03-07T17:00:00Z",
        [{ ...tomorrowMorning, id: "early", startTime: "02:00", endTime: "04:00" }],
        [{ id: "early", start: "2026-03-08T07:00:00Z", end: "2026-03-08T08:00:00Z" }],
      ],
      // Berlin: spring forward Sunday 29 March, fall back Sunday 25 October 2026.
      [
        "Berlin, day before spring forward: tomorrow is CEST",
        BERLIN,
        "2026-03-28T10:00:00Z",
        [tomorrowMorning],
        [{ id: "tomorrow-morning", start: "2026-03-29T07:00:00Z", end: "2026-03-29T10:00:00Z" }],
      ],
      [
        "Berlin spring day, one minute before the 17:00 CEST cutoff",
        BERLIN,
        "2026-03-29T14:59:00Z",
        [todayBy8],
        [{ id: "today-by-8pm", start: "2026-03-29T16:00:00Z", end: "2026-03-29T18:00:00Z" }],
      ],
      ["Berlin spring day, one minute after the cutoff", BERLIN, "2026-03-29T15:01:00Z", [todayBy8], []],
      [
        "Berlin, day before fall back: tomorrow is CET",
        BERLIN,
        "2026-10-24T10:00:00Z",
        [tomorrowMorning],
        [{ id: "tomorrow-morning", start: "2026-10-25T08:00:00Z", end: "2026-10-25T11:00:00Z" }],
      ],
      [
        "Berlin fall day, one minute before the 17:00 CET cutoff",
        BERLIN,
        "2026-10-25T15:59:00Z",
        [todayBy8],
        [{ id: "today-by-8pm", start: "2026-10-25T17:00:00Z", end: "2026-10-25T19:00:00Z" }],
      ],
      ["Berlin fall day, one minute after the cutoff", BERLIN, "2026-10-25T16:01:00Z", [todayBy8], []],
      [
        "Berlin fall day, a 3-hour window across the repeated hour is 3 real hours",
        BERLIN,
        "2026-10-25T00:00:00Z",
        [within3h],
        [{ id: "within-3h", start: "2026-10-25T01:00:00Z", end: "2026-10-25T03:00:00Z" }],
      ],
    ] as const)("%s", (_name, zone, now, windows, expected) => {
      const open = openWindows({ now: new Date(now), timeZone: zone, leadTimeMinutes: 60, windows });
      expect(summary(open)).toEqual(expected.map((e) => ({ id: e.id, start: iso(e.start), end: iso(e.end) })));
    });
  });

  it("uses the default settings' windows as they are stored", () => {
    const open = openWindows({
      now: new Date("2026-06-10T14:00:00Z"),
      timeZone: NY,
      leadTimeMinutes: DEFAULT_SHOP_SETTINGS.leadTimeMinutes,
      windows: DEFAULT_SHOP_SETTINGS.deliveryWindows,
    });
    expect(open.map((w) => w.serviceCode)).toEqual([
      "SAMEDAY_WITHIN-3-HOURS",
      "SAMEDAY_TODAY-BY-8PM",
      "SAMEDAY_TOMORROW-MORNING",
    ]);
  });
});

describe("service codes", () => {
  it.each(["within-3-hours", "today-by-8pm", "tomorrow-morning", "a", "x1-2-3"])("%s round-trips", (id) => {
    expect(windowIdFromServiceCode(serviceCodeFor(id))).toBe(id);
  });

  it.each([
    ["SAMEDAY_TODAY-BY-8PM", "today-by-8pm"],
    ["Shipping", null],
    ["", null],
    [null, null],
    [undefined, null],
    ["SAMEDAY_", null],
    ["sameday_today", null],
    ["SAMEDAY_today", null],
    ["SAMEDAY_A--B", null],
    ["SAMEDAY_-A", null],
    ["SAMEDAY_A B", null],
    ["SAMEDAY_" + "A".repeat(41), null],
    ["SAMEDAY_" + "A".repeat(40), "a".repeat(40)],
    ["FEDEX_GROUND", null],
  ])("windowIdFromServiceCode(%j) → %j", (code, id) => {
    expect(windowIdFromServiceCode(code)).toBe(id);
  });
});

describe("windowForDispatch", () => {
  const base = {
    timeZone: NY,
    leadTimeMinutes: 60,
    windows: [within3h, todayBy8, tomorrowMorning],
    defaultWindowId: "within-3h",
  };
  type Case = {
    name: string;
    now: string;
    serviceCode: string | null;
    orderedAt?: string;
    windows?: DeliveryWindow[];
    defaultWindowId?: string;
    expected: { id: string; start: string; end: string; chosenBy: string; movedForward: boolean } | null;
  };

  it.each<Case>([
    {
      name: "the window the shopper chose",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        id: "today-by-8pm",
        start: "2026-06-10T15:00:00Z",
        end: "2026-06-11T00:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "a chosen window disabled since checkout is still honoured",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      windows: [within3h, { ...todayBy8, enabled: false }],
      expected: {
        id: "today-by-8pm",
        start: "2026-06-10T15:00:00Z",
        end: "2026-06-11T00:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "no code → the default window",
      now: "2026-06-10T14:00:00Z",
      serviceCode: null,
      expected: {
        id: "within-3h",
        start: "2026-06-10T15:00:00Z",
        end: "2026-06-10T17:00:00Z",
        chosenBy: "default_window",
        movedForward: false,
      },
    },
    {
      name: "the generic code Shopify sometimes sends → the default window",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "Shipping",
      defaultWindowId: "tomorrow-morning",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-11T13:00:00Z",
        end: "2026-06-11T16:00:00Z",
        chosenBy: "default_window",
        movedForward: false,
      },
    },
    {
      name: "within 3 hours paid at 10:20 for an order placed at 10:00: delivered by 13:00, as the rate said",
      now: "2026-06-10T14:20:00Z",
      orderedAt: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_WITHIN-3H",
      expected: {
        id: "within-3h",
        start: "2026-06-10T15:20:00Z",
        end: "2026-06-10T17:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "a code for a window deleted since → the default window",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_GONE",
      expected: {
        id: "within-3h",
        start: "2026-06-10T15:00:00Z",
        end: "2026-06-10T17:00:00Z",
        chosenBy: "default_window",
        movedForward: false,
      },
    },
    {
      name: "a default id naming no window → the first enabled window",
      now: "2026-06-10T14:00:00Z",
      serviceCode: null,
      defaultWindowId: "missing",
      windows: [{ ...within3h, enabled: false }, todayBy8],
      expected: {
        id: "today-by-8pm",
        start: "2026-06-10T15:00:00Z",
        end: "2026-06-11T00:00:00Z",
        chosenBy: "default_window",
        movedForward: false,
      },
    },
    {
      name: "no windows at all → null",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_WITHIN-3H",
      windows: [],
      expected: null,
    },
    {
      name: "today_by paid after the cutoff but before the deadline: still today",
      now: "2026-06-10T21:30:00Z", // 17:30 local
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        id: "today-by-8pm",
        start: "2026-06-10T22:30:00Z",
        end: "2026-06-11T00:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "today_by whose deadline passed: as soon as possible, for cutoff-to-deadline (3 h)",
      now: "2026-06-10T23:30:00Z", // 19:30 local; pickup 20:30
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        id: "today-by-8pm",
        start: "2026-06-11T00:30:00Z",
        end: "2026-06-11T03:30:00Z",
        chosenBy: "service_code",
        movedForward: true,
      },
    },
    {
      name: "today_by past its deadline with a short cutoff-to-deadline: at least one hour",
      now: "2026-06-10T23:30:00Z",
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      windows: [{ ...todayBy8, orderCutoff: "19:45" }],
      expected: {
        id: "today-by-8pm",
        start: "2026-06-11T00:30:00Z",
        end: "2026-06-11T01:30:00Z",
        chosenBy: "service_code",
        movedForward: true,
      },
    },
    {
      name: "today_by ordered yesterday, dispatched this morning: today's deadline",
      now: "2026-06-11T13:00:00Z",
      orderedAt: "2026-06-10T20:00:00Z",
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        id: "today-by-8pm",
        start: "2026-06-11T14:00:00Z",
        end: "2026-06-12T00:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "tomorrow, dispatched the same day: the next day",
      now: "2026-06-10T14:00:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-11T13:00:00Z",
        end: "2026-06-11T16:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "tomorrow, ordered 23:50 and paid 00:05: the day after the order, i.e. today",
      now: "2026-06-11T04:05:00Z",
      orderedAt: "2026-06-11T03:50:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-11T13:00:00Z",
        end: "2026-06-11T16:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "tomorrow, no order time given at 00:05: the day after today",
      now: "2026-06-11T04:05:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-12T13:00:00Z",
        end: "2026-06-12T16:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "tomorrow, dispatched during the window: from pickup to the window's end",
      now: "2026-06-11T14:00:00Z", // 10:00 local; pickup 11:00
      orderedAt: "2026-06-10T18:00:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-11T15:00:00Z",
        end: "2026-06-11T16:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "tomorrow, dispatched after the window: the next day's window",
      now: "2026-06-11T17:00:00Z", // 13:00 local
      orderedAt: "2026-06-10T18:00:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-12T13:00:00Z",
        end: "2026-06-12T16:00:00Z",
        chosenBy: "service_code",
        movedForward: true,
      },
    },
    {
      name: "tomorrow, ordered days ago and dispatched this morning: today's window",
      now: "2026-06-14T12:00:00Z", // 08:00 local
      orderedAt: "2026-06-10T18:00:00Z",
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-06-14T13:00:00Z",
        end: "2026-06-14T16:00:00Z",
        chosenBy: "service_code",
        movedForward: true,
      },
    },
    {
      name: "tomorrow across the fall-back change: the next day's window in EST",
      now: "2026-10-31T20:00:00Z", // 16:00 EDT on 31 October
      serviceCode: "SAMEDAY_TOMORROW-MORNING",
      expected: {
        id: "tomorrow-morning",
        start: "2026-11-01T14:00:00Z",
        end: "2026-11-01T17:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
    {
      name: "today_by on the spring-forward day, deadline 20:00 EDT",
      now: "2026-03-08T14:00:00Z",
      serviceCode: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        id: "today-by-8pm",
        start: "2026-03-08T15:00:00Z",
        end: "2026-03-09T00:00:00Z",
        chosenBy: "service_code",
        movedForward: false,
      },
    },
  ])("$name", ({ now, serviceCode, orderedAt, windows, defaultWindowId, expected }) => {
    const result = windowForDispatch({
      ...base,
      now: new Date(now),
      serviceCode,
      ...(orderedAt ? { orderedAt: new Date(orderedAt) } : {}),
      ...(windows ? { windows } : {}),
      ...(defaultWindowId ? { defaultWindowId } : {}),
    });
    if (expected === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result).toEqual({
      windowId: expected.id,
      serviceCode: serviceCodeFor(expected.id),
      pickupAfter: new Date(expected.start),
      deliverBetween: { start: new Date(expected.start), end: new Date(expected.end) },
      label: null,
      chosenBy: expected.chosenBy,
      movedForward: expected.movedForward,
      movedFrom: expected.movedForward ? { start: expect.any(Date), end: expect.any(Date) } : null,
    });
    expect(result!.pickupAfter.getTime()).toBeGreaterThan(new Date(now).getTime() + 59_999);
  });
});
