/**
 * How much the fuzz files run: FUZZ_INPUTS inputs per endpoint (the unit suite's small fixed sample
 * when unset; `npm run fuzz` sets 10,000), from FUZZ_SEED. With FUZZ_REPORT_DIR set, each endpoint's
 * figures are written there as JSON for test/fuzz/run.ts to add up.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { fuzzEndpoint, type EndpointStats, type FuzzTarget } from "./runner";

/** Inputs per endpoint in `npm test`: enough to pass every kind of body once or twice, in a few seconds. */
export const SAMPLE_INPUTS = 6;
export const SAMPLE_SEED = 20261125;
/** The time an endpoint's fuzzing may take: generous per input, as the machine is shared. */
const MS_PER_INPUT = 200;

export const fuzzInputs = Number(process.env.FUZZ_INPUTS ?? SAMPLE_INPUTS);
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? SAMPLE_SEED);
const reportDir = process.env.FUZZ_REPORT_DIR;

/** Five seconds for every endpoint but the rate callback (which has the shop's budget). */
export const ENDPOINT_BUDGET_MS = 5_000;

export function writeReport(stats: EndpointStats): void {
  if (!reportDir) return;
  mkdirSync(reportDir, { recursive: true });
  const file = path.join(reportDir, `${stats.endpoint.replace(/[^A-Za-z0-9]+/g, "_")}.json`);
  writeFileSync(file, JSON.stringify(stats));
}

/** One test per endpoint: its inputs run, its figures reported, and every figure that must be 0 is. */
export function fuzzes<I>(name: string, db: () => Db, target: () => FuzzTarget<I>, before?: () => Promise<void>): void {
  it(
    `${name}: every answer 2xx/4xx in time, nothing written when refused`,
    async () => {
      await before?.();
      const stats = await fuzzEndpoint(db(), { ...target(), name }, { runs: fuzzInputs, seed: fuzzSeed });
      writeReport(stats);
      expect(stats.inputs).toBeGreaterThanOrEqual(fuzzInputs);
      expect(
        {
          server_errors: stats.server_errors,
          crashes: stats.crashes,
          late_answers: stats.late_answers,
          writes_on_rejection: stats.writes_on_rejection,
        },
        stats.examples.join("\n"),
      ).toEqual({ server_errors: 0, crashes: 0, late_answers: 0, writes_on_rejection: 0 });
    },
    60_000 + fuzzInputs * MS_PER_INPUT,
  );
}
