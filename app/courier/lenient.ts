import { z } from "zod";

/**
 * Lenient readers for what the courier sends back. Its API leaves much "not shown" and says
 * payloads may grow, so every optional field is read with a transform that never fails: a missing
 * or malformed value becomes `null`, numbers sent as text become numbers, ids sent as numbers
 * become text. Only the fields we cannot do without (a shipment's id) are required.
 */

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC_TEXT.test(value)) return Number(value);
  return null;
}

export function toTextOrNull(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The latest instant a timestamp may name: the first of year 10000. A later one (a JavaScript Date
 * reaches year 275760) has no ISO form of four-digit years, and the database refuses to store it.
 */
const LATEST_TIMESTAMP_MS = Date.UTC(10_000, 0, 1);

/**
 * Epoch numbers below 10^12 are read as seconds, larger ones as milliseconds, whether sent as
 * numbers or as numeric text ("25544" is an epoch, not the year 25544); other text as a date.
 * Instants before 1970 or from year 10000 on are no timestamp the courier sends: null.
 */
export function toDateOrNull(value: unknown): Date | null {
  const epoch = toNumberOrNull(value);
  let date: Date | null = null;
  if (epoch !== null) date = new Date(epoch < 1e12 ? epoch * 1000 : epoch);
  else if (typeof value === "string" && value.trim() !== "") date = new Date(value);
  const time = date?.getTime() ?? Number.NaN;
  return time >= 0 && time < LATEST_TIMESTAMP_MS ? date : null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export const lenientNumber = z.unknown().optional().transform(toNumberOrNull);
export const lenientText = z.unknown().optional().transform(toTextOrNull);
export const lenientTimestamp = z.unknown().optional().transform(toDateOrNull);
export const lenientBoolean = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "boolean" ? value : null));
export const lenientRecord = z
  .unknown()
  .optional()
  .transform((value) => (isPlainObject(value) ? value : null));

/** A required number that may arrive as text. */
export const numberOrNumericText = z
  .union([z.number(), z.string().regex(NUMERIC_TEXT)])
  .transform((value) => Number(value))
  .refine((value) => Number.isFinite(value));

/** An id the courier calls an integer; kept as text in the app (numbers and text both accepted; a number a JavaScript number cannot hold exactly is refused: bodies are read with parseJsonKeepingIds, which gives such ids as text). */
export const idText = z
  .union([z.number().int().nonnegative().refine(Number.isSafeInteger), z.string().trim().min(1)])
  .transform((value) => String(value).trim());

/** A nested object read leniently: when it does not parse, the field is null rather than the whole body failing. */
export function lenientObject<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .optional()
    .transform((value): z.output<S> | null => {
      if (value === undefined || value === null) return null;
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    });
}

/** A list read leniently: entries that do not parse are dropped; a non-list becomes empty. */
export function lenientArray<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .optional()
    .transform((value): z.output<S>[] => {
      if (!Array.isArray(value)) return [];
      const out: z.output<S>[] = [];
      for (const entry of value) {
        const parsed = schema.safeParse(entry);
        if (parsed.success) out.push(parsed.data);
      }
      return out;
    });
}

/** A list of ids (numbers or text) read as text; other entries are dropped. */
export const lenientIdList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value) ? value.map(toTextOrNull).filter((id): id is string => id !== null && id !== "") : [],
  );
