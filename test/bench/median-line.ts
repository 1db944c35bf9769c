/**
 * Medians of a benchmark's runs (`npm run bench:median`): one JSON line from the JSON lines of N runs of
 * the same benchmark.
 *
 * - A figure (a number in every run) becomes its median; with an even count, the mean of the middle two.
 *   Each figure's median is taken on its own, so two medians may come from different runs.
 * - A value that is not a number (a count by kind, a name) is kept when every run printed the same one,
 *   and left out otherwise.
 * - `targets_met` is true only when every run met all its targets and ended well: the medians of runs
 *   that each kept a bound keep it too, and a single miss is not voted away.
 */

/** One run: its JSON line (null when it printed none) and how its process ended. */
export type BenchRun = { line: Record<string, unknown> | null; exitCode: number | null };

export type MedianLine = Record<string, unknown> & {
  runs: number;
  runs_targets_met: number;
  targets_met: boolean;
};

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 1000) / 1000;
}

/** The last line of a run's output that is a JSON object (a benchmark prints its summary last). */
export function lastJsonLine(output: string): Record<string, unknown> | null {
  const lines = output.split("\n").map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.startsWith("{")) continue;
    try {
      const parsed: unknown = JSON.parse(line);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON after all: a log line that starts with a brace.
    }
  }
  return null;
}

const runMet = (run: BenchRun) => run.exitCode === 0 && run.line !== null && run.line.targets_met === true;

export function medianLine(runs: readonly BenchRun[]): MedianLine {
  const lines = runs.map((run) => run.line).filter((line): line is Record<string, unknown> => line !== null);
  const keys = [...new Set(lines.flatMap((line) => Object.keys(line)))].filter(
    (key) => key !== "targets_met" && key !== "runs" && key !== "runs_targets_met",
  );
  const merged: Record<string, unknown> = {};
  for (const key of keys) {
    if (lines.length !== runs.length || !lines.every((line) => key in line)) continue;
    const values = lines.map((line) => line[key]);
    if (values.every((value) => typeof value === "number" && Number.isFinite(value))) {
      merged[key] = median(values as number[]);
    } else if (values.every((value) => JSON.stringify(value) === JSON.stringify(values[0]))) {
      merged[key] = values[0];
    }
  }
  const met = runs.filter(runMet).length;
  return { ...merged, runs: runs.length, runs_targets_met: met, targets_met: runs.length > 0 && met === runs.length };
}
