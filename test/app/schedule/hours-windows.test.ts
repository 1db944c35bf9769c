import { describe, expect, it } from "vitest";
import { windowForDispatch } from "~/schedule/dispatch-window";
import { ALWAYS_OPEN, intersectHours, type LocationHours, openSpanAt } from "~/schedule/opening-hours";
import { openWindows, type OpenWindow } from "~/schedule/windows";
import type { DeliveryWindow, SlotsWindow } from "~/settings/shop-settings";
import { bakery, LA, LONDON, NY, todayBy8, tomorrowMorning, twoHourSlots, within3h } from "./fixtures";

type Row = { code: string; label: string | null; pickup: string; start: string; end: string };

/** Every offered window picks up while open and never delivers before its pickup. */
function rows(open: OpenWindow[], hours: LocationHours, zone: string): Row[] {
  return open.map((w) => {
    expect(openSpanAt(hours, w.pickupAfter, zone), `${w.serviceCode} picks up while closed`).not.toBeNull();
    expect(w.pickupAfter.getTime()).toBeLessThanOrEqual(w.deliverBetween.start.getTime());
    return {
      code: w.serviceCode,
      label: w.label,
      pickup: w.pickupAfter.toISOString(),
      start: w.deliverBetween.start.toISOString(),
      end: w.deliverBetween.end.toISOString(),
    };
  });
}

const offer = (now: string, windows: DeliveryWindow[], hours = bakery, zone = NY, lead = 15) =>
  rows(openWindows({ now: new Date(now), timeZone: zone, leadTimeMinutes: lead, windows, hours }), hours, zone);
const row = (code: string, label: string | null, pickup: string, end: string, start = pickup): Row => ({
  code,
  label,
  pickup: `${pickup}.000Z`,
  start: `${start}.000Z`,
  end: `${end}.000Z`,
});

describe("openWindows with opening hours (the bakery, New York, EST)", () => {
  it.each([
    {
      name: "Wednesday 10:00, open: within 3 hours after preparation, today by 8 pm",
      now: "2026-11-25T15:00:00Z",
      expected: [
        row("SAMEDAY_WITHIN-3H", null, "2026-11-25T15:30:00", "2026-11-25T18:00:00"),
        row("SAMEDAY_TODAY-BY-8PM", null, "2026-11-25T15:30:00", "2026-11-26T01:00:00"),
      ],
    },
    {
      name: "Wednesday 16:59, one minute before the order cutoff",
      now: "2026-11-25T21:59:00Z",
      expected: [
        // Three hours from 16:59 is 19:59, rounded down to the pickup step: 19:55.
        row("SAMEDAY_WITHIN-3H", null, "2026-11-25T22:30:00", "2026-11-26T00:55:00"),
        row("SAMEDAY_TODAY-BY-8PM", null, "2026-11-25T22:30:00", "2026-11-26T01:00:00"),
      ],
    },
    {
      name: "Wednesday 17:00, the cutoff: only within 3 hours",
      now: "2026-11-25T22:00:00Z",
      expected: [row("SAMEDAY_WITHIN-3H", null, "2026-11-25T22:30:00", "2026-11-26T01:00:00")],
    },
    {
      name: "Wednesday 07:00, before opening: no within-hours window, today by 8 pm from 08:30",
      now: "2026-11-25T12:00:00Z",
      expected: [row("SAMEDAY_TODAY-BY-8PM", null, "2026-11-25T13:30:00", "2026-11-26T01:00:00")],
    },
    {
      name: "Wednesday 18:40, pickup cannot come before closing: Thursday's windows",
      now: "2026-11-25T23:40:00Z",
      expected: [
        row("SAMEDAY_WITHIN-3H_20261126", "Within 3 hours (Tomorrow)", "2026-11-26T13:30:00", "2026-11-26T16:30:00"),
        row("SAMEDAY_TODAY-BY-8PM_20261126", "Today by 8 pm (Tomorrow)", "2026-11-26T13:30:00", "2026-11-27T01:00:00"),
      ],
    },
    {
      name: "Sunday noon, closed all day: Monday's windows",
      now: "2026-11-29T17:00:00Z",
      expected: [
        row("SAMEDAY_WITHIN-3H_20261130", "Within 3 hours (Tomorrow)", "2026-11-30T13:30:00", "2026-11-30T16:30:00"),
        row("SAMEDAY_TODAY-BY-8PM_20261130", "Today by 8 pm (Tomorrow)", "2026-11-30T13:30:00", "2026-12-01T01:00:00"),
      ],
    },
    {
      name: "Saturday after closing: Monday's, named by date",
      now: "2026-11-28T20:00:00Z",
      expected: [
        row("SAMEDAY_WITHIN-3H_20261130", "Within 3 hours (Mon, Nov 30)", "2026-11-30T13:30:00", "2026-11-30T16:30:00"),
        row(
          "SAMEDAY_TODAY-BY-8PM_20261130",
          "Today by 8 pm (Mon, Nov 30)",
          "2026-11-30T13:30:00",
          "2026-12-01T01:00:00",
        ),
      ],
    },
  ])("$name", ({ now, expected }) => {
    expect(offer(now, [within3h, todayBy8])).toEqual(expected);
  });

  it("a closed date moves the next-open-day windows past it", () => {
    const thanksgiving = { ...bakery, closedDates: [{ from: "2026-11-26", to: "2026-11-26", reason: "Thanksgiving" }] };
    expect(offer("2026-11-25T23:40:00Z", [within3h], thanksgiving)).toEqual([
      row("SAMEDAY_WITHIN-3H_20261127", "Within 3 hours (Fri, Nov 27)", "2026-11-27T13:30:00", "2026-11-27T16:30:00"),
    ]);
  });

  it("a tomorrow window on Saturday is Monday's (Sunday is closed), named by date", () => {
    expect(offer("2026-11-28T15:00:00Z", [tomorrowMorning])).toEqual([
      row(
        "SAMEDAY_TOMORROW-MORNING_20261130",
        "Tomorrow morning (Mon, Nov 30)",
        "2026-11-30T14:00:00",
        "2026-11-30T17:00:00",
      ),
    ]);
  });

  it("a tomorrow window on Wednesday keeps its plain code", () => {
    expect(offer("2026-11-25T15:00:00Z", [tomorrowMorning])).toEqual([
      row("SAMEDAY_TOMORROW-MORNING", null, "2026-11-26T14:00:00", "2026-11-26T17:00:00"),
    ]);
  });
});

