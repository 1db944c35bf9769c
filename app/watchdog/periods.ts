/**
 * The shop-local day and month an instant falls in, as half-open UTC ranges: the daily cap on raises
 * counts the shop's day, and the money spent is shown per month of the shop's calendar.
 */
import { addDays, zonedDate, zonedDateTimeToUtc } from "~/schedule/time-zone";

export type Period = { start: Date; end: Date };

export function shopDay(instant: Date, timeZone: string): Period {
  const today = zonedDate(instant, timeZone);
  const tomorrow = addDays(today, 1);
  return {
    start: zonedDateTimeToUtc(today.year, today.month, today.day, 0, 0, timeZone),
    end: zonedDateTimeToUtc(tomorrow.year, tomorrow.month, tomorrow.day, 0, 0, timeZone),
  };
}

export function shopMonth(instant: Date, timeZone: string): Period {
  const { year, month } = zonedDate(instant, timeZone);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    start: zonedDateTimeToUtc(year, month, 1, 0, 0, timeZone),
    end: zonedDateTimeToUtc(next.year, next.month, 1, 0, 0, timeZone),
  };
}
