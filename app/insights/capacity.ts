import { slotCapacityOf, slotKeyOf } from "~/schedule/capacity";
import { dayLabel } from "~/schedule/labels";
import { hoursOfLocations, isoDate, isOpenDay } from "~/schedule/opening-hours";
import { addDays, zonedDate } from "~/schedule/time-zone";
import { slotStartTimes } from "~/schedule/windows";
import type { ShopSettings } from "~/settings/shop-settings";

/**
 * Capacity: today's and the next 7 days' slots per pickup location with a cap, booked and remaining.
 * A slot is what checkout and dispatch count places in (app/schedule/capacity.ts): each start of a
 * scheduled-slots window on an open day, or any other window on a day. Pure: the places taken per
 * slot key are passed in.
 */

export const CAPACITY_DAYS_AHEAD = 7;

export interface CapacitySlotView {
  key: string;
  label: string;
  booked: number;
  remaining: number;
  full: boolean;
}

export interface CapacityLocation {
  locationGid: string;
  name: string;
  capacity: number;
  days: { day: string; label: string; slots: CapacitySlotView[]; booked: number; places: number }[];
}

type Input = {
  now: Date;
  timeZone: string;
  settings: Pick<ShopSettings, "deliveryWindows" | "openingHours">;
  locations: readonly { locationGid: string; name: string }[];
};

/** Every slot key the view shows, to count their places in one query. */
export function capacitySlotKeys(input: Input): string[] {
  return slotsOf(input).flatMap((location) => location.days.flatMap((day) => day.slots.map((slot) => slot.key)));
}

export function capacityView(input: Input, taken: ReadonlyMap<string, number>): CapacityLocation[] {
  return slotsOf(input).map((location) => ({
    ...location,
    days: location.days.map((day) => {
      const slots = day.slots.map(({ key, label }) => {
        const booked = taken.get(key) ?? 0;
        const remaining = Math.max(0, location.capacity - booked);
        return { key, label, booked, remaining, full: remaining === 0 };
      });
      return {
        ...day,
        slots,
        booked: slots.reduce((sum, slot) => sum + slot.booked, 0),
        places: slots.length * location.capacity,
      };
    }),
  }));
}

function slotsOf({ now, timeZone, settings, locations }: Input) {
  const today = zonedDate(now, timeZone);
  const windows = settings.deliveryWindows.filter((window) => window.enabled);
  return locations.flatMap((location) => {
    const capacity = slotCapacityOf(settings.openingHours, location.locationGid);
    if (capacity === null) return [];
    const hours = hoursOfLocations(settings.openingHours, [location.locationGid]);
    const days = Array.from({ length: CAPACITY_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i))
      .filter((day) => isOpenDay(hours, day, timeZone))
      .map((day) => ({
        day: isoDate(day),
        label: dayLabel(day, today),
        slots: windows.flatMap((window) =>
          window.kind === "slots"
            ? slotStartTimes(window).map((start) => ({
                key: slotKeyOf(location.locationGid, window.id, day, start),
                label: `${window.serviceName} ${start}`,
              }))
            : [{ key: slotKeyOf(location.locationGid, window.id, day, null), label: window.serviceName }],
        ),
      }));
    return [{ locationGid: location.locationGid, name: location.name, capacity, days }];
  });
}
