import { describe, expect, it } from "vitest";
import { createStatementCache } from "~/db/statement-cache";

const cacheOf = (maxKept = 3, maxSeenOnce = 2) => createStatementCache<string>({ maxKept, maxSeenOnce });

/** Offers `sql` as a just-prepared statement unless one is kept; what the connection does per query. */
function use(cache: ReturnType<typeof cacheOf>, sql: string): "kept" | "prepared" {
  if (cache.get(sql) !== undefined) return "kept";
  cache.offer(sql, `statement for ${sql}`);
  return "prepared";
}

describe("the statements the SQLite connection keeps", () => {
  it("keeps a text from its second use, never a text used once", () => {
    const cache = cacheOf();
    expect([use(cache, "a"), use(cache, "a"), use(cache, "a")]).toEqual(["prepared", "prepared", "kept"]);
    expect(cache.get("a")).toBe("statement for a");
    use(cache, "one-off");
    expect(cache.get("one-off")).toBeUndefined();
    expect(cache.keptCount).toBe(1);
  });

  it("remembers at most maxSeenOnce texts: the oldest seen once is forgotten and prepared as new", () => {
    const cache = cacheOf(3, 2);
    for (const sql of ["a", "b", "c"]) use(cache, sql);
    expect(use(cache, "a")).toBe("prepared"); // forgotten, so seen once again: not kept yet
    expect(cache.keptCount).toBe(0);
    expect(use(cache, "c")).toBe("prepared"); // remembered: kept from this use
    expect(cache.get("c")).toBe("statement for c");
  });

  it("drops the least recently used kept statement past maxKept", () => {
    const cache = cacheOf(2, 10);
    for (const sql of ["a", "a", "b", "b"]) use(cache, sql);
    expect(use(cache, "a")).toBe("kept"); // b is now the least recently used
    use(cache, "c");
    use(cache, "c");
    expect(cache.keptCount).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("statement for a");
  });

  it("keeps a statement that failed part-way on its first use, so that its next run resets it", () => {
    const cache = cacheOf();
    cache.keep("INSERT ... (stopped by SQLITE_BUSY)", "the stopped statement");
    expect(cache.get("INSERT ... (stopped by SQLITE_BUSY)")).toBe("the stopped statement");
    expect(cache.keptCount).toBe(1);
  });

  it("forgets everything when cleared", () => {
    const cache = cacheOf();
    for (const sql of ["a", "a", "b"]) use(cache, sql);
    cache.clear();
    expect(cache.keptCount).toBe(0);
    expect(use(cache, "b")).toBe("prepared");
    expect(cache.get("b")).toBeUndefined();
  });
});
