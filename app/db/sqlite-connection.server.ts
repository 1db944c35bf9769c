/**
 * The SQLite client under Prisma's libsql adapter: ONE connection to the database file for the
 * whole process, its prepared statements kept for reuse (from their second use: statement-cache.ts).
 *
 * @libsql/client (the adapter's own client) hands its connection to every transaction and opens a
 * new one for what follows, and nothing ever closes the old ones: V8 finalizes them, with their
 * statements, at the next full garbage collection. Prisma runs each model write in a transaction,
 * so bench:dispatch opened about 9,000 connections; each full collection then closed a few
 * thousand on the event loop, a 200–300 ms stall in the middle of a webhook burst, and every
 * statement was prepared again on a fresh connection (8% of the CPU). One connection is enough: the
 * adapter runs one statement or transaction at a time (its mutex keeps every other query of the
 * client waiting until a transaction has committed or rolled back).
 *
 * It implements the client interface the adapter declares for `createClient` (@libsql/client's
 * Client, its type taken from the adapter's declaration): the adapter calls execute, transaction,
 * executeMultiple and close; batch (all statements in one transaction) and sync (refused: a local
 * file is no replica) complete the interface. Results and errors have @libsql/client's shapes: rows
 * with values by position and by column name, declared column types, integers as numbers, blobs as
 * ArrayBuffers, SQLite errors with `code` and `rawCode`. Measured against the adapter's own client
 * and Prisma's better-sqlite3 adapter by `npm run bench:sqlite` (README, Decisions).
 */
import { Buffer } from "node:buffer";
import type { PrismaLibSQL } from "@prisma/adapter-libsql";
import Database from "libsql";
import { sqliteFilePath } from "./provider";
import { createStatementCache } from "./statement-cache";

/** Distinct statements kept prepared; the app issues a few hundred shapes, raw SQL with variable IN lists adds more. */
export const STATEMENT_CACHE_SIZE = 500;
/** SQL texts remembered as used once, so that their second use keeps them (statement-cache.ts). */
export const SEEN_ONCE_SIZE = 256;

/**
 * The client the libsql adapter declares for `createClient` (@libsql/client's Client), and its
 * parts, taken from the adapter's own declaration so the two cannot drift apart.
 */
export type SqliteClient = ReturnType<PrismaLibSQL["createClient"]>;
export type SqliteTransaction = Awaited<ReturnType<SqliteClient["transaction"]>>;
export type SqliteResultSet = Awaited<ReturnType<SqliteClient["execute"]>>;
export type SqliteStatement = Parameters<SqliteClient["execute"]>[0];
export type SqliteTransactionMode = NonNullable<Parameters<SqliteClient["batch"]>[1]>;
type Row = SqliteResultSet["rows"][number];
type Value = Row[number];
type InArgs = Exclude<SqliteStatement, string>["args"];
type InValue = Extract<InArgs, readonly unknown[]>[number];

/** A SQLite error as the adapter maps it (UniqueConstraintViolation, busy → SocketTimeout, ...). */
export class SqliteDriverError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly rawCode: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SqliteDriverError";
  }
}

const BEGIN: Record<SqliteTransactionMode, string> = {
  deferred: "BEGIN DEFERRED",
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
};

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A kept statement, with its result's column names and declared types read once (a native call each time: 4 % of the app's CPU in bench:tenants). */
type Prepared = { statement: Database.Statement; returnsData: boolean; columns?: { names: string[]; types: string[] } };

