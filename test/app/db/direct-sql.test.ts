/**
 * Plain SQL straight through the pool on PostgreSQL (app/db/direct-sql.server.ts): the same rows and
 * counts as Prisma's $queryRaw/$executeRaw give, on either database, and parameters as the adapter
 * sends them.
 */
import { Prisma } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { pgParameter, sqlExecute, sqlRows } from "~/db/direct-sql.server";
import { onPostgresql } from "../../support/database";

const db = createDb(process.env.DATABASE_URL!);
afterAll(async () => {
  await db.$disconnect();
});

beforeEach(async () => {
  await db.job.deleteMany();
});

const at = new Date("2026-11-28T14:05:06.789Z");
const job = (id: string, runAt: Date) =>
  Prisma.sql`INSERT INTO "Job" ("id", "shopDomain", "kind", "payloadJson", "runAt", "maxAttempts", "createdAt", "updatedAt")
    VALUES (${id}, 'direct.myshopify.com', 'probe', '{}', ${runAt}, 3, ${runAt}, ${runAt})`;

describe("pgParameter", () => {
  it.each([
    { value: at, sent: "2026-11-28 14:05:06.789" },
    { value: new Date("2026-01-02T03:04:05.000Z"), sent: "2026-01-02 03:04:05.000" },
    { value: "text", sent: "text" },
    { value: 7n, sent: 7n },
    { value: null, sent: null },
  ])("sends $value as $sent", ({ value, sent }) => {
    expect(pgParameter(value)).toEqual(sent);
  });

  it("refuses an invalid Date rather than sending NaN", () => {
    expect(() => pgParameter(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("sqlRows and sqlExecute answer as $queryRaw and $executeRaw do", () => {
  it("counts the rows a statement wrote and changed", async () => {
    expect(await sqlExecute(db, job("a", at))).toBe(1);
    expect(await sqlExecute(db, job("b", at))).toBe(1);
    expect(await sqlExecute(db, Prisma.sql`UPDATE "Job" SET "attempts" = 1 WHERE "kind" = 'probe'`)).toBe(2);
    expect(await sqlExecute(db, Prisma.sql`UPDATE "Job" SET "attempts" = 1 WHERE "kind" = 'none'`)).toBe(0);
  });

  it("reads timestamps, integers, counts, Booleans and nulls with the same values as Prisma", async () => {
    await sqlExecute(db, job("a", at));
    const query = Prisma.sql`SELECT "id", "runAt", "attempts", "lockedUntil", ("attempts" = 0) AS "fresh",
        (SELECT COUNT(*) FROM "Job") AS "total"
      FROM "Job" WHERE "runAt" <= ${at} AND "runAt" >= ${new Date(at.getTime() - 1)}`;
    const direct = await sqlRows(db, query);
    expect(direct).toEqual(await db.$queryRaw(query));
    // PostgreSQL's own types (SQLite has no Boolean type and answers its 0 or 1, through Prisma on both paths).
    if (onPostgresql)
      expect(direct).toEqual([{ id: "a", runAt: at, attempts: 0, lockedUntil: null, fresh: true, total: 1n }]);
  });

  it("runs a transaction's statements in that transaction (through Prisma), so they roll back with it", async () => {
    const failed = await db
      .$transaction(async (tx) => {
        await sqlExecute(tx, job("in-tx", at));
        expect(await sqlRows(tx, Prisma.sql`SELECT "id" FROM "Job"`)).toEqual([{ id: "in-tx" }]);
        throw new Error("roll back");
      })
      .catch((error: unknown) => error);
    expect(failed).toEqual(new Error("roll back"));
    expect(await sqlRows(db, Prisma.sql`SELECT "id" FROM "Job"`)).toEqual([]);
  });

  it.runIf(onPostgresql)("(PostgreSQL only) reports the server's error with its SQLSTATE", async () => {
    await sqlExecute(db, job("a", at));
    await expect(sqlExecute(db, job("a", at))).rejects.toMatchObject({ code: "23505" });
  });

  it.runIf(onPostgresql)(
    "(PostgreSQL only) outlives the server ending an idle connection it opened before Prisma's first query",
    async () => {
      const fresh = createDb(process.env.DATABASE_URL!);
      try {
        const [opened] = (await sqlRows(fresh, Prisma.sql`SELECT pg_backend_pid() AS "pid"`)) as { pid: number }[];
        await db.$queryRawUnsafe(`SELECT pg_terminate_backend(${Number(opened!.pid)})`);
        // Until the pool has let go of the ended connection, a query may still be sent on it and fail.
        let answer: unknown = null;
        for (let tries = 0; answer === null && tries < 100; tries++)
          answer = await sqlRows(fresh, Prisma.sql`SELECT 2 AS "two"`).catch(() => null);
        expect(answer).toEqual([{ two: 2 }]);
      } finally {
        await fresh.$disconnect();
      }
    },
  );

  it("still answers after the client disconnected and connected again", async () => {
    await db.$disconnect();
    expect(await sqlRows(db, Prisma.sql`SELECT 1 AS "one"`)).toEqual([{ one: 1 }]);
  });
});
