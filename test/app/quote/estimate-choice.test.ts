import { describe, expect, it } from "vitest";
import { chooseEstimates, type EstimateChoiceInput } from "~/quote/estimate-choice";

const base: EstimateChoiceInput = {
  learning: true,
  rushed: true,
  covered: false,
  combinationInFlight: false,
  modelPrices: false,
  spareCalls: false,
  windows: 2,
};

describe("chooseEstimates: which windows ask the courier", () => {
  it.each<[string, Partial<EstimateChoiceInput>, string[]]>([
    ["memory and model off: every window asks (exact or fallback)", { learning: false }, ["ask", "ask"]],
    ["off, even in a rush and covered", { learning: false, covered: true, combinationInFlight: true }, ["ask", "ask"]],
    ["no rush: every window asks (the exact price while the courier has room)", { rushed: false }, ["ask", "ask"]],
    ["no rush, covered: still asks", { rushed: false, covered: true }, ["ask", "ask"]],
    ["rush, covered: from the memory, no call", { covered: true }, ["memory", "memory"]],
    [
      "rush, covered while another call is under way: the memory",
      { covered: true, combinationInFlight: true },
      ["memory", "memory"],
    ],
    [
      "rush, another cart's call for the combination under way: wait for it",
      { combinationInFlight: true },
      ["await_combination", "await_combination"],
    ],
    ["rush, uncovered: the first window asks, the others wait for its answer", {}, ["ask", "await_combination"]],
    ["rush, uncovered, three windows", { windows: 3 }, ["ask", "await_combination", "await_combination"]],
    [
      "rush, uncovered, the model prices it, calls to spare: asks",
      { modelPrices: true, spareCalls: true },
      ["ask", "await_combination"],
    ],
    ["rush, uncovered, the model prices it, calls half spent: the model", { modelPrices: true }, ["model", "model"]],
    ["rush, uncovered, a size the model has not seen: asks", { modelPrices: false }, ["ask", "await_combination"]],
    ["no rush, the model prices it: asks", { rushed: false, modelPrices: true }, ["ask", "ask"]],
    ["every window answered by the cache: nothing to choose", { windows: 0 }, []],
  ])("%s", (_name, change, expected) => {
    expect(chooseEstimates({ ...base, ...change })).toEqual(expected);
  });
});
