import { TIME_BUDGET_MS_MAX, TIME_BUDGET_MS_MIN } from "./limits";

/**
 * The settings page's choices of clock times and of checkout's time budget, in the merchant's words:
 * the values stay the settings' own ("HH:MM" on a 24-hour clock, "24:00" for the end of the day;
 * milliseconds), the labels read "9:30 am" and "2.5 seconds". A saved value off the list is kept as a
 * choice of its own, so opening the page never changes a setting. Pure, used in the browser.
 */

export type Choice = { label: string; value: string };

export const END_OF_DAY = "24:00";
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → "9:30 am", "12:00" → "12:00 pm (noon)", "00:00" → "12:00 am (midnight)", "24:00" → end of day. */
export function clockLabel(value: string): string {
  if (value === END_OF_DAY) return "Midnight (end of day)";
  const match = CLOCK.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  const minutes = match[2];
  const base = `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? "am" : "pm"}`;
  if (value === "12:00") return `${base} (noon)`;
  if (value === "00:00") return `${base} (midnight)`;
  return base;
}

/**
 * Every `stepMinutes` of the day from midnight, the saved `current` value among them; `endOfDay` adds
 * "24:00" last (a closing time), `emptyLabel` a first choice of "" (an optional time).
 */
export function clockChoices(options: {
  stepMinutes: number;
  current: string;
  endOfDay?: boolean;
  emptyLabel?: string;
}): Choice[] {
  const values: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += options.stepMinutes) {
    values.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  if (options.endOfDay) values.push(END_OF_DAY);
  const current = options.current.trim();
  if (current !== "" && !values.includes(current)) values.push(current);
  const sorted = values.sort(byClock);
  const choices = sorted.map((value) => ({ label: clockLabel(value), value }));
  return options.emptyLabel === undefined ? choices : [{ label: options.emptyLabel, value: "" }, ...choices];
}

/** 0.5 to 2.9 seconds by half seconds, in milliseconds; the saved value kept when off the list. */
export function timeBudgetChoices(currentMs: string): Choice[] {
  const values: number[] = [];
  for (let ms = TIME_BUDGET_MS_MIN; ms < TIME_BUDGET_MS_MAX; ms += 500) values.push(ms);
  values.push(TIME_BUDGET_MS_MAX);
  const current = Number(currentMs);
  if (currentMs.trim() !== "" && Number.isInteger(current) && !values.includes(current)) values.push(current);
  return values.sort((a, b) => a - b).map((ms) => ({ label: secondsLabel(ms), value: String(ms) }));
}

function secondsLabel(ms: number): string {
  const seconds = (ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
  return ms === 1000 ? "1 second" : `${seconds} seconds`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Clock times in order; anything that is not one (a value to be named wrong by the server) last. */
function byClock(a: string, b: string): number {
  const rank = (value: string) => (value === END_OF_DAY ? 24 * 60 : CLOCK.test(value) ? minutesOf(value) : 24 * 60 + 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
