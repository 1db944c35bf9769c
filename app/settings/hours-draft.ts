import type { LocationHours } from "./hours-schema";

/**
 * The settings page's editable copy of the opening hours: per pickup location a weekly schedule,
 * closed dates, preparation time and slot capacity as the text the merchant types, posted back under
 * the dotted names app/settings validates ("openingHours.0.weekly.1.0.start"). Pure, used in the browser.
 */

export type SpanDraft = { start: string; end: string };
/** `to` empty: the single day `from`. */
export type ClosedDatesDraft = { from: string; to: string; reason: string };
export type HoursDraft = {
  locationGid: string;
  /** Seven days, Sunday first; an empty day is closed. */
  weekly: SpanDraft[][];
  closedDates: ClosedDatesDraft[];
  preparationMinutes: string;
  /** Empty: no limit. */
  slotCapacity: string;
};

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A span a newly opened day starts with, and the second span of a split day. */
export const NEW_DAY_SPAN: SpanDraft = { start: "09:00", end: "17:00" };
const SECOND_SPAN_AFTER_NOON: SpanDraft = { start: "13:00", end: "17:00" };

/** Hours a location gets when the merchant starts setting them: open 09:00–17:00 every day. */
export function newHoursDraft(locationGid: string): HoursDraft {
  return {
    locationGid,
    weekly: Array.from({ length: WEEKDAY_NAMES.length }, () => [{ ...NEW_DAY_SPAN }]),
    closedDates: [],
    preparationMinutes: "0",
    slotCapacity: "",
  };
}

export function hoursDraftOf(hours: LocationHours): HoursDraft {
  return {
    locationGid: hours.locationGid,
    weekly: hours.weekly.map((day) => day.map((span) => ({ start: span.start, end: span.end }))),
    closedDates: hours.closedDates.map((closed) => ({
      from: closed.from,
      to: closed.to === closed.from ? "" : closed.to,
      reason: closed.reason,
    })),
    preparationMinutes: String(hours.preparationMinutes),
    slotCapacity: hours.slotCapacity === null ? "" : String(hours.slotCapacity),
  };
}

/** A day's next span: after the last one (a split day), or the usual day when it was closed. */
export function nextSpan(day: readonly SpanDraft[]): SpanDraft {
  const last = day[day.length - 1];
  if (!last) return { ...NEW_DAY_SPAN };
  if (last.end <= "12:00") return { ...SECOND_SPAN_AFTER_NOON };
  return { start: last.end, end: "24:00" };
}

/** Every day of the week given the spans of `day` (a closed day closes every day). */
export function copyDayToAll(hours: HoursDraft, day: number): HoursDraft {
  const spans = hours.weekly[day] ?? [];
  return { ...hours, weekly: hours.weekly.map(() => spans.map((span) => ({ ...span }))) };
}

/**
 * `target`'s location with the weekly hours, preparation time and capacity of `source`; the target
 * keeps its own closed dates (a holiday of one shop is not another's).
 */
export function copyHoursFrom(source: HoursDraft, target: HoursDraft | null, locationGid: string): HoursDraft {
  return {
    locationGid,
    weekly: source.weekly.map((day) => day.map((span) => ({ ...span }))),
    closedDates: target ? target.closedDates.map((closed) => ({ ...closed })) : [],
    preparationMinutes: source.preparationMinutes,
    slotCapacity: source.slotCapacity,
  };
}

/** The list with one location's hours replaced in place, added at the end, or (null) removed. */
export function withHoursOf(all: readonly HoursDraft[], locationGid: string, next: HoursDraft | null): HoursDraft[] {
  if (!next) return all.filter((hours) => hours.locationGid !== locationGid);
  return all.some((hours) => hours.locationGid === locationGid)
    ? all.map((hours) => (hours.locationGid === locationGid ? next : hours))
    : [...all, next];
}

/** The fields to post for every location with hours; "" for none (an empty list would post nothing). */
export function hoursEntries(all: readonly HoursDraft[]): [string, string][] {
  if (all.length === 0) return [["openingHours", ""]];
  const entries: [string, string][] = [];
  all.forEach((hours, i) => {
    const name = (field: string) => `openingHours.${i}.${field}`;
    entries.push(
      [name("locationGid"), hours.locationGid],
      [name("preparationMinutes"), hours.preparationMinutes],
      [name("slotCapacity"), hours.slotCapacity],
    );
    hours.weekly.forEach((day, d) =>
      day.forEach((span, s) =>
        entries.push([name(`weekly.${d}.${s}.start`), span.start], [name(`weekly.${d}.${s}.end`), span.end]),
      ),
    );
    hours.closedDates.forEach((closed, c) =>
      entries.push(
        [name(`closedDates.${c}.from`), closed.from],
        [name(`closedDates.${c}.to`), closed.to.trim() === "" ? closed.from : closed.to],
        [name(`closedDates.${c}.reason`), closed.reason],
      ),
    );
  });
  return entries;
}

/** The save's error key for a field of the hours at `position` ("openingHours.0.weekly.1.0.start"). */
export function hoursErrorKey(position: number, ...path: (string | number)[]): string {
  return ["openingHours", position, ...path].join(".");
}