/** Opens the one connection (and checks that the file can be read) for the adapter. */
export function openSqliteClient(databaseUrl: string): SqliteClient {
  const file = sqliteFilePath(databaseUrl);
  let database: Database.Database;
  try {
    database = new Database(file);
  } catch (error) {
    // libsql reports a failed open as a plain Error with an empty code.
    const message = error instanceof Error ? error.message : String(error);
    throw new SqliteDriverError(
      `Cannot open the SQLite database file ${file}: ${message}`,
      "SQLITE_CANTOPEN",
      undefined,
      { cause: error },
    );
  }
  const statements = createStatementCache<Prepared>({ maxKept: STATEMENT_CACHE_SIZE, maxSeenOnce: SEEN_ONCE_SIZE });
  let closed = false;

  function prepared(sql: string): Prepared {
    const cached = statements.get(sql);
    if (cached) return cached;
    const statement = database.prepare(sql);
    statement.safeIntegers(true);
    let returnsData = true;
    try {
      statement.raw(true);
    } catch {
      // raw() refuses a statement that returns no rows (an INSERT without RETURNING, a COMMIT).
      returnsData = false;
    }
    const entry = { statement, returnsData };
    statements.offer(sql, entry);
    return entry;
  }

  function run(input: SqliteStatement): SqliteResultSet {
    if (closed) throw new SqliteDriverError("The SQLite client is closed.", "CLIENT_CLOSED", undefined);
    const { sql, args } = typeof input === "string" ? { sql: input, args: [] } : input;
    const values = bindValues(args);
    return guarded(() => {
      const entry = prepared(sql);
      try {
        return execute(entry, values);
      } catch (error) {
        // A statement stopped part-way (SQLITE_BUSY) keeps its locks until it runs again (libsql has
        // no reset or finalize): kept, so that the retry's run resets it.
        statements.keep(sql, entry);
        throw error;
      }
    });
  }

  function execute(entry: Prepared, values: ReturnType<typeof bindValues>): SqliteResultSet {
    const { statement, returnsData } = entry;
    if (!returnsData) {
      const info = statement.run(values);
      return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    entry.columns ??= {
      names: statement.columns().map((column) => column.name),
      types: statement.columns().map((column) => column.type ?? ""),
    };
    const { names, types } = entry.columns;
    const rows = (statement.all(values) as unknown[][]).map((row) => toRow(row, names));
    return resultSet(names, types, rows, 0, undefined);
  }

  /** Statements of a batch in one transaction: all or none. */
  function runAll(statements: readonly SqliteStatement[]): SqliteResultSet[] {
    const results: SqliteResultSet[] = [];
    for (const statement of statements) results.push(run(statement));
    return results;
  }

  function transactionOnConnection(): SqliteTransaction {
    return {
      execute: async (statement) => run(statement),
      batch: async (statements) => runAll(statements),
      executeMultiple: async (sql) => guarded(() => void database.exec(sql)),
      commit: async () => void run("COMMIT"),
      async rollback() {
        if (database.inTransaction) run("ROLLBACK");
      },
      close() {
        if (database.inTransaction) run("ROLLBACK");
      },
      get closed() {
        return !database.inTransaction;
      },
    };
  }

  const client: SqliteClient = {
    execute: async (statement) => run(statement),
    async batch(statements, mode = "deferred") {
      const transaction = await client.transaction(mode);
      try {
        const results = runAll(statements);
        await transaction.commit();
        return results;
      } finally {
        transaction.close();
      }
    },
    async transaction(mode: SqliteTransactionMode = "deferred") {
      run(BEGIN[mode]);
      return transactionOnConnection();
    },
    async executeMultiple(sql) {
      guarded(() => database.exec(sql));
    },
    async sync() {
      // @libsql/client's own answer for a database that is not an embedded replica.
      throw new SqliteDriverError(
        "sync is only for embedded replicas, not a local file.",
        "SYNC_NOT_SUPPORTED",
        undefined,
      );
    },
    close() {
      if (closed) return;
      closed = true;
      statements.clear();
      database.close();
    },
    get closed() {
      return closed;
    },
    protocol: "file",
  };
  run("SELECT 1 AS checkThatTheDatabaseCanBeOpened");
  return client;
}

function bindValues(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(toSqlValue);
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, toSqlValue(value)]));
}

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): SqliteResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) => Array.from(row)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid),
    }),
  };
}

/** A row as @libsql/client gives it: values by position (what the adapter reads) and by column name. */
function toRow(values: readonly unknown[], columns: readonly string[]): Row {
  const row: Row = { length: values.length };
  Object.defineProperty(row, "length", { enumerable: false });
  values.forEach((raw, i) => {
    const value = fromSqlValue(raw);
    row[i] = value;
    const column = columns[i];
    if (column !== undefined && !Object.hasOwn(row, column)) row[column] = value;
  });
  return row;
}

function toSqlValue(value: InValue | undefined): unknown {
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  if (typeof value === "number" && !Number.isFinite(value))
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  return value;
}

function fromSqlValue(value: unknown): Value {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(value);
  }
  if (value === null || typeof value === "string" || typeof value === "number" || value instanceof ArrayBuffer)
    return value;
  throw new TypeError(`SQLite returned a value of an unexpected type: ${Object.prototype.toString.call(value)}`);
}

/**
 * Runs a libsql call, giving a SQLite error one class with the `code`/`rawCode` the adapter maps.
 * libsql throws a SqliteError from `run`, but a plain Error carrying the same fields from reading
 * rows (an INSERT ... RETURNING that breaks a unique index).
 */
function guarded<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof Database.SqliteError) {
      throw new SqliteDriverError(error.message, error.code, error.rawCode, { cause: error });
    }
    const { code, rawCode } = (error ?? {}) as { code?: unknown; rawCode?: unknown };
    if (error instanceof Error && typeof code === "string" && typeof rawCode === "number") {
      throw new SqliteDriverError(error.message, code, rawCode, { cause: error });
    }
    throw error;
  }
}
