import { describe, expect, it } from "vitest";
import { createTtlLoader } from "~/quote/ttl-loader.server";

function counted(options: { ttlMs?: number; maxEntries?: number; fail?: boolean } = {}) {
  // A clock that only moves when told to.
  let nowMs = Date.parse("2026-11-20T12:00:00Z");
  const clock = { now: () => new Date(nowMs), advance: (ms: number) => (nowMs += ms) };
  const loads: string[] = [];
  const loader = createTtlLoader({
    clock: clock.now,
    ttlMs: options.ttlMs ?? 1_000,
    maxEntries: options.maxEntries ?? 10,
    load: async (key: string) => {
      loads.push(key);
      if (options.fail) throw new Error("database down");
      return `${key}#${loads.length}`;
    },
  });
  return { loader, loads, clock };
}

describe("createTtlLoader", () => {
  it("keeps a result for the TTL, then loads again", async () => {
    const { loader, loads, clock } = counted();
    expect(await loader.get("a")).toBe("a#1");
    clock.advance(999);
    expect(await loader.get("a")).toBe("a#1");
    clock.advance(1);
    expect(await loader.get("a")).toBe("a#2");
    expect(loads).toEqual(["a", "a"]);
  });

  it("shares one load among concurrent callers", async () => {
    const { loader, loads } = counted();
    expect(await Promise.all([loader.get("a"), loader.get("a"), loader.get("b")])).toEqual(["a#1", "a#1", "b#2"]);
    expect(loads).toEqual(["a", "b"]);
  });

  it("does not keep a failed load", async () => {
    const { loader, loads } = counted({ fail: true });
    await expect(loader.get("a")).rejects.toThrow("database down");
    await expect(loader.get("a")).rejects.toThrow("database down");
    expect(loads).toEqual(["a", "a"]);
  });

  it("does not keep a value its `keep` refuses (a shop without a courier yet)", async () => {
    const loads: string[] = [];
    const loader = createTtlLoader<string | null>({
      clock: () => new Date(),
      ttlMs: 60_000,
      maxEntries: 10,
      load: async (key) => {
        loads.push(key);
        return loads.length === 1 ? null : `${key}#${loads.length}`;
      },
      keep: (value) => value !== null,
    });
    expect(await loader.get("a")).toBeNull();
    expect(await loader.get("a")).toBe("a#2");
    expect(await loader.get("a")).toBe("a#2");
    expect(loads).toEqual(["a", "a"]);
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const { loader, loads } = counted({ maxEntries: 2 });
    await loader.get("a");
    await loader.get("b");
    await loader.get("c");
    await loader.get("b");
    await loader.get("a");
    expect(loads).toEqual(["a", "b", "c", "a"]);
  });

  it("forgets a key on request", async () => {
    const { loader, loads } = counted();
    await loader.get("a");
    loader.forget("a");
    await loader.get("a");
    expect(loads).toEqual(["a", "a"]);
  });
});