describe("scheduled slots", () => {
  it.each([
    {
      name: "Wednesday 13:30: the slots still ahead today, then tomorrow's, at most 4",
      now: "2026-11-25T18:30:00Z",
      expected: [
        row("SAMEDAY_SLOTS_20261125T1400", "Today 2–4 pm", "2026-11-25T19:00:00", "2026-11-25T21:00:00"),
        row("SAMEDAY_SLOTS_20261125T1600", "Today 4–6 pm", "2026-11-25T21:00:00", "2026-11-25T23:00:00"),
        row("SAMEDAY_SLOTS_20261125T1800", "Today 6–8 pm", "2026-11-25T23:00:00", "2026-11-26T01:00:00"),
        row("SAMEDAY_SLOTS_20261126T1000", "Tomorrow 10 am–12 pm", "2026-11-26T15:00:00", "2026-11-26T17:00:00"),
      ],
    },
    {
      name: "Saturday after closing: Monday's slots (Sunday is closed), named by date",
      now: "2026-11-28T20:00:00Z",
      expected: [
        row("SAMEDAY_SLOTS_20261130T1000", "Mon, Nov 30, 10 am–12 pm", "2026-11-30T15:00:00", "2026-11-30T17:00:00"),
        row("SAMEDAY_SLOTS_20261130T1400", "Mon, Nov 30, 2–4 pm", "2026-11-30T19:00:00", "2026-11-30T21:00:00"),
        row("SAMEDAY_SLOTS_20261130T1600", "Mon, Nov 30, 4–6 pm", "2026-11-30T21:00:00", "2026-11-30T23:00:00"),
        row("SAMEDAY_SLOTS_20261130T1800", "Mon, Nov 30, 6–8 pm", "2026-11-30T23:00:00", "2026-12-01T01:00:00"),
      ],
    },
  ])("$name", ({ now, expected }) => {
    expect(offer(now, [twoHourSlots])).toEqual(expected);
  });

  it("at most maxRates slots", () => {
    expect(offer("2026-11-25T18:30:00Z", [{ ...twoHourSlots, maxRates: 2 }]).map((r) => r.label)).toEqual([
      "Today 2–4 pm",
      "Today 4–6 pm",
    ]);
  });

  it("a slot after closing is picked up an hour before closing and delivered as chosen", () => {
    const evening: SlotsWindow = { ...twoHourSlots, startTimes: ["19:30"], daysAhead: 1 };
    expect(offer("2026-11-25T15:00:00Z", [evening])).toEqual([
      row(
        "SAMEDAY_SLOTS_20261125T1930",
        "Today 7:30–9:30 pm",
        "2026-11-25T23:00:00",
        "2026-11-26T02:30:00",
        "2026-11-26T00:30:00",
      ),
    ]);
  });

  it("a repeating pattern: every 90 minutes from 10:00 to 13:00", () => {
    const pattern: SlotsWindow = {
      ...twoHourSlots,
      slotMinutes: 90,
      startTimes: [],
      repeat: { from: "10:00", until: "13:00", everyMinutes: 90 },
      daysAhead: 1,
    };
    expect(offer("2026-11-25T13:00:00Z", [pattern], ALWAYS_OPEN, NY, 60).map((r) => r.label)).toEqual([
      "Today 10–11:30 am",
      "Today 11:30 am–1 pm",
      "Today 1–2:30 pm",
    ]);
  });

  it("a slot across midnight ends the next day", () => {
    const late: SlotsWindow = { ...twoHourSlots, startTimes: ["23:00"], daysAhead: 1 };
    expect(offer("2026-11-28T01:00:00Z", [late], ALWAYS_OPEN, NY, 60)).toEqual([
      row("SAMEDAY_SLOTS_20261127T2300", "Today 11 pm–1 am", "2026-11-28T04:00:00", "2026-11-28T06:00:00"),
    ]);
  });

  it.each([
    {
      name: "New York fall back: a 2-hour slot from 00:30 EDT ends at 01:30 EST",
      zone: NY,
      now: "2026-11-01T02:00:00Z",
      start: "00:30",
      expected: row(
        "SAMEDAY_SLOTS_20261101T0030",
        "Tomorrow 12:30–1:30 am",
        "2026-11-01T04:30:00",
        "2026-11-01T06:30:00",
      ),
    },
    {
      name: "Los Angeles spring forward: a 2-hour slot from 01:00 PST ends at 04:00 PDT",
      zone: LA,
      now: "2026-03-08T04:00:00Z",
      start: "01:00",
      expected: row("SAMEDAY_SLOTS_20260308T0100", "Tomorrow 1–4 am", "2026-03-08T09:00:00", "2026-03-08T11:00:00"),
    },
    {
      name: "London spring forward: 10:00 is BST the next morning",
      zone: LONDON,
      now: "2026-03-28T18:00:00Z",
      start: "10:00",
      expected: row(
        "SAMEDAY_SLOTS_20260329T1000",
        "Tomorrow 10 am–12 pm",
        "2026-03-29T09:00:00",
        "2026-03-29T11:00:00",
      ),
    },
  ])("$name", ({ zone, now, start, expected }) => {
    const slots: SlotsWindow = { ...twoHourSlots, startTimes: [start], daysAhead: 2 };
    expect(offer(now, [slots], ALWAYS_OPEN, zone, 60)).toEqual([expected]);
  });
});

