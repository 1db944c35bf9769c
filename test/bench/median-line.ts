/**
 * Medians of a benchmark's runs (`npm run bench:median`): one JSON line from the JSON lines of N runs of
 * the same benchmark.
 *
 * - A figure (a number in every run) becomes its median; with an even count, the mean of the middle two.
 *   Each figure's median is taken on its own, so two medians may come from different runs. Figures
 *   nested in objects and arrays (bench:sqlite's candidates and rounds) are taken the same way, leaf by leaf.
 * - A value that is not a number (a name, a flag) is kept when every run printed the same one, and
 *   left out otherwise (null inside an array, so the other elements keep their places).
 * - `median_of` is the number of runs; `targets_met` is true only when every run met all its targets
 *   and ended well: the medians of runs that each kept a bound keep it too, and a single miss is not
 *   voted away.
 */

/** One run: its JSON line (null when it printed none) and how its process ended. */
export type BenchRun = { line: Record<string, unknown> | null; exitCode: number | null };

export type MedianLine = Record<string, unknown> & {
  median_of: number;
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The runs' values of one figure, merged; undefined when they cannot be (then the figure is left out). */
function merged(values: readonly unknown[]): unknown {
  if (values.every((value) => typeof value === "number" && Number.isFinite(value))) return median(values as number[]);
  if (values.every(Array.isArray)) {
    const arrays = values as unknown[][];
    if (!arrays.every((array) => array.length === arrays[0]!.length)) return undefined;
    return arrays[0]!.map((_, i) => merged(arrays.map((array) => array[i])) ?? null);
  }
  if (values.every(isPlainObject)) return mergedObject(values);
  return values.every((value) => JSON.stringify(value) === JSON.stringify(values[0])) ? values[0] : undefined;
}

function mergedObject(objects: readonly Record<string, unknown>[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(objects[0] ?? {})) {
    if (!objects.every((object) => key in object)) continue;
    const value = merged(objects.map((object) => object[key]));
    if (value !== undefined) result[key] = value;
  }
  return result;
}

export function medianLine(runs: readonly BenchRun[]): MedianLine {
  const lines = runs.map((run) => run.line).filter((line): line is Record<string, unknown> => line !== null);
  const figures = lines.length === runs.length && lines.length > 0 ? mergedObject(lines) : {};
  delete figures.targets_met;
  const met = runs.filter(runMet).length;
  return {
    ...figures,
    median_of: runs.length,
    runs_targets_met: met,
    targets_met: runs.length > 0 && met === runs.length,
  };
}
