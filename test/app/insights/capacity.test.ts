import { describe, expect, it } from "vitest";
import { capacitySlotKeys, capacityView } from "~/insights/capacity";
import { slotKeyOf } from "~/schedule/capacity";
import { DEFAULT_SHOP_SETTINGS, ShopSettings } from "~/settings/shop-settings";

/** Capacity for today and the next 7 days: a location with a cap, its open days' slots, booked and remaining. */

const LA = "America/Los_Angeles";
const MAIN = { locationGid: "gid://shopify/Location/1", name: "Main St" };
const UNCAPPED = { locationGid: "gid://shopify/Location/2", name: "Depot" };
const week = (open: boolean) => Array.from({ length: 7 }, () => (open ? [{ start: "09:00", end: "17:00" }] : []));

const settings = ShopSettings.parse({
  ...structuredClone(DEFAULT_SHOP_SETTINGS),
  deliveryWindows: [
    {
      id: "slots",
      kind: "slots",
      serviceName: "Delivery",
      description: "",
      enabled: true,
      slotMinutes: 120,
      startTimes: ["10:00", "14:00"],
      repeat: null,
      daysAhead: 3,
      maxRates: 3,
    },
  ],
  defaultWindowId: "slots",
  openingHours: [
    // Closed on Sundays.
    {
      ...MAIN,
      weekly: week(true).map((day, i) => (i === 0 ? [] : day)),
      closedDates: [],
      preparationMinutes: 0,
      slotCapacity: 2,
    },
    { ...UNCAPPED, weekly: week(true), closedDates: [], preparationMinutes: 0, slotCapacity: null },
  ].map(({ name: _name, ...hours }) => hours),
});

describe("capacity", () => {
  // Friday Nov 27, 2026, 10:00 PST: today to Friday Dec 4, Sunday Nov 29 closed.
  const input = { now: new Date("2026-11-27T18:00:00Z"), timeZone: LA, settings, locations: [MAIN, UNCAPPED] };
  const nov27At10 = slotKeyOf(MAIN.locationGid, "slots", { year: 2026, month: 11, day: 27 }, "10:00");
  const nov28At14 = slotKeyOf(MAIN.locationGid, "slots", { year: 2026, month: 11, day: 28 }, "14:00");

  it("lists the capped location's open days, two slots each", () => {
    const keys = capacitySlotKeys(input);
    expect(keys).toHaveLength(7 * 2);
    expect(keys).toContain(nov27At10);
    expect(keys.some((key) => key.includes("20261129"))).toBe(false);
  });

  it("says booked and remaining, and which slot is full", () => {
    const [main, ...others] = capacityView(
      input,
      new Map([
        [nov27At10, 2],
        [nov28At14, 1],
      ]),
    );
    expect(others).toEqual([]);
    expect(main!.capacity).toBe(2);
    expect(main!.days[0]).toMatchObject({
      day: "2026-11-27",
      label: "Today",
      booked: 2,
      places: 4,
      slots: [
        { label: "Delivery 10:00", booked: 2, remaining: 0, full: true },
        { label: "Delivery 14:00", booked: 0, remaining: 2, full: false },
      ],
    });
    expect(main!.days[1]).toMatchObject({
      label: "Tomorrow",
      booked: 1,
      slots: [{ full: false }, { booked: 1, remaining: 1 }],
    });
    expect(main!.days.map((d) => d.day)).not.toContain("2026-11-29");
  });
});
