import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  isValidTimeZone,
  parseClockTime,
  zonedDateTimeToUtc,
  zonedParts,
  zoneOffsetMinutes,
} from "~/schedule/time-zone";

describe("zonedDateTimeToUtc", () => {
  it.each([
    // zone, local y-m-d hh:mm, expected instant, why
    ["UTC", [2026, 6, 10, 12, 0], "2026-06-10T12:00:00.000Z", "UTC is itself"],
    ["UTC", [2026, 12, 31, 23, 59], "2026-12-31T23:59:00.000Z", "UTC at year end"],
    ["America/New_York", [2026, 1, 15, 9, 0], "2026-01-15T14:00:00.000Z", "EST is UTC-5"],
    ["America/New_York", [2026, 7, 15, 9, 0], "2026-07-15T13:00:00.000Z", "EDT is UTC-4"],
    ["America/New_York", [2026, 7, 15, 21, 30], "2026-07-16T01:30:00.000Z", "evening falls on the next UTC day"],
    // Spring forward, Sunday 2026-03-08: 02:00 EST becomes 03:00 EDT.
    ["America/New_York", [2026, 3, 8, 0, 0], "2026-03-08T05:00:00.000Z", "spring day: midnight is still EST"],
    ["America/New_York", [2026, 3, 8, 1, 59], "2026-03-08T06:59:00.000Z", "spring day: last EST minute"],
    [
      "America/New_York",
      [2026, 3, 8, 2, 0],
      "2026-03-08T07:00:00.000Z",
      "spring day: 02:00 does not exist → 03:00 EDT",
    ],
    [
      "America/New_York",
      [2026, 3, 8, 2, 30],
      "2026-03-08T07:30:00.000Z",
      "spring day: 02:30 does not exist → 03:30 EDT",
    ],
    ["America/New_York", [2026, 3, 8, 3, 0], "2026-03-08T07:00:00.000Z", "spring day: 03:00 EDT"],
    ["America/New_York", [2026, 3, 8, 20, 0], "2026-03-09T00:00:00.000Z", "spring day: evening is EDT"],
    // Fall back, Sunday 2026-11-01: 02:00 EDT becomes 01:00 EST, so 01:xx happens twice.
    ["America/New_York", [2026, 11, 1, 0, 30], "2026-11-01T04:30:00.000Z", "fall day: before the change, EDT"],
    ["America/New_York", [2026, 11, 1, 1, 0], "2026-11-01T05:00:00.000Z", "fall day: 01:00 twice → the first (EDT)"],
    ["America/New_York", [2026, 11, 1, 1, 30], "2026-11-01T05:30:00.000Z", "fall day: 01:30 twice → the first (EDT)"],
    ["America/New_York", [2026, 11, 1, 2, 0], "2026-11-01T07:00:00.000Z", "fall day: 02:00 is EST"],
    ["America/New_York", [2026, 11, 1, 17, 0], "2026-11-01T22:00:00.000Z", "fall day: afternoon is EST"],
    // Berlin: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
    ["Europe/Berlin", [2026, 3, 29, 2, 30], "2026-03-29T01:30:00.000Z", "Berlin spring gap → 03:30 CEST"],
    ["Europe/Berlin", [2026, 3, 29, 17, 0], "2026-03-29T15:00:00.000Z", "Berlin spring day afternoon, CEST"],
    ["Europe/Berlin", [2026, 10, 25, 2, 30], "2026-10-25T00:30:00.000Z", "Berlin fall: 02:30 twice → first (CEST)"],
    ["Europe/Berlin", [2026, 10, 25, 17, 0], "2026-10-25T16:00:00.000Z", "Berlin fall day afternoon, CET"],
    // Auckland (southern hemisphere): NZDT +13 in January, NZST +12 in July.
    ["Pacific/Auckland", [2026, 1, 15, 9, 0], "2026-01-14T20:00:00.000Z", "NZDT, previous UTC day"],
    ["Pacific/Auckland", [2026, 7, 15, 9, 0], "2026-07-14T21:00:00.000Z", "NZST"],
    ["Pacific/Auckland", [2026, 9, 27, 2, 30], "2026-09-26T14:30:00.000Z", "Auckland spring gap → 03:30 NZDT"],
    ["Pacific/Auckland", [2026, 4, 5, 2, 30], "2026-04-04T13:30:00.000Z", "Auckland fall: 02:30 twice → first (NZDT)"],
    ["Pacific/Auckland", [2026, 4, 5, 3, 0], "2026-04-04T15:00:00.000Z", "Auckland fall: 03:00 NZST"],
    ["Asia/Kathmandu", [2026, 6, 10, 12, 0], "2026-06-10T06:15:00.000Z", "a +05:45 zone"],
  ] as const)("%s %j → %s (%s)", (zone, [y, m, d, hh, mm], expected, _label) => {
    expect(zonedDateTimeToUtc(y, m, d, hh, mm, zone).toISOString()).toBe(expected);
  });

  it.each([
    ["America/New_York", "2026-03-07T00:00:00Z"],
    ["America/New_York", "2026-10-31T00:00:00Z"],
    ["Europe/Berlin", "2026-03-28T00:00:00Z"],
    ["Europe/Berlin", "2026-10-24T00:00:00Z"],
    ["Pacific/Auckland", "2026-09-26T00:00:00Z"],
    ["Pacific/Auckland", "2026-04-04T00:00:00Z"],
  ])("round-trips every quarter hour for three days around a change in %s from %s", (zone, from) => {
    const start = Date.parse(from);
    for (let t = start; t < start + 3 * 86_400_000; t += 15 * 60_000) {
      const instant = new Date(t);
      const p = zonedParts(instant, zone);
      const back = zonedDateTimeToUtc(p.year, p.month, p.day, p.hour, p.minute, zone).getTime();
      // Only the second occurrence of a repeated hour maps to its first occurrence, one hour earlier.
      expect([t, t - 3_600_000]).toContain(back);
      if (back !== t) expect(zoneOffsetMinutes(new Date(back), zone)).toBeGreaterThan(zoneOffsetMinutes(instant, zone));
    }
  });

  it.each([
    [[2026, 13, 1, 0, 0], "UTC", /month/],
    [[2026, 4, 31, 0, 0], "UTC", /day/],
    [[2026, 2, 29, 0, 0], "UTC", /day/],
    [[2026, 1, 1, 24, 0], "UTC", /hour/],
    [[2026, 1, 1, 12, 60], "UTC", /minute/],
    [[2026, 1, 1.5, 12, 0], "UTC", /day/],
    [[2026, 1, 1, 12, 0], "Mars/Olympus_Mons", /Unknown time zone/],
    [[2026, 1, 1, 12, 0], "", /Unknown time zone/],
  ] as const)("refuses %j in %s", ([y, m, d, hh, mm], zone, message) => {
    expect(() => zonedDateTimeToUtc(y, m, d, hh, mm, zone)).toThrow(RangeError);
    expect(() => zonedDateTimeToUtc(y, m, d, hh, mm, zone)).toThrow(message);
  });

  it("accepts 29 February in a leap year", () => {
    expect(zonedDateTimeToUtc(2028, 2, 29, 12, 0, "UTC").toISOString()).toBe("2028-02-29T12:00:00.000Z");
  });
});

