import { describe, expect, it } from "vitest";
import type { LocationHours } from "~/schedule/opening-hours";
import { previewSchedule, type NoWindowReason } from "~/schedule/preview";
import type { DeliveryWindow } from "~/settings/shop-settings";
import { bakery, LA, NY, todayBy8, tomorrowMorning, twoHourSlots, within3h } from "./fixtures";

const bakeryLA: LocationHours = bakery;
const closedFor40Days: LocationHours = {
  ...bakery,
  closedDates: [{ from: "2026-11-20", to: "2026-12-31", reason: "Renovation" }],
};
const closedOnChristmas: LocationHours = {
  ...bakery,
  closedDates: [{ from: "2026-12-25", to: "2026-12-25", reason: "Christmas" }],
};
/** Today by 8:15 am: never served on a later day either (opening 8:00 plus 30 minutes of preparation). */
const byEightFifteen: DeliveryWindow = {
  ...todayBy8,
  id: "early",
  serviceName: "By 8:15 am",
  deliverBy: "08:15",
  orderCutoff: "08:00",
};

type Row = {
  name: string;
  now: string;
  windows: DeliveryWindow[];
  hours?: LocationHours;
  zone?: string;
  full?: boolean;
  reason: NoWindowReason;
  message: RegExp;
};

describe("previewSchedule: why a shopper is offered nothing", () => {
  it.each<Row>([
    {
      name: "every window switched off",
      now: "2026-11-25T15:00:00Z",
      windows: [{ ...within3h, enabled: false }],
      reason: "no_window_enabled",
      message: /No delivery window is switched on/,
    },
    {
      name: "every slot full (Wednesday 10:00 NY)",
      now: "2026-11-25T15:00:00Z",
      windows: [twoHourSlots],
      full: true,
      reason: "slot_full",
      message: /full: Today 10 am–12 pm, Today 2–4 pm, Today 4–6 pm, Today 6–8 pm\.$/,
    },
    {
      name: "a closed-dates range past the search horizon",
      now: "2026-11-25T15:00:00Z",
      windows: [within3h, tomorrowMorning],
      hours: closedFor40Days,
      reason: "closed_date",
      message: /closed from 2026-11-20 to 2026-12-31 \(Renovation\)\. It does not open in the next 35 days/,
    },
    {
      name: "a single closed day whose next day cannot serve the window",
      now: "2026-12-25T16:00:00Z",
      windows: [byEightFifteen],
      hours: closedOnChristmas,
      reason: "closed_date",
      message: /closed on 2026-12-25 \(Christmas\)\. It opens Sat, Dec 26, 9 am/,
    },
    {
      name: "a closed weekday (Sunday)",
      now: "2026-11-29T16:00:00Z",
      windows: [byEightFifteen],
      reason: "closed_day",
      message: /closed on Sundays\. It opens Mon, Nov 30, 8 am/,
    },
    {
      name: "the lunch break, Los Angeles",
      now: "2026-11-25T20:30:00Z",
      windows: [byEightFifteen],
      hours: bakeryLA,
      zone: LA,
      reason: "closed_now",
      message: /closed at this time\. It opens Wed, Nov 25, 1 pm/,
    },
    {
      name: "the order cutoff passed (Wednesday 17:30 NY)",
      now: "2026-11-25T22:30:00Z",
      windows: [todayBy8],
      reason: "cutoff_passed",
      message: /cutoff has passed: Today by 8 pm \(cutoff Wed, Nov 25, 5 pm\)/,
    },
    {
      name: "open, but preparation runs past the closing of the morning span",
      now: "2026-11-25T16:50:00Z",
      windows: [within3h],
      reason: "too_late",
      message: /earliest pickup \(Wed, Nov 25, 1 pm.*closes at Wed, Nov 25, 12 pm/,
    },
  ])("$name", ({ now, windows, hours = bakery, zone = NY, full = false, reason, message }) => {
    const preview = previewSchedule({
      now: new Date(now),
      timeZone: zone,
      leadTimeMinutes: 15,
      windows,
      hours,
      isFull: () => full,
    });
    expect(preview.offered).toEqual([]);
    expect(preview.whyNone?.reason).toBe(reason);
    expect(preview.whyNone?.message).toMatch(message);
  });

  it("offers what checkout offers: a full slot leaves room for the next one, and nothing is explained", () => {
    const input = { now: new Date("2026-11-25T15:00:00Z"), timeZone: NY, leadTimeMinutes: 15, hours: bakery };
    const preview = previewSchedule({
      ...input,
      windows: [within3h, twoHourSlots],
      isFull: (window) => window.serviceCode.endsWith("_20261125T1400"),
    });
    expect(preview.whyNone).toBeNull();
    expect(preview.full.map((w) => w.label)).toEqual(["Today 2–4 pm"]);
    expect(preview.offered.map((w) => w.label ?? w.windowId)).toEqual([
      "within-3h",
      "Today 10 am–12 pm",
      "Today 4–6 pm",
      "Today 6–8 pm",
      "Tomorrow 10 am–12 pm",
    ]);
  });
});
