/**
 * `npm run bench:median -- <script> [--runs N]`: runs one benchmark N times (3 by default), one after
 * another, each as `npm run <script>`, and prints each run's JSON line and then, as its LAST line, the
 * medians (median-line.ts). The README's figures come from this command.
 *
 * <script> is one of package.json's `bench:*` scripts (`bench:tenants` or `tenants`), `chaos` or `fuzz`.
 * Exits 1 unless every run met all its targets.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { lastJsonLine, medianLine, type BenchRun } from "./median-line";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const DEFAULT_RUNS = 3;
const MAX_RUNS = 9;

function usage(problem: string): never {
  console.error(`${problem}\nusage: npm run bench:median -- <[bench:]NAME|chaos|fuzz> [--runs N]  (N: 1–${MAX_RUNS})`);
  process.exit(2);
}

function parseArgs(argv: string[]): { script: string; runs: number } {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
  ).filter((name) => (name.startsWith("bench:") && name !== "bench:median") || name === "chaos" || name === "fuzz");
  let script: string | undefined;
  let runs = DEFAULT_RUNS;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--runs") {
      runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
        usage(`--runs must be a whole number from 1 to ${MAX_RUNS}`);
    } else if (!script) script = arg;
    else usage(`unexpected argument: ${arg}`);
  }
  // The issues and README name a benchmark by its short name (`tenants`); `bench:tenants` works too.
  if (script && !scripts.includes(script) && scripts.includes(`bench:${script}`)) script = `bench:${script}`;
  if (!script || !scripts.includes(script)) usage(`name one benchmark: ${scripts.join(", ")}`);
  return { script, runs };
}

/** One run: its output goes through to this terminal as it comes; stdout is also kept for its JSON line. */
function runOnce(script: string): Promise<BenchRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ line: lastJsonLine(output), exitCode }));
  });
}

async function main() {
  const { script, runs } = parseArgs(process.argv.slice(2));
  const results: BenchRun[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(`== ${script}: run ${i} of ${runs}`);
    const result = await runOnce(script);
    results.push(result);
    console.log(`== run ${i} of ${runs} ended with exit code ${result.exitCode}: ${JSON.stringify(result.line)}`);
  }
  const line = medianLine(results);
  console.log(`== ${script}: medians of ${runs} runs`);
  console.log(JSON.stringify(line));
  process.exitCode = line.targets_met ? 0 : 1;
}

await main();
