import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGroupCommit } from "~/db/group-commit.server";

/** A writer that records each batch it was given and fails any batch holding "bad". */
function recordingWriter() {
  const batches: string[][] = [];
  const write = async (items: readonly string[]) => {
    batches.push([...items]);
    if (items.includes("bad")) throw new Error("cannot write bad");
    return items.map((item) => item.toUpperCase());
  };
  return { batches, write };
}

describe("group commit", () => {
  it("writes what is submitted in one turn together, and each submitter gets its own result", async () => {
    const writer = recordingWriter();
    const commits = createGroupCommit({ write: writer.write, maxBatch: 10 });
    expect(await Promise.all(["a", "b", "c"].map((item) => commits.submit(item)))).toEqual(["A", "B", "C"]);
    expect(writer.batches).toEqual([["a", "b", "c"]]);
  });

  it("writes a failed batch again one item at a time: only the item that fails alone fails", async () => {
    const writer = recordingWriter();
    const commits = createGroupCommit({ write: writer.write, maxBatch: 10 });
    const results = await Promise.allSettled(["a", "bad", "c"].map((item) => commits.submit(item)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "A",
      "cannot write bad",
      "C",
    ]);
    expect(writer.batches).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
  });

  it("writes a batch again as it is while the database reports another writer holding the file", async () => {
    const batches: string[][] = [];
    const commits = createGroupCommit({
      write: async (items: readonly string[]) => {
        batches.push([...items]);
        if (batches.length <= 2)
          throw Object.assign(new Error("Raw query failed. Code: `5`. Message: `database is locked`"), {
            code: "P2010",
          });
        return items.map((item) => item.toUpperCase());
      },
      maxBatch: 10,
    });
    expect(await Promise.all(["a", "b"].map((item) => commits.submit(item)))).toEqual(["A", "B"]);
    expect(batches).toEqual([
      ["a", "b"],
      ["a", "b"],
      ["a", "b"],
    ]);
  });

  it("takes at most maxBatch items per write, and items submitted during a write go in the next", async () => {
    const writer = recordingWriter();
    const commits = createGroupCommit({ write: writer.write, maxBatch: 2 });
    const first = ["a", "b", "c"].map((item) => commits.submit(item));
    await first[0];
    const later = commits.submit("d");
    await Promise.all([...first, later]);
    expect(writer.batches).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("refuses an item while too much is waiting, with the given error", async () => {
    const commits = createGroupCommit({
      write: async (items: readonly string[]) => items.map((item) => item.length),
      maxBatch: 10,
      weigh: (item) => item.length,
      maxWaiting: 5,
      overloaded: () => new RangeError("full"),
    });
    const waiting = [commits.submit("abc"), commits.submit("de")];
    await expect(commits.submit("f")).rejects.toThrow(RangeError);
    expect(await Promise.all(waiting)).toEqual([3, 2]);
    expect(await commits.submit("f")).toBe(1);
  });

  describe("with concurrency (PostgreSQL: a batch per pooled connection)", () => {
    /** A writer whose writes wait until the test opens it; it records each batch and how many were written at once. */
    function gatedWriter() {
      const batches: string[][] = [];
      const gates: (() => void)[] = [];
      let open = false;
      let writing = 0;
      let mostAtOnce = 0;
      const write = async (items: readonly string[]) => {
        batches.push([...items]);
        writing += 1;
        mostAtOnce = Math.max(mostAtOnce, writing);
        if (!open) await new Promise<void>((resolve) => gates.push(resolve));
        writing -= 1;
        if (items.includes("bad")) throw new Error("cannot write bad");
        return items.map((item) => item.toUpperCase());
      };
      const openAll = () => {
        open = true;
        gates.splice(0).forEach((release) => release());
      };
      return { batches, write, openAll, mostAtOnce: () => mostAtOnce };
    }

    it("writes at most `concurrency` batches at once, shares what waits between them, and answers each item", async () => {
      const writer = gatedWriter();
      const commits = createGroupCommit({ write: writer.write, maxBatch: 100, concurrency: 3 });
      const items = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
      const results = Promise.all(items.map((item) => commits.submit(item)));
      await new Promise((resolve) => setImmediate(resolve));
      expect(writer.batches).toEqual([
        ["a", "b", "c", "d"],
        ["e", "f", "g"],
        ["h", "i", "j"],
      ]);
      const later = commits.submit("k");
      await new Promise((resolve) => setImmediate(resolve));
      expect(writer.batches).toHaveLength(3);
      writer.openAll();
      expect(await results).toEqual(items.map((item) => item.toUpperCase()));
      expect(await later).toBe("K");
      expect(writer.batches.at(-1)).toEqual(["k"]);
      expect(writer.mostAtOnce()).toBe(3);
    });

    it("writes a failed batch again one item at a time while the other batches commit", async () => {
      const writer = gatedWriter();
      const commits = createGroupCommit({ write: writer.write, maxBatch: 100, concurrency: 2 });
      const results = Promise.allSettled(["a", "bad", "c", "d"].map((item) => commits.submit(item)));
      await new Promise((resolve) => setImmediate(resolve));
      expect(writer.mostAtOnce()).toBe(2);
      writer.openAll();
      expect((await results).map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
        "A",
        "cannot write bad",
        "C",
        "D",
      ]);
      expect(writer.batches).toEqual([["a", "bad"], ["c", "d"], ["a"], ["bad"]]);
    });

    it("never writes two items of one key at once: a later one waits for the batch holding its key", async () => {
      const writer = gatedWriter();
      const commits = createGroupCommit<string, string>({
        write: writer.write,
        maxBatch: 1,
        concurrency: 3,
        orderKey: (item) => item.split("-")[0]!,
      });
      const results = Promise.all(["x-1", "y-1", "x-2", "z-1", "x-3"].map((item) => commits.submit(item)));
      await new Promise((resolve) => setImmediate(resolve));
      expect(writer.batches).toEqual([["x-1"], ["y-1"], ["z-1"]]);
      writer.openAll();
      expect(await results).toEqual(["X-1", "Y-1", "X-2", "Z-1", "X-3"]);
      expect(writer.batches.slice(3)).toEqual([["x-2"], ["x-3"]]);
    });

    it("keeps one key's items in submission order, in one batch or one after another (property)", async () => {
      const plan = fc.record({
        concurrency: fc.integer({ min: 1, max: 5 }),
        maxBatch: fc.integer({ min: 1, max: 6 }),
        // Each item: its key (or none), the turns its write takes, and the turns before the next is submitted.
        items: fc.array(
          fc.record({
            key: fc.option(fc.constantFrom("k1", "k2", "k3"), { nil: null }),
            writeTurns: fc.integer({ min: 0, max: 3 }),
            gapTurns: fc.integer({ min: 0, max: 2 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(plan, async ({ concurrency, maxBatch, items }) => {
          const turn = () => new Promise((resolve) => setImmediate(resolve));
          const events: { at: number; kind: "start" | "end"; items: number[] }[] = [];
          let clock = 0;
          let writing = 0;
          let mostAtOnce = 0;
          const commits = createGroupCommit<number, string>({
            maxBatch,
            concurrency,
            orderKey: (i) => items[i]!.key,
            write: async (batch) => {
              events.push({ at: clock++, kind: "start", items: [...batch] });
              mostAtOnce = Math.max(mostAtOnce, ++writing);
              for (let t = 0; t < Math.max(...batch.map((i) => items[i]!.writeTurns)); t++) await turn();
              writing -= 1;
              events.push({ at: clock++, kind: "end", items: [...batch] });
              return batch.map((i) => `result ${i}`);
            },
          });
          const submitted: Promise<string>[] = [];
          for (const [i, item] of items.entries()) {
            submitted.push(commits.submit(i));
            for (let t = 0; t < item.gapTurns; t++) await turn();
          }
          expect(await Promise.all(submitted)).toEqual(items.map((_, i) => `result ${i}`));
          expect(mostAtOnce).toBeLessThanOrEqual(concurrency);
          expect(
            events
              .filter((e) => e.kind === "start")
              .flatMap((e) => e.items)
              .sort((a, b) => a - b),
          ).toEqual(items.map((_, i) => i));
          // Per key: every item's batch starts after the previous item's batch ended (or is that same batch, in order).
          for (const key of ["k1", "k2", "k3"]) {
            const ofKey = items.flatMap((item, i) => (item.key === key ? [i] : []));
            for (let n = 1; n < ofKey.length; n++) {
              const [before, after] = [ofKey[n - 1]!, ofKey[n]!];
              const startOf = (i: number) => events.find((e) => e.kind === "start" && e.items.includes(i))!;
              const endOf = (i: number) => events.find((e) => e.kind === "end" && e.items.includes(i))!;
              if (startOf(before) === startOf(after)) {
                expect(startOf(after).items.indexOf(after)).toBeGreaterThan(startOf(after).items.indexOf(before));
              } else {
                expect(startOf(after).at).toBeGreaterThan(endOf(before).at);
              }
            }
          }
        }),
        { numRuns: 60 },
      );
    });
  });
});
