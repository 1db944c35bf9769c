import { describe, expect, it } from "vitest";
import { demoSlot, demoSlotLabel } from "./slot";

/** The demo's slot is placed from the clock: the same shape at any hour, across midnight too. */
describe("demoSlot", () => {
  it.each([
    ["3 am", "2026-11-25T11:00:00Z", "2026-11-25T11:15:00Z", "SAMEDAY_SCHEDULED_20261125T0315", "Today, 3:15–4:15 am"],
    ["noon", "2026-11-25T20:00:00Z", "2026-11-25T20:15:00Z", "SAMEDAY_SCHEDULED_20261125T1215", "Today, 12:15–1:15 pm"],
    [
      "12:07 pm",
      "2026-11-25T20:07:00Z",
      "2026-11-25T20:30:00Z",
      "SAMEDAY_SCHEDULED_20261125T1230",
      "Today, 12:30–1:30 pm",
    ],
    [
      "11:55 pm",
      "2026-11-26T07:55:00Z",
      "2026-11-26T08:15:00Z",
      "SAMEDAY_SCHEDULED_20261126T0015",
      "Tomorrow, 12:15–1:15 am",
    ],
  ])("at %s (Los Angeles)", (_name, now, start, code, label) => {
    const slot = demoSlot(new Date(now), "America/Los_Angeles");
    expect(slot.startAt.toISOString()).toBe(new Date(start).toISOString());
    expect(slot.endAt.getTime() - slot.startAt.getTime()).toBe(3_600_000);
    expect(slot.serviceCode).toBe(code);
    expect(demoSlotLabel(slot, new Date(now), "America/Los_Angeles")).toBe(label);
    // Within the courier sandbox's 30 minutes for bookings it drives itself, and after the 5-minute lead time.
    const ahead = slot.startAt.getTime() - Date.parse(now);
    expect(ahead).toBeGreaterThanOrEqual(10 * 60_000);
    expect(ahead).toBeLessThan(30 * 60_000);
  });
});