describe("zoneOffsetMinutes and zonedParts", () => {
  it.each([
    ["UTC", "2026-06-10T12:00:00Z", 0],
    ["America/New_York", "2026-01-15T12:00:00Z", -300],
    ["America/New_York", "2026-07-15T12:00:00Z", -240],
    ["America/New_York", "2026-03-08T06:59:59Z", -300],
    ["America/New_York", "2026-03-08T07:00:00Z", -240],
    ["Europe/Berlin", "2026-10-25T00:59:00Z", 120],
    ["Europe/Berlin", "2026-10-25T01:00:00Z", 60],
    ["Pacific/Auckland", "2026-01-15T12:00:00Z", 780],
    ["Pacific/Auckland", "2026-07-15T12:00:00Z", 720],
    ["Asia/Kathmandu", "2026-07-15T12:00:00Z", 345],
    ["America/St_Johns", "2026-01-15T12:00:00Z", -210],
  ])("%s at %s is UTC%+d min", (zone, iso, offset) => {
    expect(zoneOffsetMinutes(new Date(iso), zone)).toBe(offset);
  });

  it.each([
    ["America/New_York", "2026-06-11T04:00:00.500Z", { year: 2026, month: 6, day: 11, hour: 0, minute: 0, second: 0 }],
    ["America/New_York", "2026-06-11T03:59:59Z", { year: 2026, month: 6, day: 10, hour: 23, minute: 59, second: 59 }],
    ["Pacific/Auckland", "2026-12-31T11:00:00Z", { year: 2027, month: 1, day: 1, hour: 0, minute: 0, second: 0 }],
  ])("%s at %s reads as %j (midnight is hour 0, never 24)", (zone, iso, parts) => {
    expect(zonedParts(new Date(iso), zone)).toEqual(parts);
  });

  it("refuses an invalid date", () => {
    expect(() => zonedParts(new Date(NaN), "UTC")).toThrow(RangeError);
  });

  it.each([
    ["UTC", true],
    ["America/New_York", true],
    ["Not/AZone", false],
    ["", false],
  ])("isValidTimeZone(%j) is %s", (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});

describe("calendar helpers", () => {
  it.each([
    [{ year: 2026, month: 1, day: 31 }, 1, { year: 2026, month: 2, day: 1 }],
    [{ year: 2026, month: 12, day: 31 }, 1, { year: 2027, month: 1, day: 1 }],
    [{ year: 2028, month: 2, day: 28 }, 1, { year: 2028, month: 2, day: 29 }],
    [{ year: 2026, month: 3, day: 1 }, -1, { year: 2026, month: 2, day: 28 }],
  ])("%j plus %d day(s) is %j", (date, days, expected) => {
    expect(addDays(date, days)).toEqual(expected);
  });

  it.each([
    ["09:00", { hour: 9, minute: 0 }],
    ["9:05", { hour: 9, minute: 5 }],
    ["23:59", { hour: 23, minute: 59 }],
  ])("parseClockTime(%j)", (text, expected) => {
    expect(parseClockTime(text)).toEqual(expected);
  });

  it.each(["24:00", "12:60", "noon", "12:5", ""])("parseClockTime refuses %j", (text) => {
    expect(() => parseClockTime(text)).toThrow(RangeError);
  });
});

describe("zonedParts, converted by arithmetic within a quarter hour, agrees with Intl at every instant", () => {
  const ZONES = [
    "America/Los_Angeles",
    "America/New_York",
    "Europe/London",
    "Australia/Lord_Howe", // a 30-minute change
    "Asia/Kathmandu", // +05:45
    "Pacific/Chatham", // +12:45 / +13:45
    "America/St_Johns", // -03:30 / -02:30
    "Africa/Casablanca", // changes for Ramadan
    "UTC",
  ];
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlParts = (instant: Date, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
      formats.set(timeZone, format);
    }
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant))
      if (part.type !== "literal") parts[part.type] = Number(part.value);
    return { ...parts, hour: parts.hour! % 24 };
  };
  const intlOffset = (at: number, timeZone: string) => {
    const p = intlParts(new Date(at), timeZone) as Record<string, number>;
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };

  it("around every transition of 2026 and 2027 (each minute ±2 hours of it) and at random instants", () => {
    let transitions = 0;
    for (const timeZone of ZONES) {
      // Transitions found by the offset changing between hours.
      for (let hour = Date.UTC(2026, 0, 1); hour < Date.UTC(2028, 0, 1); hour += 3_600_000) {
        if (intlOffset(hour, timeZone) === intlOffset(hour + 3_600_000, timeZone)) continue;
        transitions += 1;
        for (let at = hour - 2 * 3_600_000; at <= hour + 3 * 3_600_000; at += 60_000 - 1) {
          const instant = new Date(at);
          expect(zonedParts(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toEqual(
            intlParts(instant, timeZone),
          );
        }
      }
    }
    // Los Angeles, New York, London, Lord Howe, St John's: two a year; Chatham too; Casablanca: Ramadan.
    expect(transitions).toBeGreaterThanOrEqual(20);
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (timeZone, at) => {
          expect(zonedParts(new Date(at), timeZone)).toEqual(intlParts(new Date(at), timeZone));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
