import { describe, expect, it } from "vitest";
import { appLoopDelay, conditionsLine, ownLoopDelay, worseLoopDelay } from "./loop-delay";

describe("event-loop delay beside the figures", () => {
  it("reads null from a process that is gone, and prints both delays and the load", async () => {
    const reader = appLoopDelay(() => 2 ** 22 + 12_345);
    expect(await reader.read()).toBeNull();
    const own = ownLoopDelay();
    const line = conditionsLine(null, own.read(), { load1: 1.5, cores: 2 });
    own.stop();
    expect(line).toMatch(
      /^event-loop delay: app not read; load generator p50 [\d.]+ \/ p99 [\d.]+ \/ max [\d.]+ ms; machine load 1.5 on 2 cores$/,
    );
  });

  it.each([
    { a: null, b: null, worse: null },
    { a: { p50_ms: 1, p99_ms: 9, max_ms: 40 }, b: null, worse: { p50_ms: 1, p99_ms: 9, max_ms: 40 } },
    { a: null, b: { p50_ms: 2, p99_ms: 3, max_ms: 4 }, worse: { p50_ms: 2, p99_ms: 3, max_ms: 4 } },
    {
      a: { p50_ms: 1, p99_ms: 9, max_ms: 40 },
      b: { p50_ms: 2, p99_ms: 3, max_ms: 120 },
      worse: { p50_ms: 2, p99_ms: 9, max_ms: 120 },
    },
  ])("the worse of $a and $b, figure by figure", ({ a, b, worse }) => {
    expect(worseLoopDelay(a, b)).toEqual(worse);
  });
});
