import { describe, expect, it } from "vitest";
import { shopDay, shopMonth } from "~/watchdog/periods";

describe("the shop's day and month", () => {
  it.each([
    // 11 PM in New York is already the next day in UTC: the shop's day is still the 24th.
    ["2026-11-25T03:59:00.000Z", "America/New_York", "2026-11-24T05:00:00.000Z", "2026-11-25T05:00:00.000Z"],
    ["2026-11-25T05:00:00.000Z", "America/New_York", "2026-11-25T05:00:00.000Z", "2026-11-26T05:00:00.000Z"],
    // The day clocks go back is 25 hours long.
    ["2026-11-01T12:00:00.000Z", "America/New_York", "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ["2026-11-25T12:00:00.000Z", "UTC", "2026-11-25T00:00:00.000Z", "2026-11-26T00:00:00.000Z"],
  ])("%s in %s: from %s to %s", (instant, zone, start, end) => {
    expect(shopDay(new Date(instant), zone)).toEqual({ start: new Date(start), end: new Date(end) });
  });

  it.each([
    ["2026-12-01T03:00:00.000Z", "America/Los_Angeles", "2026-11-01T07:00:00.000Z", "2026-12-01T08:00:00.000Z"],
    ["2026-12-31T23:30:00.000Z", "UTC", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ])("the month of %s in %s: from %s to %s", (instant, zone, start, end) => {
    expect(shopMonth(new Date(instant), zone)).toEqual({ start: new Date(start), end: new Date(end) });
  });
});
