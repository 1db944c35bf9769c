/**
 * `npm run fuzz`: every fuzz file (test/fuzz/*.test.ts, one per job) run by vitest with FUZZ_INPUTS
 * inputs per endpoint (10,000 unless set), each endpoint's figures written to a report folder, then
 * added up here: a line per endpoint, and last a JSON line with the totals and `targets_met` (true
 * only when every endpoint ran its inputs, nothing answered 5xx, crashed, came late or wrote on a
 * rejection, and vitest itself passed; each missed target printed). Exit code 1 when a target is missed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { atLeast, equalTo, judgeTargets } from "../bench/targets";
import type { EndpointStats } from "./runner";

export const DEFAULT_FUZZ_INPUTS = 10_000;
export const DEFAULT_FUZZ_WORKERS = 4;
/** Endpoints the fuzz files cover; fewer means a file did not run to its end. */
export const EXPECTED_ENDPOINTS = 39;
/** The rate callback is also fuzzed eight requests at a time: the same endpoint, another report. */
const endpointOf = (report: EndpointStats) => report.endpoint.replace(/ \(\d+ at a time\)$/, "");

const root = path.resolve(import.meta.dirname, "..", "..");
const inputs = Number(process.env.FUZZ_INPUTS ?? DEFAULT_FUZZ_INPUTS);
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31);
/**
 * Test files fuzzed at once. More than the machine's cores on purpose: the slowest files (the staff
 * quote and dispatch) mostly wait on the courier's 10 requests per second, not on a core.
 */
const workers = Number(process.env.FUZZ_WORKERS ?? DEFAULT_FUZZ_WORKERS);
const reportDir = mkdtempSync(path.join(tmpdir(), "courier-fuzz-"));

console.log(
  `Fuzzing every endpoint with ${inputs} inputs each (seed ${seed}, ${workers} files at once); figures in ${reportDir}`,
);
const run = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  ["run", "--config", "test/vitest.config.ts", "--reporter=dot", `--maxWorkers=${workers}`, "test/fuzz/"],
  {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, FUZZ_INPUTS: String(inputs), FUZZ_SEED: seed, FUZZ_REPORT_DIR: reportDir },
  },
);

const reports: EndpointStats[] = readdirSync(reportDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(path.join(reportDir, file), "utf8")) as EndpointStats)
  .sort((a, b) => a.endpoint.localeCompare(b.endpoint));
rmSync(reportDir, { recursive: true, force: true });

for (const r of reports) {
  console.log(
    `${r.endpoint.padEnd(52)} ${String(r.inputs).padStart(6)} inputs  ${JSON.stringify(r.statuses)}  p50 ${r.p50_ms} ms  p99 ${r.p99_ms} ms  max ${r.max_ms} ms (budget ${r.budget_ms})  5xx ${r.server_errors}  crashes ${r.crashes}  late ${r.late_answers}  writes on 4xx ${r.writes_on_rejection}`,
  );
  for (const example of r.examples) console.log(`    ${example}`);
}

const sum = (key: "server_errors" | "crashes" | "late_answers" | "writes_on_rejection") =>
  reports.reduce((total, r) => total + r[key], 0);
const minInputs = reports.length > 0 ? Math.min(...reports.map((r) => r.inputs)) : 0;
const figures = {
  endpoints: new Set(reports.map(endpointOf)).size,
  min_inputs_per_endpoint: minInputs,
  total_inputs: reports.reduce((total, r) => total + r.inputs, 0),
  server_errors: sum("server_errors"),
  crashes: sum("crashes"),
  late_answers: sum("late_answers"),
  writes_on_rejection: sum("writes_on_rejection"),
  max_rate_answer_ms: Math.max(0, ...reports.filter((r) => r.endpoint.includes("rates")).map((r) => r.max_ms)),
  max_other_answer_ms: Math.max(0, ...reports.filter((r) => !r.endpoint.includes("rates")).map((r) => r.max_ms)),
  seed: Number(seed),
  vitest_exit_code: run.status,
};
// The answers are timed inside the vitest workers, where the app and the fuzzer share one event loop:
// the machine's load is printed beside them (a late answer on a loaded machine is still a miss).
const load1 = Math.round(loadavg()[0]! * 100) / 100;
console.log(`Machine load now ${load1} on ${availableParallelism()} cores`);
const targetsMet = judgeTargets(
  [
    atLeast("endpoints", figures.endpoints, EXPECTED_ENDPOINTS),
    atLeast("min_inputs_per_endpoint", figures.min_inputs_per_endpoint, inputs),
    equalTo("server_errors", figures.server_errors, 0),
    equalTo("crashes", figures.crashes, 0),
    equalTo("late_answers", figures.late_answers, 0),
    equalTo("writes_on_rejection", figures.writes_on_rejection, 0),
    // A fuzz file that failed (an assertion, an unhandled error) fails the run too.
    equalTo("vitest_exit_code", figures.vitest_exit_code, 0),
  ],
  (line) => console.log(line),
);
console.log(JSON.stringify({ ...figures, load1, targets_met: targetsMet }));
process.exit(targetsMet ? 0 : 1);
