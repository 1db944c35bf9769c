/**
 * Plain SQL for the hot paths (issue 37): on PostgreSQL, a statement run on the client itself (not in
 * one of its transactions) goes straight to the pool Prisma's adapter uses, past Prisma's runtime.
 * Prisma serialises each raw query to JSON, compiles it in its query compiler (WebAssembly) and
 * interprets the plan: about 30 % of the app's CPU in bench:tenants on PostgreSQL, for ~30 statements
 * an order. A transaction's statements (`tx`) and every SQLite statement still go through Prisma, so
 * the two paths answer alike: parameters are sent as the adapter sends them (a Date as its UTC wall
 * time, which is how `TIMESTAMP(3)` columns hold it) and values come back as `$queryRaw` gives them
 * (a timestamp as a Date read as UTC, a 64-bit integer as a bigint); rows are still parsed at each
 * seam (sql-row.ts). Errors are pg's own (a DatabaseError with the server's SQLSTATE `code`).
 */
import type { Prisma } from "@prisma/client";
import pg from "pg";

/** A client or one of its transactions (Db or Tx of client.server.ts, which imports this module). */
type RawStore = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

const pools = new WeakMap<object, pg.Pool>();

/** The pool for `store`'s direct statements: none for a transaction, SQLite, or a disconnected client (Prisma makes a new pool). */
function poolOf(store: object): pg.Pool | null {
  const pool = pools.get(store);
  return pool && !pool.ending && !pool.ended ? pool : null;
}

/** Marks `pool` as the one under `db`'s adapter, so that sqlRows and sqlExecute use it for `db`. */
export function useDirectPool(db: object, pool: pg.Pool): void {
  pools.set(db, pool);
}

const TIMESTAMP_OID = 1114;
const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** `TIMESTAMP(3)` holds UTC wall time (the adapter writes it so): read it as UTC, whatever the process's zone. */
function timestampAsUtc(text: string): Date {
  return new Date(`${text.replace(" ", "T")}Z`);
}

const typeParsers = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP_OID) return timestampAsUtc;
    if (oid === TIMESTAMPTZ_OID) return (text: string) => new Date(text);
    if (oid === INT8_OID) return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

function twoDigits(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** A parameter as the adapter sends it: a Date as its UTC wall time (`YYYY-MM-DD HH:MM:SS.mmm`). */
export function pgParameter(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  if (Number.isNaN(value.getTime())) throw new RangeError("An invalid Date cannot be a SQL parameter.");
  return (
    `${twoDigits(value.getUTCFullYear(), 4)}-${twoDigits(value.getUTCMonth() + 1)}-${twoDigits(value.getUTCDate())} ` +
    `${twoDigits(value.getUTCHours())}:${twoDigits(value.getUTCMinutes())}:${twoDigits(value.getUTCSeconds())}.` +
    twoDigits(value.getUTCMilliseconds(), 3)
  );
}

function directQuery(pool: pg.Pool, sql: Prisma.Sql) {
  return pool.query({ text: sql.text, values: sql.values.map(pgParameter), types: typeParsers });
}

/** The rows of a query; straight through the pool for a PostgreSQL client, through Prisma otherwise. */
export async function sqlRows(store: RawStore, sql: Prisma.Sql): Promise<unknown[]> {
  const pool = poolOf(store);
  if (!pool) return store.$queryRaw<unknown[]>(sql);
  return (await directQuery(pool, sql)).rows;
}

/** The rows a statement changed; straight through the pool for a PostgreSQL client, through Prisma otherwise. */
export async function sqlExecute(store: RawStore, sql: Prisma.Sql): Promise<number> {
  const pool = poolOf(store);
  if (!pool) return store.$executeRaw(sql);
  return (await directQuery(pool, sql)).rowCount ?? 0;
}
