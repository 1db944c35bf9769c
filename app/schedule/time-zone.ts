/**
 * Wall-clock times in a shop's IANA time zone, computed with Intl only (no date library).
 *
 * Every zone offset in use is a multiple of 15 minutes, so instants are converted by finding the
 * offset Intl reports for that instant; the two delicate cases are the hour that does not exist
 * (spring forward) and the hour that happens twice (fall back), resolved like Temporal's
 * "compatible" disambiguation.
 */

export interface ZonedDateTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// Building a DateTimeFormat is far slower than using one; quotes run this per request.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time in `timeZone` at `instant`. */
export function zonedParts(instant: Date, timeZone: string): ZonedDateTime {
  const time = instant.getTime();
  if (!Number.isFinite(time)) throw new RangeError("Invalid date");
  const offsetMs = quarterHourOffsetMs(time, timeZone);
  if (offsetMs === null) return formattedParts(instant, timeZone);
  const wall = new Date(time + offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** What Intl says the clocks in `timeZone` show at `instant`. */
function formattedParts(instant: Date, timeZone: string): ZonedDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: (parts.hour ?? NaN) % 24,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/**
 * Asking Intl is the cost of every zoned computation (a quote converts dozens of slot times), while a
 * zone's offset changes only at its transitions. So the offset is kept per zone and UTC quarter hour:
 * when Intl reports the same whole-minute offset at the quarter hour's first and last millisecond, no
 * transition lies between them (two within 15 minutes do not happen), and every instant in it is
 * converted by arithmetic. Otherwise (a transition inside, or a historical offset in seconds) null:
 * Intl is asked for that instant itself.
 */
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const MAX_CACHED_QUARTERS = 50_000;
const quarterOffsets = new Map<string, number | null>();

function quarterHourOffsetMs(time: number, timeZone: string): number | null {
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  const cached = quarterOffsets.get(key);
  if (cached !== undefined) return cached;
  const start = quarter * QUARTER_HOUR_MS;
  const offsetAt = (at: number) => {
    const p = formattedParts(new Date(at), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };
  const first = offsetAt(start);
  const last = offsetAt(start + QUARTER_HOUR_MS - 1);
  const offset = first === last && first % MINUTE_MS === 0 ? first : null;
  if (quarterOffsets.size >= MAX_CACHED_QUARTERS) quarterOffsets.clear();
  quarterOffsets.set(key, offset);
  return offset;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (New York in winter: -300). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - wholeSeconds) / MINUTE_MS);
}

/**
 * The instant at which the clocks in `timeZone` show y-m-d hh:mm.
 * A time skipped by a spring-forward change is read with the offset from before the change (02:30 on
 * New York's spring day is 03:30 EDT); a time that happens twice is its first occurrence.
 */
export function zonedDateTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  assertInteger("year", year, 1000, 9999);
  assertInteger("month", month, 1, 12);
  assertInteger("day", day, 1, daysInMonth(year, month));
  assertInteger("hour", hour, 0, 23);
  assertInteger("minute", minute, 0, 59);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone "${timeZone}"`);

  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Offsets a day either side cover any single transition near this wall time.
  const offsetBefore = zoneOffsetMinutes(new Date(wallAsUtc - DAY_MS), timeZone);
  const offsetAfter = zoneOffsetMinutes(new Date(wallAsUtc + DAY_MS), timeZone);
  const matches = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((candidate) => {
      const p = zonedParts(new Date(candidate), timeZone);
      return p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute;
    })
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first !== undefined) return new Date(first);
  return new Date(wallAsUtc - offsetBefore * MINUTE_MS);
}

/** The shop-local calendar date at `instant`. */
export function zonedDate(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

/** A calendar date `days` later (or earlier), across month and year ends. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day);
}

/** The instant of the wall-clock time "HH:MM" on `date` in `timeZone`. */
export function zonedTimeOnDate(date: CalendarDate, hhmm: string, timeZone: string): Date {
  const { hour, minute } = parseClockTime(hhmm);
  return zonedDateTimeToUtc(date.year, date.month, date.day, hour, minute, timeZone);
}

/** "HH:MM" (24-hour) → hour and minute. */
export function parseClockTime(hhmm: string): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new RangeError(`Invalid time of day "${hhmm}" (expected HH:MM)`);
  return { hour, minute };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function assertInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`Invalid ${name} ${value} (expected ${min}-${max})`);
  }
}
