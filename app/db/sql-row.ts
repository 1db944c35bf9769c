/**
 * Rows that come back from raw SQL (`$queryRaw`), parsed rather than asserted. The two databases
 * return some values differently through Prisma: an integer may be a number or a bigint (SQLite's
 * 64-bit INTEGER, PostgreSQL's count), a date a Date or, from an expression without a declared column
 * type, text or epoch milliseconds. Each concern's module declares its rows with these and parses
 * them at the seam.
 */
import { z } from "zod";

/** An integer column, as a safe JavaScript integer. */
export const sqlInteger = z
  .union([z.number(), z.bigint()])
  .transform((value) => Number(value))
  .pipe(z.number().int());

/** A date column, as a Date. */
export const sqlDate = z
  .union([z.date(), z.string(), z.number()])
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .pipe(z.date());

/** A Boolean column, as a boolean (SQLite may hand back its stored 0 or 1). */
export const sqlBoolean = z
  .union([z.boolean(), z.literal([0, 1, 0n, 1n])])
  .transform((value) => value === true || value === 1 || value === 1n);

// Each row schema's array schema, made once: a new z.array on every call cost 8.8 µs a query against
// 0.6 µs for a kept one (zod prepares a schema on its first parse), on the statements of every job.
const arraysOfRows = new WeakMap<z.ZodType, z.ZodArray<z.ZodType>>();

/** The rows a raw query returned, each parsed by `row`; `what` names them in the error. */
export function parseSqlRows<T extends z.ZodType>(row: T, rows: unknown, what: string): z.output<T>[] {
  let arrayOfRows = arraysOfRows.get(row);
  if (!arrayOfRows) {
    arrayOfRows = z.array(row);
    arraysOfRows.set(row, arrayOfRows);
  }
  const parsed = arrayOfRows.safeParse(rows);
  if (!parsed.success)
    throw new Error(`The database returned unexpected ${what} rows: ${z.prettifyError(parsed.error)}`);
  return parsed.data as z.output<T>[];
}
