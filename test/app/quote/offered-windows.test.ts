import { describe, expect, it } from "vitest";
import { PLACE_COUNTS_TTL_MS, sharedPlaceCounts } from "~/quote/offered-windows.server";

describe("sharedPlaceCounts: one count answers a shop's rate requests for a second", () => {
  function counter() {
    let nowMs = Date.parse("2026-11-25T15:00:00Z");
    const asked: [string, string[]][] = [];
    const counts = sharedPlaceCounts(
      async (shopDomain, slotKeys) => {
        asked.push([shopDomain, [...slotKeys]]);
        return new Map(slotKeys.map((key) => [key, asked.length]));
      },
      { clock: () => new Date(nowMs), maxEntries: 10 },
    );
    return { counts, asked, advance: (ms: number) => (nowMs += ms) };
  }

  it("shares a count among requests for the same shop and slots, then counts again", async () => {
    const { counts, asked, advance } = counter();
    const [a, b] = await Promise.all([
      counts("a.myshopify.com", ["k1", "k2"]),
      counts("a.myshopify.com", ["k1", "k2"]),
    ]);
    expect(a).toEqual(
      new Map([
        ["k1", 1],
        ["k2", 1],
      ]),
    );
    expect(b).toBe(a);
    advance(PLACE_COUNTS_TTL_MS - 1);
    expect(await counts("a.myshopify.com", ["k1", "k2"])).toBe(a);
    advance(1);
    expect(await counts("a.myshopify.com", ["k1", "k2"])).toEqual(
      new Map([
        ["k1", 2],
        ["k2", 2],
      ]),
    );
    expect(asked).toHaveLength(2);
  });

  it("counts separately for another shop or other slots", async () => {
    const { counts, asked } = counter();
    await counts("a.myshopify.com", ["k1"]);
    await counts("b.myshopify.com", ["k1"]);
    await counts("a.myshopify.com", ["k1", "k3"]);
    expect(asked).toEqual([
      ["a.myshopify.com", ["k1"]],
      ["b.myshopify.com", ["k1"]],
      ["a.myshopify.com", ["k1", "k3"]],
    ]);
  });

  it("keeps no failed count: the next request asks again", async () => {
    let fail = true;
    const counts = sharedPlaceCounts(
      async () => {
        if (fail) throw new Error("database down");
        return new Map([["k1", 1]]);
      },
      { clock: () => new Date("2026-11-25T15:00:00Z"), maxEntries: 10 },
    );
    await expect(counts("a.myshopify.com", ["k1"])).rejects.toThrow("database down");
    fail = false;
    expect(await counts("a.myshopify.com", ["k1"])).toEqual(new Map([["k1", 1]]));
  });
});