describe("a cart from several locations gets only what all of them can serve", () => {
  const late: LocationHours = {
    weekly: [[], ...Array.from({ length: 5 }, () => [{ start: "10:00", end: "16:00" }]), []],
    closedDates: [{ from: "2026-11-26", to: "2026-11-26", reason: "Thanksgiving" }],
    preparationMinutes: 45,
  };
  const both = intersectHours([bakery, late]);

  it("Wednesday 09:00: the bakery is open, the other not yet: today by 8 pm from 10:45", () => {
    expect(offer("2026-11-25T14:00:00Z", [within3h, todayBy8], both)).toEqual([
      row("SAMEDAY_TODAY-BY-8PM", null, "2026-11-25T15:45:00", "2026-11-26T01:00:00"),
    ]);
  });

  it("Wednesday 15:30: not ready before the earlier closing, Thursday closed at one: Friday's windows", () => {
    expect(offer("2026-11-25T20:30:00Z", [within3h], both)).toEqual([
      row("SAMEDAY_WITHIN-3H_20261127", "Within 3 hours (Fri, Nov 27)", "2026-11-27T15:45:00", "2026-11-27T18:45:00"),
    ]);
  });
});

describe("windowForDispatch keeps the shopper's choice", () => {
  const dispatch = (now: string, serviceCode: string, windows: DeliveryWindow[]) =>
    windowForDispatch({
      now: new Date(now),
      timeZone: NY,
      leadTimeMinutes: 15,
      hours: bakery,
      windows,
      serviceCode,
      defaultWindowId: windows[0]!.id,
    });

  it.each([
    {
      name: "a slot for tomorrow, dispatched today: that slot, unmoved",
      now: "2026-11-25T19:00:00Z",
      code: "SAMEDAY_SLOTS_20261126T1000",
      expected: {
        code: "SAMEDAY_SLOTS_20261126T1000",
        pickup: "2026-11-26T15:00:00.000Z",
        end: "2026-11-26T17:00:00.000Z",
        moved: false,
      },
    },
    {
      name: "a slot that has passed: the next slot, moved",
      now: "2026-11-26T17:30:00Z",
      code: "SAMEDAY_SLOTS_20261126T1000",
      expected: {
        code: "SAMEDAY_SLOTS_20261126T1400",
        pickup: "2026-11-26T19:00:00.000Z",
        end: "2026-11-26T21:00:00.000Z",
        moved: true,
      },
    },
    {
      name: "within 3 hours offered for Thursday, dispatched Wednesday night: Thursday after preparation",
      now: "2026-11-26T04:00:00Z",
      code: "SAMEDAY_WITHIN-3H_20261126",
      expected: {
        code: "SAMEDAY_WITHIN-3H_20261126",
        pickup: "2026-11-26T13:30:00.000Z",
        end: "2026-11-26T16:30:00.000Z",
        moved: false,
      },
    },
    {
      name: "today by 8 pm for Monday, paid on Sunday: Monday's times",
      now: "2026-11-29T17:00:00Z",
      code: "SAMEDAY_TODAY-BY-8PM_20261130",
      expected: {
        code: "SAMEDAY_TODAY-BY-8PM_20261130",
        pickup: "2026-11-30T13:30:00.000Z",
        end: "2026-12-01T01:00:00.000Z",
        moved: false,
      },
    },
    {
      name: "today by 8 pm dispatched after closing: the next opening, moved",
      now: "2026-11-26T01:30:00Z",
      code: "SAMEDAY_TODAY-BY-8PM",
      expected: {
        code: "SAMEDAY_TODAY-BY-8PM",
        pickup: "2026-11-26T13:30:00.000Z",
        end: "2026-11-26T16:30:00.000Z",
        moved: true,
      },
    },
  ])("$name", ({ now, code, expected }) => {
    const result = dispatch(now, code, [twoHourSlots, within3h, todayBy8]);
    expect(result).not.toBeNull();
    expect(openSpanAt(bakery, result!.pickupAfter, NY)).not.toBeNull();
    expect(result!.pickupAfter.getTime()).toBeLessThanOrEqual(result!.deliverBetween.start.getTime());
    expect({
      code: result!.serviceCode,
      pickup: result!.pickupAfter.toISOString(),
      end: result!.deliverBetween.end.toISOString(),
      moved: result!.movedForward,
    }).toEqual(expected);
    expect(result!.chosenBy).toBe("service_code");
    expect(result!.movedFrom !== null).toBe(expected.moved);
  });

  it("a moved slot says which slot the shopper chose", () => {
    const result = dispatch("2026-11-26T17:30:00Z", "SAMEDAY_SLOTS_20261126T1000", [twoHourSlots]);
    expect(result?.movedFrom).toEqual({
      start: new Date("2026-11-26T15:00:00Z"),
      end: new Date("2026-11-26T17:00:00Z"),
    });
  });
});
