/**
 * The names under which PostgreSQL connections keep the app's repeated statements prepared
 * (app/db/postgres-prepared.server.ts), and, on PostgreSQL, that the app's client really does.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { createStatementNames, isStalePreparedStatement } from "~/db/postgres-prepared.server";
import { onPostgresql } from "../../support/database";

describe("which statement texts are named", () => {
  it.each([
    { uses: ["a"], named: [undefined] },
    { uses: ["a", "a", "a"], named: [undefined, "app_1", "app_1"] },
    { uses: ["a", "b", "a", "b", "a"], named: [undefined, undefined, "app_1", "app_2", "app_1"] },
  ])("from its second use, one name per text for good: $uses", ({ uses, named }) => {
    const names = createStatementNames({ maxNamed: 10, maxSeenOnce: 10 });
    expect(uses.map((sql) => names.nameFor(sql))).toEqual(named);
  });

  it("names at most maxNamed texts, then runs new texts unnamed and keeps the names given", () => {
    const names = createStatementNames({ maxNamed: 2, maxSeenOnce: 10 });
    for (const sql of ["a", "a", "b", "b", "c", "c", "c"]) names.nameFor(sql);
    expect(names.namedCount).toBe(2);
    expect(names.nameFor("c")).toBeUndefined();
    expect([names.nameFor("a"), names.nameFor("b")]).toEqual(["app_1", "app_2"]);
  });

  it("remembers at most maxSeenOnce texts: the oldest seen once is forgotten", () => {
    const names = createStatementNames({ maxNamed: 10, maxSeenOnce: 2 });
    for (const sql of ["a", "b", "c"]) names.nameFor(sql);
    expect(names.nameFor("a")).toBeUndefined(); // forgotten: seen once again
    expect(names.nameFor("c")).toBe("app_1");
  });
});

describe("a kept statement a migration made stale", () => {
  it.each([
    { error: { code: "0A000", message: "cached plan must not change result type" }, stale: true },
    { error: { code: "0A000", message: "something else not supported" }, stale: false },
    { error: { code: "23505", message: "cached plan must not change result type" }, stale: false },
    { error: new Error("cached plan must not change result type"), stale: false },
    { error: null, stale: false },
  ])("$error is stale: $stale", ({ error, stale }) => {
    expect(isStalePreparedStatement(error)).toBe(stale);
  });
});

describe.runIf(onPostgresql)("the app's PostgreSQL client (PostgreSQL only)", () => {
  const db = createDb(process.env.DATABASE_URL!);
  afterAll(async () => {
    await db.$disconnect();
  });

  const preparedOnConnection = (tx: Pick<typeof db, "$queryRawUnsafe">) =>
    tx.$queryRawUnsafe<{ statement: string }[]>(
      `SELECT "statement" FROM pg_prepared_statements WHERE "statement" LIKE '%prepared-probe%'`,
    );

  it("keeps a repeated statement prepared on its connection, with each call's own values", async () => {
    const answers = await db.$transaction(async (tx) => {
      const results: number[] = [];
      for (const value of [1, 2, 3])
        results.push(
          ...(await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT $1::int AS n /* prepared-probe */`, value)).map(
            (row) => row.n,
          ),
        );
      return { results, prepared: await preparedOnConnection(tx) };
    });
    expect(answers.results).toEqual([1, 2, 3]);
    expect(answers.prepared.map((row) => row.statement)).toEqual(["SELECT $1::int AS n /* prepared-probe */"]);
  });

  it("after a migration changed a kept statement's columns, fails that call once, then prepares it again", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set("connection_limit", "1"); // one connection: the one that kept the statement
    const single = createDb(url.toString());
    // In transactions: a statement failing there leaves the connection in the pool (a failed plain
    // query makes the pool drop its connection, and with it the stale statement).
    const read = () =>
      single.$transaction((tx) => tx.$queryRawUnsafe<Record<string, number | null>[]>(`SELECT * FROM "StaleProbe"`));
    try {
      await single.$executeRawUnsafe(`CREATE TABLE "StaleProbe" ("a" INTEGER)`);
      await single.$executeRawUnsafe(`INSERT INTO "StaleProbe" VALUES (1)`);
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ a: 1 }]);
      await single.$executeRawUnsafe(`ALTER TABLE "StaleProbe" ADD COLUMN "b" INTEGER`);
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      expect(await read()).toEqual([{ a: 1, b: null }]);
      expect(await read()).toEqual([{ a: 1, b: null }]);
    } finally {
      await single.$executeRawUnsafe(`DROP TABLE IF EXISTS "StaleProbe"`);
      await single.$disconnect();
    }
  });

  it("runs a named statement again after it failed in a rolled-back transaction", async () => {
    const failing = `SELECT 1 / $1::int AS n /* prepared-probe failing */`;
    for (let i = 0; i < 3; i++) await expect(db.$queryRawUnsafe(failing, 0)).rejects.toThrow(/division by zero/);
    const failed = await db
      .$transaction(async (tx) => {
        await tx.$queryRawUnsafe(failing, 1);
        await tx.$queryRawUnsafe(failing, 0);
      })
      .catch((error: unknown) => error);
    expect(String(failed)).toMatch(/division by zero/);
    expect(await db.$queryRawUnsafe<{ n: number }[]>(failing, 1)).toEqual([{ n: 1 }]);
  });
});
