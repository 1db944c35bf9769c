import { describe, expect, it } from "vitest";
import {
  ALWAYS_OPEN,
  closedEntryOn,
  firstOpenAtOrAfter,
  intersectHours,
  isAlwaysOpen,
  type LocationHours,
  nextOpenDay,
  openSpanAt,
  openSpansOn,
} from "~/schedule/opening-hours";
import { earliestPickup } from "~/schedule/pickup";
import { bakery, LA, LONDON, NY } from "./fixtures";

const day = (text: string) => {
  const [year, month, dayOfMonth] = text.split("-").map(Number) as [number, number, number];
  return { year, month, day: dayOfMonth };
};
const spans = (hours: LocationHours, date: string, zone = NY) =>
  openSpansOn(hours, day(date), zone).map((s) => [s.start.toISOString(), s.end.toISOString()]);
const hoursLong = (hours: LocationHours, date: string, zone: string) =>
  openSpansOn(hours, day(date), zone).reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()), 0) / 3_600_000;

describe("openSpansOn: a day's opening hours as instants", () => {
  it.each([
    // 2026-11-25 is a Wednesday: the split day, New York on EST (UTC-5).
    {
      name: "a split weekday",
      date: "2026-11-25",
      expected: [
        ["2026-11-25T13:00:00.000Z", "2026-11-25T17:00:00.000Z"],
        ["2026-11-25T18:00:00.000Z", "2026-11-26T00:00:00.000Z"],
      ],
    },
    {
      name: "a short Saturday",
      date: "2026-11-28",
      expected: [["2026-11-28T14:00:00.000Z", "2026-11-28T19:00:00.000Z"]],
    },
    { name: "a closed Sunday", date: "2026-11-29", expected: [] },
  ])("$name", ({ date, expected }) => {
    expect(spans(bakery, date)).toEqual(expected);
  });

  it("a closed date (a range, with its reason) closes a day that is open by the week", () => {
    const holidays = { ...bakery, closedDates: [{ from: "2026-12-24", to: "2026-12-26", reason: "Holidays" }] };
    expect(spans(holidays, "2026-12-24")).toEqual([]);
    expect(spans(holidays, "2026-12-26")).toEqual([]);
    expect(closedEntryOn(holidays, day("2026-12-25"))?.reason).toBe("Holidays");
    expect(spans(holidays, "2026-12-23")).toHaveLength(2);
    expect(closedEntryOn(holidays, day("2026-12-27"))).toBeNull();
  });

  it.each([
    { name: "New York spring forward: a 23-hour day", date: "2026-03-08", zone: NY, hours: 23 },
    { name: "New York fall back: a 25-hour day", date: "2026-11-01", zone: NY, hours: 25 },
    { name: "Los Angeles spring forward", date: "2026-03-08", zone: LA, hours: 23 },
    { name: "London spring forward (last Sunday of March)", date: "2026-03-29", zone: LONDON, hours: 23 },
    { name: "London fall back", date: "2026-10-25", zone: LONDON, hours: 25 },
    { name: "an ordinary day", date: "2026-06-10", zone: NY, hours: 24 },
  ])("all day open: $name", ({ date, zone, hours }) => {
    expect(hoursLong(ALWAYS_OPEN, date, zone)).toBe(hours);
  });

  it("a 01:00–03:00 span is as long as the clocks say: 1 hour on spring day, 3 on fall day", () => {
    const night: LocationHours = {
      ...ALWAYS_OPEN,
      weekly: ALWAYS_OPEN.weekly.map(() => [{ start: "01:00", end: "03:00" }]),
    };
    expect(spans(night, "2026-03-08")).toEqual([["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"]]);
    expect(spans(night, "2026-11-01")).toEqual([["2026-11-01T05:00:00.000Z", "2026-11-01T08:00:00.000Z"]]);
  });
});

describe("isAlwaysOpen: the fast path of shops without hours", () => {
  it.each([
    { name: "the default", hours: ALWAYS_OPEN, expected: true },
    { name: "the same hours, saved", hours: structuredClone(ALWAYS_OPEN) as LocationHours, expected: true },
    {
      name: "one closed date",
      hours: { ...ALWAYS_OPEN, closedDates: [{ from: "2026-12-25", to: "2026-12-25", reason: "" }] },
      expected: false,
    },
    {
      name: "one short day",
      hours: { ...ALWAYS_OPEN, weekly: [[{ start: "00:00", end: "23:00" }], ...ALWAYS_OPEN.weekly.slice(1)] },
      expected: false,
    },
    { name: "the bakery", hours: bakery, expected: false },
  ])("$name → $expected", ({ hours, expected }) => {
    expect(isAlwaysOpen(hours)).toBe(expected);
  });

  it("hours changed by the merchant (a new settings object) are not answered from another's cache", () => {
    expect(spans(bakery, "2026-11-28")).toEqual([["2026-11-28T14:00:00.000Z", "2026-11-28T19:00:00.000Z"]]);
    const longer = { ...bakery, weekly: [...bakery.weekly.slice(0, 6), [{ start: "09:00", end: "17:00" }]] };
    expect(spans(longer, "2026-11-28")).toEqual([["2026-11-28T14:00:00.000Z", "2026-11-28T22:00:00.000Z"]]);
  });
});

