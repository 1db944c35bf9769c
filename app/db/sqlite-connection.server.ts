/**
 * The SQLite client under Prisma's libsql adapter: ONE connection to the database file for the
 * whole process, its prepared statements kept for reuse.
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
 * The adapter uses four members of the client it gets (execute, transaction, executeMultiple,
 * close); results and errors have @libsql/client's shapes for it: rows as arrays with declared
 * column types, integers as numbers, blobs as ArrayBuffers, SQLite errors with `code` and `rawCode`.
 */
import { Buffer } from "node:buffer";
import Database from "libsql";
import { sqliteFilePath } from "./provider";

/** Distinct statements kept prepared; the app issues a few hundred shapes, raw SQL with variable IN lists adds more. */
export const STATEMENT_CACHE_SIZE = 500;

type SqlValue = null | string | number | bigint | boolean | ArrayBuffer | Uint8Array | Date;
export type SqliteStatement = { sql: string; args?: readonly SqlValue[] };
export type SqliteResultSet = {
  columns: string[];
  columnTypes: string[];
  rows: unknown[][];
  rowsAffected: number;
  lastInsertRowid: bigint | undefined;
};

export type SqliteTransactionMode = "deferred" | "write" | "read";

export interface SqliteTransaction {
  execute(statement: SqliteStatement | string): Promise<SqliteResultSet>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): void;
  readonly closed: boolean;
}

export interface SqliteClient {
  execute(statement: SqliteStatement | string): Promise<SqliteResultSet>;
  transaction(mode?: SqliteTransactionMode): Promise<SqliteTransaction>;
  executeMultiple(sql: string): Promise<void>;
  close(): void;
  readonly closed: boolean;
}

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

type Prepared = { statement: Database.Statement; returnsData: boolean };

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
  const statements = new Map<string, Prepared>();
  let closed = false;

  function prepared(sql: string): Prepared {
    const cached = statements.get(sql);
    if (cached) {
      // Least recently used first: re-inserting moves it to the end.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
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
    statements.set(sql, entry);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    return entry;
  }

  function run(input: SqliteStatement | string): SqliteResultSet {
    if (closed) throw new SqliteDriverError("The SQLite client is closed.", "CLIENT_CLOSED", undefined);
    const { sql, args = [] } = typeof input === "string" ? { sql: input } : input;
    const values = args.map(toSqlValue);
    return guarded(() => {
      const { statement, returnsData } = prepared(sql);
      if (!returnsData) {
        const info = statement.run(values);
        return {
          columns: [],
          columnTypes: [],
          rows: [],
          rowsAffected: info.changes,
          lastInsertRowid: BigInt(info.lastInsertRowid),
        };
      }
      const columns = statement.columns();
      const rows = (statement.all(values) as unknown[][]).map((row) => row.map(fromSqlValue));
      return {
        columns: columns.map((column) => column.name),
        columnTypes: columns.map((column) => column.type ?? ""),
        rows,
        rowsAffected: 0,
        lastInsertRowid: undefined,
      };
    });
  }

  const client: SqliteClient = {
    execute: async (statement) => run(statement),
    async transaction(mode = "deferred") {
      run(BEGIN[mode]);
      return {
        execute: async (statement) => run(statement),
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
    },
    async executeMultiple(sql) {
      guarded(() => database.exec(sql));
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
  };
  run("SELECT 1 AS checkThatTheDatabaseCanBeOpened");
  return client;
}

function toSqlValue(value: SqlValue | undefined): unknown {
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  if (typeof value === "number" && !Number.isFinite(value))
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  return value;
}

function fromSqlValue(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(value);
  }
  if (Buffer.isBuffer(value)) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
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
