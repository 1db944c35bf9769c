import type { WindowKind } from "~/settings/shop-settings";
import { type TimeSpan, weekdayOf } from "./opening-hours";
import { addDays, type CalendarDate, compareDates, zonedDate, zonedParts } from "./time-zone";

/**
 * What a shopper reads for one offered window, built from the window itself (never from the merchant's
 * free text, which cannot follow the day it is offered for): "Within 3 hours, by 1:10 pm", "Today by 8 pm",
 * "Tomorrow, 9 am–noon", "Tue, Dec 8, 9 am–noon". "Today" and "Tomorrow" are said only when true in the
 * shop's time zone at `now`; a within-hours count runs from `now` (the rate request) to the window's end.
 * Pure, in English.
 */

export interface RateWordingInput {
  kind: WindowKind;
  deliverBetween: TimeSpan;
  now: Date;
  timeZone: string;
}

export interface RateWording {
  name: string;
  description: string;
}

const HOUR_MS = 3_600_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function rateWording({ kind, deliverBetween, now, timeZone }: RateWordingInput): RateWording {
  const today = zonedDate(now, timeZone);
  const startDay = zonedDate(deliverBetween.start, timeZone);
  const description = descriptionFor(startDay, today);
  if (kind === "within_hours" && compareDates(startDay, today) === 0) {
    const hours = Math.max(1, Math.ceil((deliverBetween.end.getTime() - now.getTime()) / HOUR_MS));
    const by = clockWithDay(deliverBetween.end, today, timeZone);
    return { name: `Within ${hours} ${hours === 1 ? "hour" : "hours"}, by ${by}`, description };
  }
  if (kind === "today_by") {
    const endDay = zonedDate(deliverBetween.end, timeZone);
    const day = dayWord(endDay, today);
    const separator = isRelative(endDay, today) ? " " : ", ";
    return { name: `${day}${separator}by ${clockText(deliverBetween.end, timeZone)}`, description };
  }
  return { name: spanName(deliverBetween, today, timeZone), description };
}

/** "Today, 11 am–2 pm", "Tue, Dec 8, 9 am–noon", "Today, 11 pm–1 am next day". */
export function spanName(span: TimeSpan, today: CalendarDate, timeZone: string): string {
  const startDay = zonedDate(span.start, timeZone);
  const endDay = zonedDate(span.end, timeZone);
  const from = zonedParts(span.start, timeZone);
  const to = zonedParts(span.end, timeZone);
  const endsAtMidnight = to.hour === 0 && to.minute === 0 && compareDates(endDay, addDays(startDay, 1)) === 0;
  const sameDay = compareDates(startDay, endDay) === 0 || endsAtMidnight;
  const omitStartHalf = sameDay && !isWordTime(from) && !isWordTime(to) && half(from.hour) === half(to.hour);
  const start = omitStartHalf ? bareClock(from.hour, from.minute) : clockOf(from.hour, from.minute);
  let end = clockOf(to.hour, to.minute);
  if (!sameDay) {
    end += compareDates(endDay, addDays(startDay, 1)) === 0 ? " next day" : ` ${dateText(endDay)}`;
  }
  return `${dayWord(startDay, today)}, ${start}–${end}`;
}

/** "Today", "Tomorrow", else "Tue, Dec 8". */
export function dayWord(day: CalendarDate, today: CalendarDate): string {
  if (compareDates(day, today) === 0) return "Today";
  if (compareDates(day, addDays(today, 1)) === 0) return "Tomorrow";
  return dateText(day);
}

/** "1:10 pm", "noon", "midnight", "8 pm". */
export function clockText(instant: Date, timeZone: string): string {
  const at = zonedParts(instant, timeZone);
  return clockOf(at.hour, at.minute);
}

function descriptionFor(day: CalendarDate, today: CalendarDate): string {
  if (compareDates(day, today) === 0) return "Same-day delivery by a local driver";
  if (compareDates(day, addDays(today, 1)) === 0) return "Next-day delivery by a local driver";
  return "Scheduled delivery by a local driver";
}

/** The end of a within-hours window: its clock time, with the day when that is not today. */
function clockWithDay(instant: Date, today: CalendarDate, timeZone: string): string {
  const day = zonedDate(instant, timeZone);
  const clock = clockText(instant, timeZone);
  if (compareDates(day, today) === 0) return clock;
  return compareDates(day, addDays(today, 1)) === 0 ? `${clock} tomorrow` : `${clock} ${dateText(day)}`;
}

function isRelative(day: CalendarDate, today: CalendarDate): boolean {
  return compareDates(day, today) === 0 || compareDates(day, addDays(today, 1)) === 0;
}

function dateText(day: CalendarDate): string {
  return `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[day.month - 1]} ${day.day}`;
}

function isWordTime({ hour, minute }: { hour: number; minute: number }): boolean {
  return minute === 0 && (hour === 0 || hour === 12);
}

function clockOf(hour: number, minute: number): string {
  if (minute === 0 && hour === 12) return "noon";
  if (minute === 0 && hour === 0) return "midnight";
  return `${bareClock(hour, minute)} ${half(hour)}`;
}

function bareClock(hour: number, minute: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? String(twelve) : `${twelve}:${String(minute).padStart(2, "0")}`;
}

function half(hour: number): "am" | "pm" {
  return hour < 12 ? "am" : "pm";
}

/**
 * Makes every name in one answer unique (Shopify keeps only the cheapest of rates with equal names):
 * a repeated name gets "(option 2)", "(option 3)" in answer order.
 */
export function uniqueNames<T extends { name: string }>(rates: readonly T[]): T[] {
  const seen = new Map<string, number>();
  const taken = new Set(rates.map((rate) => rate.name));
  return rates.map((rate) => {
    const count = (seen.get(rate.name) ?? 0) + 1;
    seen.set(rate.name, count);
    if (count === 1) return rate;
    let option = count;
    while (taken.has(`${rate.name} (option ${option})`)) option += 1;
    const name = `${rate.name} (option ${option})`;
    taken.add(name);
    return { ...rate, name };
  });
}
