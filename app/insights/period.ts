import { isoDate } from "~/schedule/opening-hours";
import { addDays, type CalendarDate, zonedDate, zonedTimeOnDate } from "~/schedule/time-zone";

/**
 * Insights' periods: the last N days of the shop's calendar (today included) and the N days before
 * them. A day is the shop's day: it starts at the shop's midnight, so a day when clocks change lasts
 * 23 or 25 hours. Pure.
 */

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

export interface ShopDays {
  /** The days in order, as YYYY-MM-DD. */
  days: string[];
  /** The first day's midnight and the midnight after the last day, as instants. */
  start: Date;
  end: Date;
}

export interface InsightsPeriod {
  current: ShopDays;
  previous: ShopDays;
  timeZone: string;
}

export function periodOf(now: Date, timeZone: string, length: PeriodDays): InsightsPeriod {
  const today = zonedDate(now, timeZone);
  const firstDay = addDays(today, -(length - 1));
  return {
    current: shopDays(firstDay, length, timeZone),
    previous: shopDays(addDays(firstDay, -length), length, timeZone),
    timeZone,
  };
}

export function shopDays(first: CalendarDate, length: number, timeZone: string): ShopDays {
  const days = Array.from({ length }, (_, i) => isoDate(addDays(first, i)));
  return {
    days,
    start: zonedTimeOnDate(first, "00:00", timeZone),
    end: zonedTimeOnDate(addDays(first, length), "00:00", timeZone),
  };
}

/** The shop's day (YYYY-MM-DD) of an instant. */
export function shopDayOf(instant: Date, timeZone: string): string {
  return isoDate(zonedDate(instant, timeZone));
}

export function isPeriodDays(value: number): value is PeriodDays {
  return (PERIOD_DAYS as readonly number[]).includes(value);
}
