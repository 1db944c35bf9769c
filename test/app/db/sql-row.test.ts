import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSqlRows, sqlBoolean, sqlDate, sqlInteger } from "~/db/sql-row";

describe("sqlInteger", () => {
  it.each([
    { from: "a number (both databases through Prisma)", value: 7, expected: 7 },
    { from: "a bigint (SQLite's 64-bit INTEGER, PostgreSQL's count)", value: 7n, expected: 7 },
    { from: "zero as a bigint", value: 0n, expected: 0 },
  ])("reads $from", ({ value, expected }) => {
    expect(sqlInteger.parse(value)).toBe(expected);
  });

  it.each([
    { what: "a fraction", value: 1.5 },
    { what: "text", value: "7" },
    { what: "a bigint beyond JavaScript's safe integers", value: 2n ** 60n },
    { what: "null", value: null },
  ])("refuses $what", ({ value }) => {
    expect(sqlInteger.safeParse(value).success).toBe(false);
  });
});

describe("sqlDate", () => {
  const at = new Date("2026-11-25T08:00:00.000Z");
  it.each([
    { from: "a Date (a declared DATETIME or timestamp column)", value: at },
    { from: "SQLite's stored text", value: "2026-11-25T08:00:00.000+00:00" },
    { from: "epoch milliseconds", value: at.getTime() },
  ])("reads $from", ({ value }) => {
    expect(sqlDate.parse(value)).toEqual(at);
  });

  it("refuses text that is no date", () => {
    expect(sqlDate.safeParse("tomorrow").success).toBe(false);
  });
});

describe("sqlBoolean", () => {
  it.each([
    { from: "a boolean", value: true, expected: true },
    { from: "false", value: false, expected: false },
    { from: "SQLite's stored 1", value: 1, expected: true },
    { from: "SQLite's stored 0", value: 0, expected: false },
    { from: "1 as a bigint", value: 1n, expected: true },
    { from: "0 as a bigint", value: 0n, expected: false },
  ])("reads $from", ({ value, expected }) => {
    expect(sqlBoolean.parse(value)).toBe(expected);
  });

  it.each([
    { what: "another number", value: 2 },
    { what: "text", value: "true" },
    { what: "null", value: null },
  ])("refuses $what", ({ value }) => {
    expect(sqlBoolean.safeParse(value).success).toBe(false);
  });
});

describe("parseSqlRows", () => {
  const row = z.object({ id: z.string(), attempts: sqlInteger });

  it("parses every row", () => {
    expect(
      parseSqlRows(
        row,
        [
          { id: "a", attempts: 1n },
          { id: "b", attempts: 2 },
        ],
        "Job",
      ),
    ).toEqual([
      { id: "a", attempts: 1 },
      { id: "b", attempts: 2 },
    ]);
  });

  it("names the rows and the field when one does not fit", () => {
    expect(() => parseSqlRows(row, [{ id: "a", attempts: "x" }], "Job")).toThrow(/unexpected Job rows[\s\S]*attempts/);
    expect(() => parseSqlRows(row, { id: "a" }, "Job")).toThrow(/unexpected Job rows/);
  });

  it("parses each query's rows by its own row, whichever was parsed before", () => {
    const named = z.object({ id: z.string(), name: z.string() });
    const stored = [{ id: "a", attempts: 3n, name: "Dana" }];
    for (let round = 0; round < 2; round++) {
      expect(parseSqlRows(row, stored, "Job")).toEqual([{ id: "a", attempts: 3 }]);
      expect(parseSqlRows(named, stored, "Shop")).toEqual([{ id: "a", name: "Dana" }]);
      expect(() => parseSqlRows(named, [{ id: "a" }], "Shop")).toThrow(/unexpected Shop rows[\s\S]*name/);
    }
  });
});
