import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "~/http/json-depth";

const nestedArrays = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));
const nestedObjects = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + "1" + "}".repeat(depth));

describe("jsonDepthExceeds", () => {
  it.each([
    [1, false],
    [{ a: [1, { b: null }] }, false],
    [nestedArrays(MAX_JSON_DEPTH), false],
    [nestedArrays(MAX_JSON_DEPTH + 1), true],
    [nestedObjects(MAX_JSON_DEPTH), false],
    [nestedObjects(MAX_JSON_DEPTH + 1), true],
  ])("case %#", (value, expected) => {
    expect(jsonDepthExceeds(value)).toBe(expected);
  });

  it("walks 100,000 levels without running out of stack", () => {
    expect(jsonDepthExceeds(nestedArrays(100_000))).toBe(true);
    expect(jsonDepthExceeds(nestedObjects(100_000))).toBe(true);
  });
});
