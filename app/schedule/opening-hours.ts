import { addDays, type CalendarDate, zonedDate, zonedTimeOnDate } from "./time-zone";

/**
 * When a pickup location is open, as instants in the shop's time zone. Pure: a location's hours are
 * plain data (a weekly schedule of wall-clock spans, closed dates, a preparation time), and every
 * conversion to instants goes through time-zone.ts, so a day of 23 or 25 hours and a span the clock
 * change cuts come out right (a span is as long as the clocks say it is that day).
 */

/** A wall-clock span on one day: "HH:MM" to "HH:MM", the end after the start; "24:00" is midnight at its end. */
export interface OpeningSpan {
  start: string;
  end: string;
}

/** Closed from one shop-local date to another, both included ("YYYY-MM-DD"); the reason is for staff. */
export interface ClosedDates {
  from: string;
  to: string;
  reason: string;
}

export interface LocationHours {
  /** Seven days, Sunday first; an empty day is closed. */
  weekly: readonly (readonly OpeningSpan[])[];
  closedDates: readonly ClosedDates[];
  /** Minutes from an order until it is ready for pickup, counted from the order or from opening. */
  preparationMinutes: number;
}

export interface TimeSpan {
  start: Date;
  end: Date;
}

export const END_OF_DAY = "24:00";
const ALL_DAY: readonly OpeningSpan[] = [{ start: "00:00", end: END_OF_DAY }];

/** A location whose hours were never set: open every day, all day, nothing to prepare (the app before hours). */
export const ALWAYS_OPEN: LocationHours = {
  weekly: [ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY],
  closedDates: [],
  preparationMinutes: 0,
};

/** How far ahead an open time is looked for: past a month of closed days there is nothing to offer. */
export const OPEN_SEARCH_DAYS = 35;

export function parseIsoDate(text: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Invalid date "${text}" (expected YYYY-MM-DD)`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function isoDate(date: CalendarDate): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The closed-dates entry covering `date`, or null. */
export function closedEntryOn(hours: LocationHours, date: CalendarDate): ClosedDates | null {
  const day = isoDate(date);
  return hours.closedDates.find((closed) => closed.from <= day && day <= closed.to) ?? null;
}

/** Days whose spans are kept per hours object; a shop's parsed settings are reused across requests. */
const SPAN_CACHE_DAYS = 64;
const spanCache = new WeakMap<LocationHours, Map<string, readonly TimeSpan[]>>();

/** The open spans of one shop-local day, as instants (none on a closed date or a closed weekday). */
export function openSpansOn(hours: LocationHours, date: CalendarDate, timeZone: string): readonly TimeSpan[] {
  let days = spanCache.get(hours);
  if (!days) spanCache.set(hours, (days = new Map()));
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}`;
  const cached = days.get(key);
  if (cached) return cached;
  const spans = computeSpansOn(hours, date, timeZone);
  if (days.size >= SPAN_CACHE_DAYS) days.delete(days.keys().next().value!);
  days.set(key, spans);
  return spans;
}

function computeSpansOn(hours: LocationHours, date: CalendarDate, timeZone: string): readonly TimeSpan[] {
  if (closedEntryOn(hours, date)) return [];
  const spans: TimeSpan[] = [];
  for (const span of hours.weekly[weekdayOf(date)] ?? []) {
    const start = wallTime(date, span.start, timeZone);
    const end = wallTime(date, span.end, timeZone);
    // A span inside the hour a spring-forward change skips has no length left.
    if (start.getTime() < end.getTime()) spans.push({ start, end });
  }
  return Object.freeze(spans.sort((a, b) => a.start.getTime() - b.start.getTime()));
}

/**
 * Open every day, all day, never closed (every shop without hours): then no wall time needs converting,
 * which keeps checkout as fast as before hours existed.
 */
export function isAlwaysOpen(hours: LocationHours): boolean {
  return (
    hours === ALWAYS_OPEN ||
    (hours.closedDates.length === 0 &&
      hours.weekly.length === 7 &&
      hours.weekly.every((day) => day.length === 1 && day[0]!.start === "00:00" && day[0]!.end === END_OF_DAY))
  );
}

const FOREVER: TimeSpan = Object.freeze({ start: new Date(-8.64e15), end: new Date(8.64e15) });

export function isOpenDay(hours: LocationHours, date: CalendarDate, timeZone: string): boolean {
  if (isAlwaysOpen(hours)) return true;
  return openSpansOn(hours, date, timeZone).length > 0;
}

/**
 * The open spans from the start of `from` for `days` days, sorted, with spans that touch merged (a
 * location open until midnight and from midnight is open through it).
 */
