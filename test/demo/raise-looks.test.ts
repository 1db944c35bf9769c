import { describe, expect, it } from "vitest";
import { checkTimes } from "~/watchdog/no-driver-decision";
import { demoRaiseLooks } from "./raise-looks";

const LEAD_MS = 10_000;

/** The demo's looks: the first already due, the second 10 to 70 s away, at any second of the minute. */
describe("demoRaiseLooks", () => {
  it.each([
    ["on the minute", "2026-11-25T11:05:00.000Z", [10, 9, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:06:00.000Z"],
    ["just after it", "2026-11-25T11:05:00.001Z", [10, 9, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:06:00.000Z"],
    ["49 s past", "2026-11-25T11:05:49.000Z", [10, 9, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:06:00.000Z"],
    ["50 s past", "2026-11-25T11:05:50.000Z", [10, 9, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:06:00.000Z"],
    ["51 s past", "2026-11-25T11:05:51.000Z", [10, 8, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:07:00.000Z"],
    ["59.9 s past", "2026-11-25T11:05:59.900Z", [10, 8, 0], "2026-11-25T11:05:00.000Z", "2026-11-25T11:07:00.000Z"],
  ])("%s", (_name, now, minutes, firstAt, secondAt) => {
    const pickup = new Date("2026-11-25T11:15:00Z");
    const looks = demoRaiseLooks(pickup, new Date(now), LEAD_MS)!;
    expect(looks.minutesBefore).toEqual(minutes);
    expect(looks.firstAt.toISOString()).toBe(firstAt);
    expect(looks.secondAt.toISOString()).toBe(secondAt);
    // The watchdog's own times for these minutes.
    expect(checkTimes(pickup, looks.minutesBefore).slice(0, 2)).toEqual([looks.firstAt, looks.secondAt]);
    const wait = looks.secondAt.getTime() - Date.parse(now);
    expect(wait).toBeGreaterThanOrEqual(LEAD_MS);
    expect(wait).toBeLessThan(LEAD_MS + 60_000);
    expect(looks.firstAt.getTime()).toBeLessThanOrEqual(Date.parse(now));
  });

  it("gives nothing when the pickup is too close for two looks before it", () => {
    const pickup = new Date("2026-11-25T11:15:00Z");
    expect(demoRaiseLooks(pickup, new Date("2026-11-25T11:14:05Z"), LEAD_MS)).toBeNull();
    expect(demoRaiseLooks(pickup, new Date("2026-11-25T11:13:50Z"), LEAD_MS)?.minutesBefore).toEqual([2, 1, 0]);
  });
});
