import { describe, expect, it } from "vitest";
import {
  candidateSlotKeys,
  capacitySlotKeyOf,
  capacitySlotOf,
  fullSlotTest,
  isSlotFull,
  overCapacityWords,
  slotCapacityOf,
  slotKeyOf,
  slotWords,
  withinCapacity,
} from "~/schedule/capacity";
import { serviceCodeFor } from "~/schedule/service-code";
import { zonedTimeOnDate } from "~/schedule/time-zone";
import { openWindows } from "~/schedule/windows";
import type { SlotsWindow } from "~/settings/shop-settings";
import { LA, NY, within3h } from "./fixtures";

const MAIN = "gid://shopify/Location/1";
const DOCK = "gid://shopify/Location/2";
const nov26 = { year: 2026, month: 11, day: 26 };
const nov29 = { year: 2026, month: 11, day: 29 };
const at = (day: typeof nov26, hhmm: string, zone = NY) => zonedTimeOnDate(day, hhmm, zone);
const span = (day: typeof nov26, from: string, to: string, zone = NY) => ({
  start: at(day, from, zone),
  end: at(day, to, zone),
});

const slots: SlotsWindow = {
  id: "slots",
  kind: "slots",
  serviceName: "Scheduled delivery",
  description: "",
  enabled: true,
  fallbackPriceCents: null,
  slotMinutes: 120,
  startTimes: ["10:00", "14:00"],
  repeat: null,
  daysAhead: 2,
  maxRates: 4,
};

describe("capacitySlotOf: the location's chosen window on one shop-local day", () => {
  it.each([
    {
      what: "a scheduled slot: the slot the code names, its whole span (the pickup may start later in it)",
      choice: {
        windowId: "slots",
        serviceCode: serviceCodeFor("slots", nov29, "10:00"),
        deliverBetween: span(nov29, "10:35", "12:00"),
      },
      key: `${MAIN}|SAMEDAY_SLOTS_20261129T1000`,
      day: nov29,
      slotStart: "10:00",
      slotSpan: span(nov29, "10:00", "12:00"),
    },
    {
      what: "a window for today (no date in its code): the day its delivery starts",
      choice: {
        windowId: "within-3h",
        serviceCode: "SAMEDAY_WITHIN-3H",
        deliverBetween: span(nov26, "14:05", "17:05"),
      },
      key: `${MAIN}|SAMEDAY_WITHIN-3H_20261126`,
      day: nov26,
      slotStart: null,
      slotSpan: span(nov26, "14:05", "17:05"),
    },
    {
      what: "the same window later that day: the same slot",
      choice: {
        windowId: "within-3h",
        serviceCode: "SAMEDAY_WITHIN-3H",
        deliverBetween: span(nov26, "18:00", "21:00"),
      },
      key: `${MAIN}|SAMEDAY_WITHIN-3H_20261126`,
      day: nov26,
      slotStart: null,
      slotSpan: span(nov26, "18:00", "21:00"),
    },
    {
      what: "a window offered for a later day: the day its code names",
      choice: {
        windowId: "within-3h",
        serviceCode: serviceCodeFor("within-3h", nov29),
        deliverBetween: span(nov29, "09:00", "12:00"),
      },
      key: `${MAIN}|SAMEDAY_WITHIN-3H_20261129`,
      day: nov29,
      slotStart: null,
      slotSpan: span(nov29, "09:00", "12:00"),
    },
    {
      what: "late in the evening in New York, already the next day in UTC: the shop's day",
      choice: {
        windowId: "within-3h",
        serviceCode: "SAMEDAY_WITHIN-3H",
        deliverBetween: span(nov26, "21:30", "23:59"),
      },
      key: `${MAIN}|SAMEDAY_WITHIN-3H_20261126`,
      day: nov26,
      slotStart: null,
      slotSpan: span(nov26, "21:30", "23:59"),
    },
  ])("$what", ({ choice, key, day, slotStart, slotSpan }) => {
    expect(capacitySlotKeyOf(MAIN, choice, NY)).toBe(key);
    expect(capacitySlotOf(MAIN, choice, NY)).toEqual({
      key,
      locationGid: MAIN,
      windowId: choice.windowId,
      day,
      slotStart,
      span: slotSpan,
    });
  });

  it("another location's same slot is another slot", () => {
    const choice = {
      windowId: "slots",
      serviceCode: serviceCodeFor("slots", nov29, "10:00"),
      deliverBetween: span(nov29, "10:00", "12:00"),
    };
    expect(capacitySlotOf(MAIN, choice, NY).key).not.toBe(capacitySlotOf(DOCK, choice, NY).key);
    expect(capacitySlotOf(DOCK, choice, NY).key).toBe(slotKeyOf(DOCK, "slots", nov29, "10:00"));
  });

  it("a code naming another window (a moved booking) is not read for the day: the delivery's own day is", () => {
    const choice = {
      windowId: "slots",
      serviceCode: "SAMEDAY_WITHIN-3H_20261129",
      deliverBetween: span(nov26, "14:00", "16:00"),
    };
    expect(capacitySlotOf(MAIN, choice, NY)).toMatchObject({ day: nov26, slotStart: null });
  });

  it("checkout's offer and dispatch's booking of one slot share the key, in any zone", () => {
    for (const zone of [NY, LA]) {
      const now = at(nov26, "08:00", zone);
      const offers = openWindows({ now, timeZone: zone, leadTimeMinutes: 30, windows: [slots] });
      expect(offers.map((offer) => capacitySlotOf(MAIN, offer, zone).key)).toEqual([
        `${MAIN}|SAMEDAY_SLOTS_20261126T1000`,
        `${MAIN}|SAMEDAY_SLOTS_20261126T1400`,
        `${MAIN}|SAMEDAY_SLOTS_20261127T1000`,
        `${MAIN}|SAMEDAY_SLOTS_20261127T1400`,
      ]);
    }
  });
});