export function openSpansFrom(hours: LocationHours, from: CalendarDate, days: number, timeZone: string): TimeSpan[] {
  const merged: TimeSpan[] = [];
  for (let offset = 0; offset < days; offset++) {
    for (const span of openSpansOn(hours, addDays(from, offset), timeZone)) {
      const last = merged[merged.length - 1];
      if (last && span.start.getTime() <= last.end.getTime()) {
        if (span.end.getTime() > last.end.getTime()) last.end = span.end;
      } else {
        merged.push({ ...span });
      }
    }
  }
  return merged;
}

/** The open span (merged across midnight) that contains `instant`, or null when closed then. */
export function openSpanAt(hours: LocationHours, instant: Date, timeZone: string): TimeSpan | null {
  if (isAlwaysOpen(hours)) return FOREVER;
  const spans = openSpansFrom(hours, addDays(zonedDate(instant, timeZone), -1), 3, timeZone);
  return spans.find((span) => span.start <= instant && instant < span.end) ?? null;
}

/** The first instant at or after `instant` when the location is open, within OPEN_SEARCH_DAYS; null if none. */
export function firstOpenAtOrAfter(hours: LocationHours, instant: Date, timeZone: string): Date | null {
  if (isAlwaysOpen(hours)) return instant;
  // A day's spans end by its midnight, so no earlier day can cover `instant`; days are walked lazily.
  const from = zonedDate(instant, timeZone);
  for (let offset = 0; offset < OPEN_SEARCH_DAYS; offset++) {
    for (const span of openSpansOn(hours, addDays(from, offset), timeZone)) {
      if (span.end.getTime() <= instant.getTime()) continue;
      return span.start.getTime() > instant.getTime() ? span.start : instant;
    }
  }
  return null;
}

/** The last open span (merged) that starts before `instant`, looking back to the day before it. */
export function lastOpenSpanBefore(hours: LocationHours, instant: Date, timeZone: string): TimeSpan | null {
  const spans = openSpansFrom(hours, addDays(zonedDate(instant, timeZone), -1), 2, timeZone);
  const before = spans.filter((span) => span.start.getTime() < instant.getTime());
  return before[before.length - 1] ?? null;
}

/** The first open day on or after `date` (within OPEN_SEARCH_DAYS), or null. */
export function nextOpenDay(hours: LocationHours, date: CalendarDate, timeZone: string): CalendarDate | null {
  if (isAlwaysOpen(hours)) return date;
  for (let offset = 0; offset < OPEN_SEARCH_DAYS; offset++) {
    const day = addDays(date, offset);
    if (isOpenDay(hours, day, timeZone)) return day;
  }
  return null;
}

/**
 * The hours every one of several locations is open: per weekday the overlap of their spans, every
 * closed date of any of them, and the longest preparation. A cart from several locations is picked up
 * from each, so it can only be offered what all of them can serve.
 */
export function intersectHours(all: readonly LocationHours[]): LocationHours {
  if (all.length === 0) return ALWAYS_OPEN;
  if (all.length === 1) return all[0]!;
  const weekly = ALWAYS_OPEN.weekly.map((_, weekday) =>
    all.map((hours) => hours.weekly[weekday] ?? []).reduce(overlapSpans),
  );
  return {
    weekly,
    closedDates: all.flatMap((hours) => hours.closedDates),
    preparationMinutes: Math.max(...all.map((hours) => hours.preparationMinutes)),
  };
}

function overlapSpans(a: readonly OpeningSpan[], b: readonly OpeningSpan[]): OpeningSpan[] {
  const overlap: OpeningSpan[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = x.start > y.start ? x.start : y.start;
      const end = x.end < y.end ? x.end : y.end;
      if (start < end) overlap.push({ start, end });
    }
  }
  return overlap.sort((p, q) => (p.start < q.start ? -1 : p.start > q.start ? 1 : 0));
}

/** A location's hours as the shop's settings keep them: keyed by the Shopify location. */
export interface LocatedHours extends LocationHours {
  locationGid: string;
}

/**
 * The hours the given pickup locations can all serve in: each location's own, or always open when the
 * merchant has not set any (settings saved before hours existed).
 */
export function hoursOfLocations(all: readonly LocatedHours[], locationGids: readonly string[]): LocationHours {
  const unique = [...new Set(locationGids)];
  return intersectHours(unique.map((gid) => all.find((entry) => entry.locationGid === gid) ?? ALWAYS_OPEN));
}

/** "HH:MM" on `date` as an instant; "24:00" is the next day's midnight. */
export function wallTime(date: CalendarDate, hhmm: string, timeZone: string): Date {
  return hhmm === END_OF_DAY
    ? zonedTimeOnDate(addDays(date, 1), "00:00", timeZone)
    : zonedTimeOnDate(date, hhmm, timeZone);
}
