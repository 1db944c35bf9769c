import { describe, expect, it } from "vitest";
import { seededRandom } from "../bench/harness";
import { killMoments } from "./app-process";

describe("killMoments", () => {
  it("draws the kill moments from the seed: sorted, inside the window, the same for the same seed", () => {
    const moments = killMoments(10, 100_000, seededRandom(42));
    expect(moments).toHaveLength(10);
    expect([...moments].sort((a, b) => a - b)).toEqual(moments);
    for (const moment of moments) {
      expect(moment).toBeGreaterThanOrEqual(0);
      expect(moment).toBeLessThan(100_000);
    }
    expect(killMoments(10, 100_000, seededRandom(42))).toEqual(moments);
    expect(killMoments(10, 100_000, seededRandom(43))).not.toEqual(moments);
  });
});
