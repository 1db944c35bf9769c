/**
 * The one SQLite connection under Prisma's libsql adapter: the shapes the adapter reads, statements
 * reused, transactions on the same connection, and (through Prisma) no connection left behind per
 * transaction — the leak whose clean-up stalled the event loop at every full garbage collection.
 */
import { readdirSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { sqliteFilePath } from "~/db/provider";
import {
  STATEMENT_CACHE_SIZE,
  SqliteDriverError,
  openSqliteClient,
  type SqliteClient,
  type SqliteResultSet,
} from "~/db/sqlite-connection.server";
import { onSqlite } from "../../support/database";

/** A result's rows as plain arrays of their values (rows also carry their values by column name). */
const valuesOf = (result: SqliteResultSet) => result.rows.map((row) => Array.from(row));

describe("openSqliteClient", () => {
  let dir: string;
  let client: SqliteClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "sqlite-connection-"));
    client = openSqliteClient(`file:${path.join(dir, "test.sqlite")}`);
    await client.executeMultiple(`
      CREATE TABLE "Parcel" ("id" TEXT PRIMARY KEY, "grams" INTEGER NOT NULL, "price" REAL, "label" BLOB, "createdAt" DATETIME);
      CREATE UNIQUE INDEX "Parcel_grams_key" ON "Parcel"("grams");`);
  });

  afterAll(async () => {
    client.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("returns rows as arrays with column names and declared types, integers as numbers and blobs as ArrayBuffers", async () => {
    const insert = await client.execute({
      sql: `INSERT INTO "Parcel" ("id", "grams", "price", "label", "createdAt") VALUES (?, ?, ?, ?, ?)`,
      args: ["p-1", 1250, 12.5, new Uint8Array([1, 2, 3]), "2026-11-25T02:00:00.000+00:00"],
    });
    expect(insert).toMatchObject({ columns: [], rows: [], rowsAffected: 1 });
    const result = await client.execute({
      sql: `SELECT "id", "grams", "price", "label", "createdAt", 1 + 1 AS "two" FROM "Parcel" WHERE "id" = ?`,
      args: ["p-1"],
    });
    expect(result.columns).toEqual(["id", "grams", "price", "label", "createdAt", "two"]);
    expect(result.columnTypes).toEqual(["TEXT", "INTEGER", "REAL", "BLOB", "DATETIME", ""]);
    expect(result.rows).toHaveLength(1);
    const row = result.rows[0]!;
    const [id, grams, price, label, createdAt, two] = Array.from(row);
    expect([id, grams, price, createdAt, two]).toEqual(["p-1", 1250, 12.5, "2026-11-25T02:00:00.000+00:00", 2]);
    expect([row.id, row.grams, row.two, row.length]).toEqual(["p-1", 1250, 2, 6]);
    expect(Object.keys(row)).toEqual([
      "0",
      "1",
      "2",
      "3",
      "4",
      "5",
      "id",
      "grams",
      "price",
      "label",
      "createdAt",
      "two",
    ]);
    expect(result.toJSON()).toMatchObject({ rows: [["p-1", 1250, 12.5, expect.anything(), expect.any(String), 2]] });
    expect(label).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(label as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it("writes booleans as 1/0 and dates as epoch milliseconds, and refuses undefined and non-finite numbers", async () => {
    const result = await client.execute({
      sql: "SELECT ? AS yes, ? AS no, ? AS at",
      args: [true, false, new Date(1_795_572_000_000)],
    });
    expect(valuesOf(result)).toEqual([[1, 0, 1_795_572_000_000]]);
    const named = await client.execute({ sql: "SELECT :grams + 1 AS more", args: { grams: 41 } });
    expect(valuesOf(named)).toEqual([[42]]);
    await expect(client.execute({ sql: "SELECT ? AS x", args: [undefined as unknown as null] })).rejects.toThrow(
      TypeError,
    );
    await expect(client.execute({ sql: "SELECT ? AS x", args: [Number.NaN] })).rejects.toThrow(RangeError);
  });

  it("refuses an integer beyond JavaScript's safe range rather than rounding it", async () => {
    await expect(client.execute("SELECT 9007199254740993 AS big")).rejects.toThrow(/safely represented/);
  });

  it("reports SQLite errors with the code and raw code the adapter maps (unique violation: 2067)", async () => {
    const error = await client
      .execute(`INSERT INTO "Parcel" ("id", "grams") VALUES ('p-2', 1250)`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqliteDriverError);
    expect(error).toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE", rawCode: 2067 });
    const returning = await client
      .execute(`INSERT INTO "Parcel" ("id", "grams") VALUES ('p-1', 5) RETURNING "id"`)
      .catch((e: unknown) => e);
    expect(returning).toBeInstanceOf(SqliteDriverError);
    expect(returning).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY", rawCode: 1555 });
    expect(valuesOf(await client.execute('SELECT COUNT(*) AS n FROM "Parcel"'))).toEqual([[1]]);
    await expect(client.execute('SELECT * FROM "Nowhere"')).rejects.toMatchObject({
      message: expect.stringMatching(/no such table/),
    });
  });

  it("keeps its statements prepared: the same statement runs again with new values, and past the cache's size old ones are prepared anew", async () => {
    for (let i = 0; i < 3; i++) {
      expect(valuesOf(await client.execute({ sql: "SELECT ? * 2 AS doubled", args: [i] }))).toEqual([[i * 2]]);
    }
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 10; i++) {
      expect(valuesOf(await client.execute(`SELECT ${i} AS n`))).toEqual([[i]]);
    }
    expect(valuesOf(await client.execute({ sql: "SELECT ? * 2 AS doubled", args: [21] }))).toEqual([[42]]);
  });

  it("runs a transaction on the client's one connection: a temporary table (per connection) is seen inside it, commit keeps, rollback discards", async () => {
    await client.execute(`CREATE TEMP TABLE "Scratch" ("n" INTEGER)`);
    const kept = await client.transaction("deferred");
    await kept.execute(`INSERT INTO "Scratch" ("n") VALUES (1)`);
    expect(kept.closed).toBe(false);
    await kept.commit();
    expect(kept.closed).toBe(true);

    const discarded = await client.transaction("write");
    await discarded.execute(`INSERT INTO "Scratch" ("n") VALUES (2)`);
    await discarded.rollback();
    expect(valuesOf(await client.execute(`SELECT "n" FROM "Scratch"`))).toEqual([[1]]);

    const abandoned = await client.transaction();
    await abandoned.execute(`INSERT INTO "Scratch" ("n") VALUES (3)`);
    abandoned.close();
    expect(valuesOf(await client.execute(`SELECT COUNT(*) FROM "Scratch"`))).toEqual([[1]]);
  });

  it("runs a batch in one transaction: all of it, or nothing when a statement fails", async () => {
    const results = await client.batch([`CREATE TABLE "Tally" ("n" INTEGER UNIQUE)`, `INSERT INTO "Tally" VALUES (1)`]);
    expect(results[1]?.rowsAffected).toBe(1);
    await expect(
      client.batch([`INSERT INTO "Tally" VALUES (2)`, `INSERT INTO "Tally" VALUES (1)`], "write"),
    ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(valuesOf(await client.execute(`SELECT "n" FROM "Tally"`))).toEqual([[1]]);
  });

  it("says it is a local file: no replica to sync", async () => {
    expect(client.protocol).toBe("file");
    await expect(client.sync()).rejects.toMatchObject({ code: "SYNC_NOT_SUPPORTED" });
  });

  it("refuses work once closed", async () => {
    const other = openSqliteClient(`file:${path.join(dir, "other.sqlite")}`);
    other.close();
    expect(other.closed).toBe(true);
    await expect(other.execute("SELECT 1")).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
  });

  it("fails at once for a file it cannot open", () => {
    const missing = path.join(dir, "missing-dir", "x.sqlite");
    expect(() => openSqliteClient(`file:${missing}`)).toThrow(SqliteDriverError);
    expect(() => openSqliteClient(`file:${missing}`)).toThrow(`Cannot open the SQLite database file ${missing}`);
  });
});

describe.runIf(onSqlite)("the app's client on SQLite (SQLite only: the connection is SQLite's)", () => {
  // Made in beforeAll: the body of a describe skipped on PostgreSQL still runs.
  let db: Db;
  let file: string;
  /** Open descriptors of this process on the database file itself (not its -wal/-shm). */
  const openHandles = () =>
    readdirSync("/proc/self/fd").filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path.resolve(file);
      } catch {
        return false;
      }
    }).length;

  beforeAll(() => {
    db = createDb(process.env.DATABASE_URL!);
    file = sqliteFilePath(process.env.DATABASE_URL!);
  });

  afterAll(async () => {
    await db.$disconnect();
  });

  it("leaves no connection behind per transaction: 200 model writes (each one Prisma transaction) keep one open file", async () => {
    await db.webhookDelivery.deleteMany({ where: { shopDomain: "one-connection.myshopify.com" } });
    await db.$queryRaw`SELECT 1`;
    const before = openHandles();
    for (let i = 0; i < 200; i++) {
      await db.webhookDelivery.upsert({
        where: { shopDomain_webhookId: { shopDomain: "one-connection.myshopify.com", webhookId: `w-${i % 20}` } },
        create: { shopDomain: "one-connection.myshopify.com", webhookId: `w-${i % 20}`, topic: "orders/paid" },
        update: { topic: "orders/paid" },
      });
      await db.$transaction(async (tx) => tx.webhookDelivery.count());
    }
    expect(before).toBe(1);
    expect(openHandles()).toBe(before);
    expect(await db.webhookDelivery.count({ where: { shopDomain: "one-connection.myshopify.com" } })).toBe(20);
  });

  it("still reports a unique violation as P2002 and rolls a failed transaction back", async () => {
    const row = { shopDomain: "one-connection.myshopify.com", webhookId: "w-unique", topic: "orders/paid" };
    await db.webhookDelivery.create({ data: row });
    const error = await db
      .$transaction(async (tx) => {
        await tx.webhookDelivery.create({ data: { ...row, webhookId: "w-in-tx" } });
        await tx.webhookDelivery.create({ data: row });
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await db.webhookDelivery.count({ where: { webhookId: "w-in-tx" } })).toBe(0);
  });
});
