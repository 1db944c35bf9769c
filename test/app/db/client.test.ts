/**
 * The client for the test database (SQLite or PostgreSQL, see test/support/global-setup.ts): the
 * right generated client for the URL, and errors the app recognises whichever client raised them.
 */
import { createRequire } from "node:module";
import { Prisma } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, providerOfDb } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { checkpointWriteAheadLog, useWriteAheadLog } from "~/db/journal.server";
import { POSTGRESQL_CLIENT_MODULE } from "~/db/provider";
import { onPostgresql, onSqlite, testDatabaseProvider } from "../../support/database";

const db = createDb(process.env.DATABASE_URL!);

afterAll(async () => {
  await db.$disconnect();
});

describe("createDb", () => {
  it("builds the client generated for the URL's provider", async () => {
    expect(providerOfDb(db)).toBe(testDatabaseProvider);
    expect(await db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  });

  it("reports a unique violation as one (P2002), so enqueue and receive treat repeats as repeats", async () => {
    await db.webhookDelivery.deleteMany();
    const row = { shopDomain: "client-test.myshopify.com", webhookId: "w-1", topic: "orders/paid" };
    await db.webhookDelivery.create({ data: row });
    const error = await db.webhookDelivery.create({ data: row }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("shares one Prisma runtime between the two generated clients (one set of error classes)", () => {
    const postgresql = createRequire(import.meta.url)(POSTGRESQL_CLIENT_MODULE) as { Prisma: typeof Prisma };
    expect(postgresql.Prisma.PrismaClientKnownRequestError).toBe(Prisma.PrismaClientKnownRequestError);
    expect(postgresql.Prisma.sql).toBe(Prisma.sql);
  });

  it.runIf(onPostgresql)(
    "(PostgreSQL only) runs PostgreSQL SQL: the claim's FOR UPDATE SKIP LOCKED is understood",
    async () => {
      expect(await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Job" LIMIT 1 FOR UPDATE SKIP LOCKED`).toEqual([]);
    },
  );

  it.runIf(onSqlite)(
    "(SQLite only) switches the file to write-ahead logging, which another client then sees",
    async () => {
      expect(await useWriteAheadLog(db)).toBe("wal");
      const other = createDb(process.env.DATABASE_URL!);
      try {
        expect(await other.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode")).toEqual([
          { journal_mode: "wal" },
        ]);
      } finally {
        await other.$disconnect();
      }
    },
  );

  it.runIf(onSqlite)("(SQLite only) copies the write-ahead log into the database file on demand", async () => {
    await useWriteAheadLog(db);
    await db.webhookDelivery.create({
      data: { shopDomain: "corner-bakery.myshopify.com", webhookId: "w-checkpoint", topic: "orders/paid" },
    });
    expect(await checkpointWriteAheadLog(db)).toBeGreaterThan(0);
    expect(await db.webhookDelivery.count({ where: { webhookId: "w-checkpoint" } })).toBe(1);
  });

  it.runIf(onPostgresql)("(PostgreSQL only) leaves the journal to the server", async () => {
    expect(await useWriteAheadLog(db)).toBeNull();
    expect(await checkpointWriteAheadLog(db)).toBeNull();
  });
});
