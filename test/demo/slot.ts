/**
 * The demo store's scheduled slot, placed relative to the real clock so the demo plays the same at
 * 3 am and at noon: a one-hour slot starting at the first quarter hour at least SLOT_LEAD_MINUTES
 * ahead (shop time), with the locations open around the clock. The courier sandbox drives a booking
 * by itself only when its window starts within 30 minutes, which this start always does.
 */
import { spanName } from "~/schedule/rate-wording";
import { serviceCodeFor } from "~/schedule/service-code";
import { zonedDate, zonedParts, type CalendarDate } from "~/schedule/time-zone";

export const DEMO_SLOT_WINDOW_ID = "scheduled";
export const DEMO_SLOT_MINUTES = 60;
/** Booking, pickup lead time (5 min) and the steps before payment fit in this. */
const SLOT_LEAD_MINUTES = 10;
const QUARTER_HOUR_MS = 15 * 60_000;
/** Most deliveries per slot at each location (the demo books one per location). */
export const DEMO_SLOT_CAPACITY = 5;

export type DemoSlot = {
  day: CalendarDate;
  /** Shop-local "HH:MM". */
  start: string;
  startAt: Date;
  endAt: Date;
  serviceCode: string;
};

export function demoSlot(now: Date, timeZone: string): DemoSlot {
  // US zones are whole hours from UTC, so a UTC quarter hour is a shop-local one.
  const startAt = new Date(Math.ceil((now.getTime() + SLOT_LEAD_MINUTES * 60_000) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  const local = zonedParts(startAt, timeZone);
  const start = `${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`;
  const day = { year: local.year, month: local.month, day: local.day };
  return {
    day,
    start,
    startAt,
    endAt: new Date(startAt.getTime() + DEMO_SLOT_MINUTES * 60_000),
    serviceCode: serviceCodeFor(DEMO_SLOT_WINDOW_ID, day, start),
  };
}

/** The rate's name at checkout at `now`, as the app words a slot ("Today, 2:15–3:15 pm"; "Tomorrow, …" just before midnight). */
export function demoSlotLabel(slot: DemoSlot, now: Date, timeZone: string): string {
  return spanName({ start: slot.startAt, end: slot.endAt }, zonedDate(now, timeZone), timeZone);
}
