/**
 * npm run bench:claim — the job claim with a large backlog (issue 37): 100,000 queued jobs of 20
 * shops (half with ordering keys, as a shipment's jobs have) in a migrated SQLite file, or in a fresh
 * PostgreSQL database with `--db postgresql` (TEST_POSTGRES_URL, or a throw-away server). Then, on
 * the app's queue: CLAIMS claims each followed by its completion, timed; the same with the fair pass
 * (`idleShopsOnly`) while one shop has a job running, where the claim must skip that shop's jobs.
 *
 * Prints p50/p99 per claim and, as its LAST line, JSON with `targets_met`: claim p99 ≤ 5 ms (the
 * plain claim and the fair pass with one busy shop). Options: `--jobs N` (default 100000).
 */
import { performance } from "node:perf_hooks";
import { createDb } from "~/db/client.server";
import { useWriteAheadLog } from "~/db/journal.server";
import { createJobQueue, type ClaimOptions } from "~/jobs/queue.server";
import { migrateDatabase } from "../support/app-server";
import { percentile, round1, runBench, say, type Bench } from "./harness";
import { machineLoad } from "./loop-delay";
import { scratchDatabaseUrl } from "./scratch-database";
import { atMost, judgeTargets } from "./targets";

const SHOPS = 20;
const CLAIMS = 300;
const INSERT_BATCH = 500;
const CLAIM_P99_MAX_MS = 5;

function parseArgs(argv: readonly string[]): { jobs: number; db: "sqlite" | "postgresql" } {
  const args = { jobs: 100_000, db: "sqlite" as "sqlite" | "postgresql" };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === "--jobs" && Number(argv[i + 1]) >= CLAIMS * 2) args.jobs = Number(argv[i + 1]);
    else if (argv[i] === "--db" && (argv[i + 1] === "sqlite" || argv[i + 1] === "postgresql"))
      args.db = argv[i + 1] as "sqlite" | "postgresql";
    else throw new Error(`Unknown option ${argv[i]} (known: --jobs N ≥ ${CLAIMS * 2}, --db sqlite|postgresql)`);
  }
  return args;
}

async function main(bench: Bench): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const url = await scratchDatabaseUrl(bench, args.db, "claim");
  migrateDatabase(url);
  const db = createDb(url);
  bench.defer(() => db.$disconnect());
  if (args.db === "sqlite") await useWriteAheadLog(db);
  let now = Date.parse("2026-11-28T12:00:00Z");
  const queue = createJobQueue({
    db,
    clock: () => new Date(now),
    workerId: "bench-claim",
    leaseMs: 60_000,
    random: Math.random,
  });

  const seedStarted = performance.now();
  for (let from = 0; from < args.jobs; from += INSERT_BATCH) {
    await queue.enqueueMany(
      Array.from({ length: Math.min(INSERT_BATCH, args.jobs - from) }, (_, k) => {
        const i = from + k;
        return {
          shopDomain: `claim-${i % SHOPS}.myshopify.com`,
          kind: i % 3 === 0 ? "dispatch.fulfillment-order" : "dispatch.order",
          payload: { i },
          orderingKey: i % 2 === 0 ? `shipment:${i % 5_000}` : null,
        };
      }),
    );
    now += 1;
  }
  now += 1_000;
  say(`${args.db}: ${args.jobs} jobs queued in ${round1((performance.now() - seedStarted) / 1000)} s`);

  const timedClaims = async (options: ClaimOptions) => {
    const times: number[] = [];
    for (let i = 0; i < CLAIMS; i++) {
      const started = performance.now();
      const job = await queue.claimNext(options);
      times.push(performance.now() - started);
      if (!job) throw new Error(`claim ${i} found no job`);
      await queue.complete(job);
    }
    times.sort((a, b) => a - b);
    return { p50: round1(percentile(times, 0.5)), p99: round1(percentile(times, 0.99)) };
  };
  const plain = await timedClaims({});
  // One shop busy: the fair pass must pass over its jobs (a twentieth of the backlog) to find another's.
  const busy = await queue.claimNext();
  if (!busy) throw new Error("no job to hold");
  const fair = await timedClaims({ idleShopsOnly: true });
  const load = machineLoad();
  say(`  claim + index: p50 ${plain.p50} ms, p99 ${plain.p99} ms (${CLAIMS} claims)`);
  say(`  fair pass with one shop busy: p50 ${fair.p50} ms, p99 ${fair.p99} ms; load ${load.load1}`);
  const summary = {
    db: args.db,
    jobs: args.jobs,
    claim_p50_ms: plain.p50,
    claim_p99_ms: plain.p99,
    fair_claim_p50_ms: fair.p50,
    fair_claim_p99_ms: fair.p99,
    load1: load.load1,
  };
  const met = judgeTargets(
    [atMost("claim_p99_ms", plain.p99, CLAIM_P99_MAX_MS), atMost("fair_claim_p99_ms", fair.p99, CLAIM_P99_MAX_MS)],
    say,
  );
  say(JSON.stringify({ ...summary, targets_met: met }));
}

void runBench("bench-claim", 20 * 60_000, main);
