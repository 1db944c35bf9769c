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
});