describe("slotWords: how staff read a slot", () => {
  it.each([
    [serviceCodeFor("slots", nov29, "10:00"), span(nov29, "10:30", "12:00"), "Sun, Nov 29, 10 am–12 pm"],
    [serviceCodeFor("slots", nov26, "11:00"), span(nov26, "11:00", "13:00"), "Thu, Nov 26, 11 am–1 pm"],
    ["SAMEDAY_WITHIN-3H", span(nov26, "14:05", "17:05"), "Within 3 hours, Thu, Nov 26"],
  ])("%s → %s", (serviceCode, deliverBetween, words) => {
    const windowId = serviceCode.startsWith("SAMEDAY_SLOTS") ? "slots" : "within-3h";
    const slot = capacitySlotOf(MAIN, { windowId, serviceCode, deliverBetween }, NY);
    const name = windowId === "slots" ? slots.serviceName : within3h.serviceName;
    expect(slotWords(slot, name, NY)).toBe(words);
    expect(overCapacityWords(words)).toBe(`Booked over capacity: ${words}`);
  });
});

describe("capacity rules", () => {
  it.each([
    [null, 0, false],
    [null, 10_000, false],
    [0, 0, true],
    [5, 0, false],
    [5, 4, false],
    [5, 5, true],
    [5, 7, true],
  ])("capacity %s with %d places taken: full %s", (capacity, taken, full) => {
    expect(isSlotFull(capacity, taken)).toBe(full);
  });

  it.each([
    // capacity, lowest free place number, bookings held, within
    [null, 1, 0, true],
    [null, 250, 249, true],
    [5, 1, 0, true],
    [5, 5, 4, true],
    [5, 6, 5, false],
    [0, 1, 0, false],
    // A place freed (number 2) while an over-capacity booking still counts: still full.
    [5, 2, 5, false],
    // Capacity lowered to 3 while places 4 and 5 are held: number 1 is free but the slot is full.
    [3, 1, 4, false],
  ])("capacity %s, free place %d, %d held → within %s", (capacity, freePlace, active, within) => {
    expect(withinCapacity(capacity, freePlace, active)).toBe(within);
  });

  it("a location's capacity from the hours settings; none set or no entry: no limit", () => {
    const hours = [
      { locationGid: MAIN, slotCapacity: 5 },
      { locationGid: DOCK, slotCapacity: null },
    ];
    expect(slotCapacityOf(hours, MAIN)).toBe(5);
    expect(slotCapacityOf(hours, DOCK)).toBeNull();
    expect(slotCapacityOf(hours, "gid://shopify/Location/3")).toBeNull();
    expect(slotCapacityOf([{ locationGid: MAIN }], MAIN)).toBeNull();
    expect(slotCapacityOf([{ locationGid: MAIN, slotCapacity: 0 }], MAIN)).toBe(0);
  });

  it("openWindows leaves out the full slots before the maxRates cap, so later slots take their places", () => {
    const input = { now: at(nov26, "08:00"), timeZone: NY, leadTimeMinutes: 30, windows: [{ ...slots, maxRates: 2 }] };
    const taken = new Map([
      [`${MAIN}|SAMEDAY_SLOTS_20261126T1000`, 3],
      [`${MAIN}|SAMEDAY_SLOTS_20261126T1400`, 2],
      [`${DOCK}|SAMEDAY_SLOTS_20261127T1000`, 3],
    ]);
    const offered = (capacity: number | null) =>
      openWindows({ ...input, isFull: fullSlotTest({ locationGid: MAIN, capacity, taken, timeZone: NY }) }).map(
        (offer) => offer.serviceCode,
      );
    expect(offered(3)).toEqual(["SAMEDAY_SLOTS_20261126T1400", "SAMEDAY_SLOTS_20261127T1000"]);
    expect(offered(2)).toEqual(["SAMEDAY_SLOTS_20261127T1000", "SAMEDAY_SLOTS_20261127T1400"]);
    expect(offered(null)).toEqual(["SAMEDAY_SLOTS_20261126T1000", "SAMEDAY_SLOTS_20261126T1400"]);
    expect(offered(0)).toEqual([]);
    // The slots whose places checkout counts: every slot of the days ahead, past the cap, and each other offer's.
    expect(candidateSlotKeys(MAIN, { ...input, windows: [{ ...slots, maxRates: 2 }, within3h] })).toEqual([
      `${MAIN}|SAMEDAY_SLOTS_20261126T1000`,
      `${MAIN}|SAMEDAY_SLOTS_20261126T1400`,
      `${MAIN}|SAMEDAY_SLOTS_20261127T1000`,
      `${MAIN}|SAMEDAY_SLOTS_20261127T1400`,
      `${MAIN}|SAMEDAY_WITHIN-3H_20261126`,
    ]);
  });

  it("a full window of another kind is left out too", () => {
    const input = { now: at(nov26, "08:00"), timeZone: NY, leadTimeMinutes: 30, windows: [within3h] };
    const taken = new Map([[`${MAIN}|SAMEDAY_WITHIN-3H_20261126`, 1]]);
    const isFull = fullSlotTest({ locationGid: MAIN, capacity: 1, taken, timeZone: NY });
    expect(openWindows(input)).toHaveLength(1);
    expect(openWindows({ ...input, isFull })).toEqual([]);
  });
});
