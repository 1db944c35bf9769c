import { describe, expect, it } from "vitest";
import { parseServiceCode, serviceCodeFor, windowIdFromServiceCode } from "~/schedule/service-code";

describe("service codes name the window, and the day or slot", () => {
  it.each([
    { windowId: "within-3-hours", date: null, start: null, code: "SAMEDAY_WITHIN-3-HOURS" },
    {
      windowId: "within-3-hours",
      date: { year: 2026, month: 11, day: 26 },
      start: null,
      code: "SAMEDAY_WITHIN-3-HOURS_20261126",
    },
    {
      windowId: "slots",
      date: { year: 2026, month: 11, day: 29 },
      start: "10:00",
      code: "SAMEDAY_SLOTS_20261129T1000",
    },
  ])("$code round-trips", ({ windowId, date, start, code }) => {
    expect(serviceCodeFor(windowId, date, start)).toBe(code);
    expect(parseServiceCode(code)).toEqual({ windowId, date, start });
    expect(windowIdFromServiceCode(code)).toBe(windowId);
  });

  it.each([
    "SAMEDAY_SLOTS_20261131",
    "SAMEDAY_SLOTS_20261329",
    "SAMEDAY_SLOTS_20261129T2400",
    "SAMEDAY_SLOTS_20261129T1060",
    "SAMEDAY_SLOTS_2026112",
    "SAMEDAY_SLOTS_20261129_1000",
    "SAMEDAY_slots_20261129",
    "SAMEDAY__20261129",
  ])("%s is not one of ours", (code) => {
    expect(parseServiceCode(code)).toBeNull();
  });
});
