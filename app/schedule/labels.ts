import { weekdayOf } from "./opening-hours";
import { addDays, type CalendarDate, compareDates, zonedParts } from "./time-zone";

/** What shoppers read for a day and a span: "Today 2–4 pm", "Sat, Nov 29, 10 am–12 pm". Pure, in English. */

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Today", "Tomorrow", else "Sat, Nov 29"; with no `today` (a record read later), always the date. */
export function dayLabel(day: CalendarDate, today: CalendarDate | null): string {
  if (today && compareDates(day, today) === 0) return "Today";
  if (today && compareDates(day, addDays(today, 1)) === 0) return "Tomorrow";
  return `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[day.month - 1]} ${day.day}`;
}

/** "Today 2–4 pm", "Tomorrow 11 pm–1 am", "Sat, Nov 29, 10 am–12 pm". */
export function spanLabel(start: Date, end: Date, today: CalendarDate | null, timeZone: string): string {
  const from = zonedParts(start, timeZone);
  const to = zonedParts(end, timeZone);
  const day = dayLabel(from, today);
  const separator = day === "Today" || day === "Tomorrow" ? " " : ", ";
  const sameHalf = meridiem(from.hour) === meridiem(to.hour);
  const startText = sameHalf
    ? clock(from.hour, from.minute)
    : `${clock(from.hour, from.minute)} ${meridiem(from.hour)}`;
  return `${day}${separator}${startText}–${clock(to.hour, to.minute)} ${meridiem(to.hour)}`;
}

/** "Thu, Nov 26, 2:30 pm": one instant, with its date. */
export function instantLabel(instant: Date, timeZone: string): string {
  const at = zonedParts(instant, timeZone);
  return `${dayLabel(at, null)}, ${clock(at.hour, at.minute)} ${meridiem(at.hour)}`;
}

function clock(hour: number, minute: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? String(twelve) : `${twelve}:${String(minute).padStart(2, "0")}`;
}

function meridiem(hour: number): "am" | "pm" {
  return hour < 12 ? "am" : "pm";
}

/** "2:30 pm": the time of day of an instant in the shop's time zone. */
export function timeOfDayLabel(instant: Date, timeZone: string): string {
  const at = zonedParts(instant, timeZone);
  return `${clock(at.hour, at.minute)} ${meridiem(at.hour)}`;
}