describe("when the location is open next", () => {
  it.each([
    { name: "open now", at: "2026-11-25T15:00:00Z", expected: "2026-11-25T15:00:00.000Z" },
    { name: "in the lunch break: at 13:00", at: "2026-11-25T17:30:00Z", expected: "2026-11-25T18:00:00.000Z" },
    { name: "after closing: tomorrow at 08:00", at: "2026-11-26T01:00:00Z", expected: "2026-11-26T13:00:00.000Z" },
    {
      name: "Saturday evening: Monday (Sunday is closed)",
      at: "2026-11-28T20:00:00Z",
      expected: "2026-11-30T13:00:00.000Z",
    },
  ])("$name", ({ at, expected }) => {
    expect(firstOpenAtOrAfter(bakery, new Date(at), NY)?.toISOString()).toBe(expected);
  });

  it("never, when closed for longer than the search horizon", () => {
    const closed = { ...bakery, closedDates: [{ from: "2026-11-01", to: "2027-02-01", reason: "Renovation" }] };
    expect(firstOpenAtOrAfter(closed, new Date("2026-11-25T15:00:00Z"), NY)).toBeNull();
    expect(nextOpenDay(closed, day("2026-11-25"), NY)).toBeNull();
  });

  it("merges spans that touch across midnight", () => {
    const span = openSpanAt(ALWAYS_OPEN, new Date("2026-11-25T15:00:00Z"), NY);
    expect(span?.end.getTime()).toBeGreaterThan(new Date("2026-11-26T05:00:00Z").getTime());
    expect(openSpanAt(bakery, new Date("2026-11-25T17:30:00Z"), NY)).toBeNull();
  });
});

describe("earliestPickup: inside opening hours, after preparation and lead time", () => {
  it.each([
    {
      name: "open: now + 30 minutes' preparation",
      now: "2026-11-25T15:00:00Z",
      lead: 15,
      expected: "2026-11-25T15:30:00.000Z",
    },
    {
      name: "ready in the lunch break: at 13:00",
      now: "2026-11-25T16:50:00Z",
      lead: 15,
      expected: "2026-11-25T18:00:00.000Z",
    },
    {
      name: "the lead time is longer than preparation",
      now: "2026-11-25T15:00:00Z",
      lead: 60,
      expected: "2026-11-25T16:00:00.000Z",
    },
    {
      name: "closed: preparation starts at the next opening",
      now: "2026-11-26T01:00:00Z",
      lead: 15,
      expected: "2026-11-26T13:30:00.000Z",
    },
    {
      name: "Saturday after closing: Monday 08:30",
      now: "2026-11-28T20:00:00Z",
      lead: 15,
      expected: "2026-11-30T13:30:00.000Z",
    },
    { name: "rounded up to 5 minutes", now: "2026-11-25T15:01:00Z", lead: 15, expected: "2026-11-25T15:35:00.000Z" },
  ])("$name", ({ now, lead, expected }) => {
    const pickup = earliestPickup({ now: new Date(now), timeZone: NY, hours: bakery, leadTimeMinutes: lead });
    expect(pickup?.toISOString()).toBe(expected);
  });
});

describe("intersectHours: what every location of a cart can serve", () => {
  const a: LocationHours = {
    weekly: [[], ...Array.from({ length: 5 }, () => [{ start: "08:00", end: "19:00" }]), []],
    closedDates: [{ from: "2026-12-24", to: "2026-12-25", reason: "Christmas" }],
    preparationMinutes: 15,
  };
  const split = [
    { start: "10:00", end: "12:00" },
    { start: "13:00", end: "16:00" },
  ];
  const b: LocationHours = {
    weekly: [[], split, split, split, split, split, [{ start: "09:00", end: "14:00" }]],
    closedDates: [{ from: "2026-11-26", to: "2026-11-26", reason: "Thanksgiving" }],
    preparationMinutes: 45,
  };

  it("overlaps the spans per weekday, keeps every closed date and the longest preparation", () => {
    const both = intersectHours([a, b]);
    expect(both.weekly).toEqual([[], split, split, split, split, split, []]);
    expect(both.closedDates.map((c) => c.reason)).toEqual(["Christmas", "Thanksgiving"]);
    expect(both.preparationMinutes).toBe(45);
  });

  it("one location is its own hours; none is always open", () => {
    expect(intersectHours([b])).toBe(b);
    expect(intersectHours([])).toBe(ALWAYS_OPEN);
  });
});
