import { describe, expect, it } from "vitest";
import { FULL_RUN, parseKnobs, QUICK_RUN } from "./knobs";

describe("parseKnobs", () => {
  it.each([
    { argv: [], env: {}, knobs: { seed: 7, ...FULL_RUN } },
    { argv: ["--quick"], env: {}, knobs: { seed: 7, ...QUICK_RUN } },
    { argv: ["--quick", "--kills", "5"], env: { CHAOS_SEED: "42" }, knobs: { ...QUICK_RUN, seed: 42, kills: 5 } },
    {
      argv: ["--seed", "9"],
      env: { CHAOS_SEED: "42", CHAOS_ORDERS: "300" },
      knobs: { ...FULL_RUN, seed: 9, orders: 300 },
    },
  ])("$argv $env", ({ argv, env, knobs }) => {
    expect(parseKnobs(argv, env, 7)).toEqual(knobs);
  });

  it.each([
    { argv: ["--orders", "x"], error: "--orders must be a whole number ≥ 0, not x" },
    { argv: ["--orders", "10"], error: "--orders must be at least 20" },
    { argv: ["--fast"], error: "Unknown option --fast" },
    { argv: ["--kills"], error: "Unknown option --kills" },
  ])("refuses $argv", ({ argv, error }) => {
    expect(() => parseKnobs(argv, {}, 7)).toThrow(error);
  });
});
