/**
 * A benchmark's targets: each a figure of its JSON line, the bound it must keep and how it is
 * compared. `targets_met` is the conjunction of all of them, and every missed one is printed by name,
 * so a target printed by a benchmark can no longer be left out of its verdict.
 */

export type Target = {
  /** The figure's key in the JSON line. */
  figure: string;
  /** Its value in this run (null: never reached, which misses the target). */
  actual: number | null;
  comparison: "at most" | "at least" | "equal to";
  bound: number;
};

export const atMost = (figure: string, actual: number | null, bound: number): Target => ({
  figure,
  actual,
  comparison: "at most",
  bound,
});
export const atLeast = (figure: string, actual: number | null, bound: number): Target => ({
  figure,
  actual,
  comparison: "at least",
  bound,
});
export const equalTo = (figure: string, actual: number | null, bound: number): Target => ({
  figure,
  actual,
  comparison: "equal to",
  bound,
});

export function targetMet(target: Target): boolean {
  if (target.actual === null || Number.isNaN(target.actual)) return false;
  if (target.comparison === "at most") return target.actual <= target.bound;
  if (target.comparison === "at least") return target.actual >= target.bound;
  return target.actual === target.bound;
}

/** "ack_p99_ms is 120, target at most 100" for each missed target. */
export function missedTargets(targets: readonly Target[]): string[] {
  return targets
    .filter((target) => !targetMet(target))
    .map(
      (target) =>
        `${target.figure} is ${target.actual === null ? "not reached" : target.actual}, target ${target.comparison} ${target.bound}`,
    );
}

/**
 * Prints each missed target (`TARGET MISSED: …`) and returns `targets_met`; sets exit code 1 when one
 * was missed.
 */
export function judgeTargets(targets: readonly Target[], print: (line: string) => void): boolean {
  const missed = missedTargets(targets);
  for (const line of missed) print(`TARGET MISSED: ${line}`);
  if (missed.length > 0) process.exitCode = 1;
  return missed.length === 0;
}
