import type { WindowKind } from "~/settings/shop-settings";
import { shopperText, type ShopperText } from "~/text/shopper/shopper-text";
import { type TimeSpan, weekdayOf } from "./opening-hours";
import { addDays, type CalendarDate, compareDates, zonedDate, zonedParts } from "./time-zone";

/**
 * What a shopper reads for one offered window, built from the window itself (never from the merchant's
 * free text, which cannot follow the day it is offered for): "Within 3 hours, by 1:10 pm", "Today by 8 pm",
 * "Tomorrow, 9 am–noon", "Tue, Dec 8, 9 am–noon". "Today" and "Tomorrow" are said only when true in the
 * shop's time zone at `now`; a within-hours count runs from `now` (the rate request) to the window's end.
 * Pure. In the buyer's language (`text`, from the callback's `rate.locale`): the sentences from the
 * shoppers' catalogue, English clocks in the app's own words ("noon", "1:10 pm"), other languages' in `Intl`'s.
 */

export interface RateWordingInput {
  kind: WindowKind;
  deliverBetween: TimeSpan;
  now: Date;
  timeZone: string;
  /** The buyer's language; English when not given. */
  text?: ShopperText;
}

export interface RateWording {
  name: string;
  description: string;
}

const HOUR_MS = 3_600_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function rateWording({
  kind,
  deliverBetween,
  now,
  timeZone,
  text = shopperText(),
}: RateWordingInput): RateWording {
  const today = zonedDate(now, timeZone);
  const startDay = zonedDate(deliverBetween.start, timeZone);
  const description = descriptionFor(startDay, today, text);
  if (kind === "within_hours" && compareDates(startDay, today) === 0) {
    const hours = Math.max(1, Math.ceil((deliverBetween.end.getTime() - now.getTime()) / HOUR_MS));
    const by = clockWithDay(deliverBetween.end, today, timeZone, text);
    return { name: text.t("rate.withinHours", { count: hours, time: by }), description };
  }
  if (kind === "today_by") {
    const endDay = zonedDate(deliverBetween.end, timeZone);
    const values = { day: dayWord(endDay, today, text), time: clockText(deliverBetween.end, timeZone, text) };
    return { name: text.t(isRelative(endDay, today) ? "rate.by" : "rate.byOnDate", values), description };
  }
  return { name: spanName(deliverBetween, today, timeZone, text), description };
}

/** "Today, 11 am–2 pm", "Tue, Dec 8, 9 am–noon", "Today, 11 pm–1 am next day"; "Aujourd'hui, 11:00–14:00". */
export function spanName(span: TimeSpan, today: CalendarDate, timeZone: string, text = shopperText()): string {
  const startDay = zonedDate(span.start, timeZone);
  const endDay = zonedDate(span.end, timeZone);
  const from = zonedParts(span.start, timeZone);
  const to = zonedParts(span.end, timeZone);
  const endsAtMidnight = to.hour === 0 && to.minute === 0 && compareDates(endDay, addDays(startDay, 1)) === 0;
  const sameDay = compareDates(startDay, endDay) === 0 || endsAtMidnight;
  const english = text.language === "en";
  const omitStartHalf = english && sameDay && !isWordTime(from) && !isWordTime(to) && half(from.hour) === half(to.hour);
  const start = omitStartHalf ? bareClock(from.hour, from.minute) : clockText(span.start, timeZone, text);
  let range = `${start}–${clockText(span.end, timeZone, text)}`;
  if (!sameDay) {
    range =
      compareDates(endDay, addDays(startDay, 1)) === 0
        ? text.t("rate.spanNextDay", { span: range })
        : `${start}–${text.t("rate.timeOnDate", { time: clockText(span.end, timeZone, text), date: dateText(endDay, text) })}`;
  }
  return text.t("rate.span", { day: dayWord(startDay, today, text), span: range });
}

/** "Today", "Tomorrow", else "Tue, Dec 8" (in the buyer's language). */
export function dayWord(day: CalendarDate, today: CalendarDate, text = shopperText()): string {
  if (compareDates(day, today) === 0) return text.t("page.windowDay.today");
  if (compareDates(day, addDays(today, 1)) === 0) return text.t("page.windowDay.tomorrow");
  return dateText(day, text);
}

/** "1:10 pm", "noon", "midnight", "8 pm" in English; `Intl`'s time of day in the other languages ("13:10"). */
export function clockText(instant: Date, timeZone: string, text = shopperText()): string {
  if (text.language !== "en") return text.time(instant, timeZone);
  const at = zonedParts(instant, timeZone);
  return clockOf(at.hour, at.minute);
}

function descriptionFor(day: CalendarDate, today: CalendarDate, text: ShopperText): string {
  if (compareDates(day, today) === 0) return text.t("rate.description.today");
  if (compareDates(day, addDays(today, 1)) === 0) return text.t("rate.description.tomorrow");
  return text.t("rate.description.later");
}

/** The end of a within-hours window: its clock time, with the day when that is not today. */
function clockWithDay(instant: Date, today: CalendarDate, timeZone: string, text: ShopperText): string {
  const day = zonedDate(instant, timeZone);
  const clock = clockText(instant, timeZone, text);
  if (compareDates(day, today) === 0) return clock;
  return compareDates(day, addDays(today, 1)) === 0
    ? text.t("rate.timeTomorrow", { time: clock })
    : text.t("rate.timeOnDate", { time: clock, date: dateText(day, text) });
}

function isRelative(day: CalendarDate, today: CalendarDate): boolean {
  return compareDates(day, today) === 0 || compareDates(day, addDays(today, 1)) === 0;
}

/** "Tue, Dec 8" in English; `Intl`'s short date in the other languages ("mar. 8 déc."). */
function dateText(day: CalendarDate, text: ShopperText): string {
  if (text.language === "en") return `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[day.month - 1]} ${day.day}`;
  const noon = new Date(Date.UTC(day.year, day.month - 1, day.day, 12));
  return new Intl.DateTimeFormat(text.language, {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(noon);
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
export function uniqueNames<T extends { name: string }>(rates: readonly T[], text = shopperText()): T[] {
  const seen = new Map<string, number>();
  const taken = new Set(rates.map((rate) => rate.name));
  return rates.map((rate) => {
    const count = (seen.get(rate.name) ?? 0) + 1;
    seen.set(rate.name, count);
    if (count === 1) return rate;
    const named = (number: number) => text.t("rate.option", { name: rate.name, number });
    let option = count;
    while (taken.has(named(option))) option += 1;
    const name = named(option);
    taken.add(name);
    return { ...rate, name };
  });
}
