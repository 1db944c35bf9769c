import { z } from "zod";

/**
 * Zod field builders for settings: each accepts the strings a form sends ("60", "on", "") as well as
 * typed JSON values, and names the field's limits in its one error message.
 */

/** "60" → 60, "" → undefined (a missing number); other values are left for the schema to judge. */
function numberFromInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

function optionalNumberFromInput(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  return numberFromInput(value);
}

const TRUE_WORDS = new Set(["true", "on", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "off", "no", "0", ""]);

function booleanFromInput(value: unknown): unknown {
  // A hidden "false" followed by a checked checkbox sends both: the last one counts.
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof last !== "string") return last;
  const word = last.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return last;
}

function formatDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

export function wholeNumber(min: number, max: number, unit: string) {
  const message = `Enter a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(numberFromInput, z.number({ error: message }).int(message).min(min, message).max(max, message));
}

export function decimalNumber(min: number, max: number, message: string, { exclusiveMin = false } = {}) {
  const base = z.number({ error: message });
  return z.preprocess(
    numberFromInput,
    (exclusiveMin ? base.gt(min, message) : base.min(min, message)).max(max, message),
  );
}

/** A whole number that may be left empty (null: no limit). */
export function optionalWholeNumber(min: number, max: number, unit: string) {
  const message = `Enter a whole number of ${unit} from ${min} to ${max}, or leave it empty`;
  return z.preprocess(
    optionalNumberFromInput,
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );
}

function cents(min: number, max: number) {
  const message = `Enter an amount from ${formatDollars(min)} to ${formatDollars(max)}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const requiredCents = (min: number, max: number) => z.preprocess(numberFromInput, cents(min, max));
export const optionalCents = (min: number, max: number) =>
  z.preprocess(optionalNumberFromInput, cents(min, max).nullable());

export const Flag = z.preprocess(booleanFromInput, z.boolean({ error: "Choose yes or no" }));

export function text(min: number, max: number, what: string) {
  const tooLong = `${what} must be at most ${max} characters`;
  const base = z
    .string({ error: `Enter ${what.toLowerCase()}` })
    .trim()
    .max(max, tooLong);
  if (min > 0) return base.min(min, `Enter ${what.toLowerCase()}`);
  // An optional text left out is simply empty.
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), base);
}

export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

const CLOCK_TIME_MESSAGE = "Choose a time of day";

export const ClockTime = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
    return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : value;
  },
  z.string({ error: CLOCK_TIME_MESSAGE }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CLOCK_TIME_MESSAGE),
);

/** Optional text: empty or missing is null. */
export const optionalText = (max: number, what: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: `Enter ${what}` })
      .trim()
      .max(max, `${what} must be at most ${max} characters`)
      .nullable(),
  );
