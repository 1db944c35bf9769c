import { afterEach, describe, expect, it } from "vitest";
import { atLeast, atMost, equalTo, judgeTargets, missedTargets, targetMet } from "./targets";

describe("targets", () => {
  it.each([
    { target: atMost("ack_p99_ms", 100, 100), met: true },
    { target: atMost("ack_p99_ms", 100.1, 100), met: false },
    { target: atLeast("ack_per_s", 1000, 1000), met: true },
    { target: atLeast("ack_per_s", 999, 1000), met: false },
    { target: equalTo("courier_429", 0, 0), met: true },
    { target: equalTo("courier_429", 2, 0), met: false },
    { target: atMost("all_created_s", null, 110), met: false },
    { target: atLeast("applied", Number.NaN, 0), met: false },
  ])("$target.figure $target.actual $target.comparison $target.bound: met $met", ({ target, met }) => {
    expect(targetMet(target)).toBe(met);
  });

  it("names every missed target with its value and bound", () => {
    expect(
      missedTargets([
        atMost("ack_p99_ms", 120, 100),
        equalTo("duplicates", 0, 0),
        equalTo("courier_429", 3, 0),
        atMost("all_created_s", null, 110),
      ]),
    ).toEqual([
      "ack_p99_ms is 120, target at most 100",
      "courier_429 is 3, target equal to 0",
      "all_created_s is not reached, target at most 110",
    ]);
  });

  describe("judgeTargets", () => {
    afterEach(() => {
      process.exitCode = undefined;
    });

    it("is the conjunction of all targets: one missed target fails the run and is printed", () => {
      const printed: string[] = [];
      const met = judgeTargets([equalTo("missing", 0, 0), atMost("courier_max_rps", 11, 10)], (line) =>
        printed.push(line),
      );
      expect(met).toBe(false);
      expect(printed).toEqual(["TARGET MISSED: courier_max_rps is 11, target at most 10"]);
      expect(process.exitCode).toBe(1);
    });

    it("passes when every target is met, printing nothing", () => {
      const printed: string[] = [];
      expect(
        judgeTargets([equalTo("missing", 0, 0), atMost("courier_max_rps", 10, 10)], (line) => printed.push(line)),
      ).toBe(true);
      expect(printed).toEqual([]);
      expect(process.exitCode).toBeUndefined();
    });
  });
});
