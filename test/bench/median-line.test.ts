import { describe, expect, it } from "vitest";
import { lastJsonLine, median, medianLine, type BenchRun } from "./median-line";

const run = (line: Record<string, unknown> | null, exitCode: number | null = 0): BenchRun => ({ line, exitCode });

describe("median", () => {
  it.each([
    { values: [3], expected: 3 },
    { values: [5, 1, 3], expected: 3 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [0.1, 0.2], expected: 0.15 },
    { values: [-1, 7, 7], expected: 7 },
  ])("$values → $expected", ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow("median of no values");
  });
});

describe("lastJsonLine", () => {
  it.each([
    { output: 'warming up\n{"a":1,"targets_met":true}\n', expected: { a: 1, targets_met: true } },
    { output: '{"a":1}\nTARGET MISSED: a\n{"a":2}\ndone\n', expected: { a: 2 } },
    { output: '{"a":1}\n{not json\n', expected: { a: 1 } },
    { output: "[1,2]\nno summary\n", expected: null },
    { output: "", expected: null },
  ])("$output", ({ output, expected }) => {
    expect(lastJsonLine(output)).toEqual(expected);
  });
});

describe("medianLine", () => {
  it("takes each figure's median, nested ones too, and keeps values every run agrees on", () => {
    const line = medianLine([
      run({ p99_ms: 30, rss_mb: 200, kinds: { look: 3 }, db: "sqlite", targets_met: true }),
      run({ p99_ms: 10, rss_mb: 220, kinds: { look: 3 }, db: "sqlite", targets_met: true }),
      run({ p99_ms: 20, rss_mb: 210, kinds: { look: 4 }, db: "sqlite", targets_met: true }),
    ]);
    expect(line).toEqual({
      p99_ms: 20,
      rss_mb: 210,
      kinds: { look: 3 },
      db: "sqlite",
      median_of: 3,
      runs_targets_met: 3,
      targets_met: true,
    });
  });

  it("misses when one run missed, even if the medians would keep the bound", () => {
    const line = medianLine([
      run({ p99_ms: 10, targets_met: true }),
      run({ p99_ms: 90, targets_met: false }, 1),
      run({ p99_ms: 12, targets_met: true }),
    ]);
    expect(line).toMatchObject({ p99_ms: 12, runs_targets_met: 2, targets_met: false });
  });

  it("misses when a run exited badly though its line said met", () => {
    expect(medianLine([run({ a: 1, targets_met: true }, 1)]).targets_met).toBe(false);
    expect(medianLine([run({ a: 1, targets_met: true }, null)]).targets_met).toBe(false);
  });

  it("misses when a run printed no line, and leaves out figures it could not take from every run", () => {
    const line = medianLine([run({ a: 1, targets_met: true }), run(null, 1), run({ a: 3, targets_met: true })]);
    expect(line).toEqual({ median_of: 3, runs_targets_met: 2, targets_met: false });
  });

  it("leaves out a figure some runs did not print, or printed as something else", () => {
    const line = medianLine([run({ a: 1, b: 2, c: "x", targets_met: true }), run({ a: 2, c: 5, targets_met: true })]);
    expect(line).toEqual({ a: 1.5, median_of: 2, runs_targets_met: 2, targets_met: true });
  });

  it("has no verdict without runs", () => {
    expect(medianLine([])).toEqual({ median_of: 0, runs_targets_met: 0, targets_met: false });
  });

  it("takes nested figures leaf by leaf, and keeps a benchmark's own `runs` figure", () => {
    const candidate = (name: string, p99: number, met: boolean) => ({ candidate: name, write_ms: { p99 }, met });
    const line = medianLine([
      run({ runs: [candidate("one", 3, true), candidate("libsql", 9, false)], targets_met: true }),
      run({ runs: [candidate("one", 1, true), candidate("libsql", 7, true)], targets_met: true }),
      run({ runs: [candidate("one", 2, true), candidate("libsql", 8, false)], targets_met: true }),
    ]);
    expect(line).toEqual({
      runs: [
        { candidate: "one", write_ms: { p99: 2 }, met: true },
        { candidate: "libsql", write_ms: { p99: 8 } },
      ],
      median_of: 3,
      runs_targets_met: 3,
      targets_met: true,
    });
  });

  it("puts null where array elements cannot be merged, and leaves out arrays of different lengths", () => {
    const line = medianLine([
      run({ a: [1, "x"], b: [1], targets_met: true }),
      run({ a: [3, "y"], b: [1, 2], targets_met: true }),
    ]);
    expect(line).toEqual({ a: [2, null], median_of: 2, runs_targets_met: 2, targets_met: true });
  });
});
