/**
 * npm run bench:sqlite — the SQLite driver under Prisma, candidate by candidate, on the same workload.
 *
 * Candidates (each a Prisma driver adapter factory on a fresh copy of a migrated database file):
 * - `one-connection`: the app's adapter (app/db/adapter.server.ts): Prisma's libsql adapter on one
 *   `libsql` connection with its prepared statements kept (app/db/sqlite-connection.server.ts);
 * - `libsql`: Prisma's libsql adapter with its own client (@libsql/client), as shipped: no option of
 *   the adapter (timestampFormat) or of the client (intMode, ...) keeps one connection;
 * - `better-sqlite3`: Prisma's better-sqlite3 adapter, as shipped (one better-sqlite3 connection).
 *
 * The file is in write-ahead-log mode, as the server sets it. Each run is a child process of its own (`--expose-gc`), so garbage and handles are the candidate's
 * alone; rounds interleave the candidates (the machine is shared). The workload, through Prisma:
 * N model writes (each one Prisma transaction), N interactive transactions (a write and a read), N
 * jobs enqueued (half with ordering keys) then claimed and completed one by one by the app's job queue, then a concurrent phase (8 loops of
 * writes and transactions at once). Measured: time per operation (p50/p99), the longest event-loop
 * stall and the GC pauses during the run, a forced full collection afterwards (the finalizers of
 * connections left behind run there), the process's open handles on the database file, and whether
 * a write made outside an open transaction survives that transaction's rollback (a driver that runs
 * it on the transaction's connection loses it).
 *
 * Targets per candidate: one open handle on the file, no write lost to another's rollback, a clean
 * exit (no native crash while the process ends). Stalls and collections are figures to compare, not
 * targets: on a shared machine every commit's fsync blocks the event loop for a varying time. The
 * last line is JSON with every run's figures and `targets_met` (of the candidate the app uses). Options: --rounds=R (default 3), --ops=N (default 1000).
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PerformanceObserver, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaClient } from "@prisma/client";
import { createDriverAdapter } from "~/db/adapter.server";
import { z } from "zod";
import { useWriteAheadLog } from "~/db/journal.server";
import { parseSqlRows, sqlInteger } from "~/db/sql-row";
import { createJobQueue } from "~/jobs/queue.server";
import { migrateDatabase } from "../support/app-server";
import { note, percentile, round1 } from "./harness";

const CANDIDATES = ["one-connection", "libsql", "better-sqlite3"] as const;
type Candidate = (typeof CANDIDATES)[number];
/** The candidate createDriverAdapter gives the app. */
const APP_CANDIDATE: Candidate = "one-connection";
const CONCURRENT_LOOPS = 8;
const SHOP = "bench-adapter.myshopify.com";

type Timing = { p50: number; p99: number; max: number };
type RunResult = {
  candidate: Candidate;
  round: number;
  model_write_ms: Timing;
  interactive_tx_ms: Timing;
  claim_ms: Timing;
  complete_ms: Timing;
  concurrent_ops_per_s: number;
  total_s: number;
  event_loop_max_stall_ms: number;
  event_loop_p99_ms: number;
  load1: number;
  gc_pause_total_ms: number;
  gc_pause_max_ms: number;
  forced_full_gc_ms: number;
  open_handles_on_file: number;
  /** PRAGMA synchronous on the connection that answers after the run (2 = FULL). */
  synchronous_after: number;
  outside_write_survives_rollback: boolean;
  /** Set by the parent: the child process ended with code 0. */
  exited_cleanly?: boolean;
  targets_met: boolean;
};

function adapterFor(candidate: Candidate, url: string) {
  switch (candidate) {
    case "one-connection":
      return createDriverAdapter(url).adapter;
    case "libsql":
      return new PrismaLibSQL({ url });
    case "better-sqlite3":
      return new PrismaBetterSQLite3({ url });
  }
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 0.5)),
    p99: round2(percentile(sorted, 0.99)),
    max: round1(sorted.at(-1) ?? 0),
  };
}

/**
 * Times one operation, after a turn of the event loop: a server's operations start from a request's
 * callback, and SQLite's synchronous statements would otherwise chain as microtasks with no turn between.
 */
async function timed(samples: number[], operation: () => Promise<unknown>): Promise<void> {
  await nextTurn();
  const start = performance.now();
  await operation();
  samples.push(performance.now() - start);
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function openHandlesOn(file: string): number {
  const target = path.resolve(file);
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === target;
    } catch {
      return false;
    }
  }).length;
}

/** One candidate's run, in this (child) process. */
async function runCandidate(candidate: Candidate, file: string, ops: number, round: number): Promise<RunResult> {
  const forceGc = (globalThis as { gc?: () => void }).gc;
  if (!forceGc) throw new Error("Run the child with --expose-gc.");
  const url = `file:${file}`;
  const db = new PrismaClient({ adapter: adapterFor(candidate, url) });
  let clock = Date.parse("2026-11-25T08:00:00.000Z");
  const queue = createJobQueue({
    db,
    clock: () => new Date(clock),
    workerId: `bench-${candidate}`,
    leaseMs: 60_000,
    random: Math.random,
  });
  // As the server does at start (app/server): write-ahead logging, synchronous FULL.
  await useWriteAheadLog(db);
  // The app's durability: every acknowledged write synced (README, Decisions). better-sqlite3's build
  // defaults to NORMAL in WAL mode (no sync per commit), so it is set on the connection explicitly.
  await db.$executeRawUnsafe("PRAGMA synchronous=FULL");

  const gcPauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ["gc"] });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();

  const writes: number[] = [];
  for (let i = 0; i < ops; i++) {
    await timed(writes, () =>
      db.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: `write-${i}`, topic: "orders/paid" } }),
    );
  }
  const transactions: number[] = [];
  for (let i = 0; i < ops; i++) {
    await timed(transactions, () =>
      db.$transaction(async (tx) => {
        await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: `tx-${i}`, topic: "orders/paid" } });
        return tx.webhookDelivery.count({ where: { shopDomain: SHOP } });
      }),
    );
  }
  await queue.enqueueMany(
    Array.from({ length: ops }, (_, i) => ({
      shopDomain: SHOP,
      kind: "bench.job",
      payload: { i },
      // Half of them share ordering keys, as a shipment's jobs do: the claim rule's NOT EXISTS works on them.
      orderingKey: i % 2 === 0 ? `shipment:${i % 40}` : null,
    })),
  );
  clock += 1_000;
  const claims: number[] = [];
  const completions: number[] = [];
  for (let i = 0; i < ops; i++) {
    let job: Awaited<ReturnType<typeof queue.claimNext>> = null;
    await timed(claims, async () => (job = await queue.claimNext()));
    if (!job) throw new Error(`${candidate}: claim ${i} found no job`);
    const claimed = job;
    await timed(completions, () => queue.complete(claimed));
  }
  const concurrentStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_LOOPS }, async (_, loopIndex) => {
      for (let i = 0; i < ops / CONCURRENT_LOOPS; i++) {
        const webhookId = `concurrent-${loopIndex}-${i}`;
        await nextTurn();
        if (i % 2 === 0) await db.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId, topic: "x" } });
        else
          await db.$transaction(async (tx) =>
            tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId, topic: "x" } }),
          );
      }
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStart) / 1000;
  const totalSeconds = (performance.now() - started) / 1000;
  loop.disable();
  observer.disconnect();

  note(`${candidate}: workload done`);
  const synchronous = parseSqlRows(
    z.object({ synchronous: sqlInteger }),
    await db.$queryRawUnsafe("PRAGMA synchronous"),
    "synchronous",
  )[0]?.synchronous;
  const outsideWriteSurvives = await outsideWriteSurvivesRollback(db);
  const handles = openHandlesOn(file);
  note(`${candidate}: rollback check done, forcing a full collection`);
  const gcStart = performance.now();
  forceGc();
  const fullGcMs = performance.now() - gcStart;
  await db.$disconnect();
  note(`${candidate}: disconnected`);

  const stallMs = loop.max / 1e6;
  return {
    candidate,
    round,
    model_write_ms: timing(writes),
    interactive_tx_ms: timing(transactions),
    claim_ms: timing(claims),
    complete_ms: timing(completions),
    concurrent_ops_per_s: Math.round(ops / concurrentSeconds),
    total_s: round1(totalSeconds),
    event_loop_max_stall_ms: round1(stallMs),
    // The driver and its load run in this one process: its event-loop delay is both; the machine's load beside it.
    event_loop_p99_ms: round1(loop.percentile(99) / 1e6),
    load1: Math.round(loadavg()[0]! * 100) / 100,
    gc_pause_total_ms: round1(gcPauses.reduce((sum, ms) => sum + ms, 0)),
    gc_pause_max_ms: round1(Math.max(0, ...gcPauses)),
    forced_full_gc_ms: round1(fullGcMs),
    open_handles_on_file: handles,
    synchronous_after: synchronous ?? -1,
    outside_write_survives_rollback: outsideWriteSurvives,
    targets_met: handles <= 1 && outsideWriteSurvives,
  };
}

/** A write made while another caller's transaction is open must survive that transaction's rollback. */
async function outsideWriteSurvivesRollback(db: PrismaClient): Promise<boolean> {
  let opened!: () => void;
  const transactionOpen = new Promise<void>((resolve) => (opened = resolve));
  let finishTransaction!: () => void;
  const mayFinish = new Promise<void>((resolve) => (finishTransaction = resolve));
  const rolledBack = db
    .$transaction(async (tx) => {
      await tx.webhookDelivery.create({ data: { shopDomain: SHOP, webhookId: "rolled-back", topic: "x" } });
      opened();
      await mayFinish;
      throw new Error("roll back");
    })
    .catch(() => undefined);
  await transactionOpen;
  // Raw, as the job queue's claims and completions are: Prisma wraps a model write in a transaction of
  // its own, which waits for the open one, but runs a raw statement on the adapter directly.
  const outside = db.$executeRaw`INSERT INTO "WebhookDelivery" ("id", "shopDomain", "webhookId", "topic", "receivedAt")
    VALUES (${"outside-id"}, ${SHOP}, ${"outside"}, ${"x"}, ${new Date()})`;
  // Give the outside write every chance to run before the rollback (a driver without a lock runs it now).
  await new Promise((resolve) => setTimeout(resolve, 20));
  finishTransaction();
  await Promise.all([rolledBack, outside]);
  return (await db.webhookDelivery.count({ where: { shopDomain: SHOP, webhookId: "outside" } })) === 1;
}

function runChild(candidate: Candidate, file: string, ops: number, round: number): Promise<RunResult> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      self,
      `--child=${candidate}`,
      `--file=${file}`,
      `--ops=${ops}`,
      `--round=${round}`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const last = output.trim().split("\n").at(-1);
      if (!last?.startsWith("{"))
        return reject(new Error(`${candidate} run ${round} ended (${code ?? signal}) with no result`));
      const result = JSON.parse(last) as RunResult;
      // A crash while the process ends (a native finalizer) is a failed target too.
      const exitedCleanly = code === 0;
      resolve({ ...result, exited_cleanly: exitedCleanly, targets_met: result.targets_met && exitedCleanly });
    });
  });
}

function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`--${name} must be a positive integer`);
  return value;
}

async function main() {
  const childArg = process.argv.find((arg) => arg.startsWith("--child="));
  if (childArg) {
    const candidate = childArg.slice("--child=".length) as Candidate;
    const file = process.argv.find((arg) => arg.startsWith("--file="))!.slice("--file=".length);
    const result = await runCandidate(candidate, file, option("ops", 1000), option("round", 1));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const rounds = option("rounds", 3);
  const ops = option("ops", 1000);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-sqlite-adapter-"));
  try {
    const template = path.join(dir, "template.sqlite");
    migrateDatabase(`file:${template}`);
    const results: RunResult[] = [];
    const failures: { candidate: Candidate; round: number; error: string }[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Interleaved, and each round starts with another candidate.
      const order = CANDIDATES.map((_, i) => CANDIDATES[(i + round - 1) % CANDIDATES.length]!);
      for (const candidate of order) {
        const file = path.join(dir, `${candidate}-${round}.sqlite`);
        copyFileSync(template, file);
        let result: RunResult;
        try {
          result = await runChild(candidate, file, ops, round);
        } catch (error) {
          // better-sqlite3 is a native module built at install only when its install script is allowed.
          note(
            `${candidate.padEnd(15)} round ${round}: could not run: ${error instanceof Error ? error.message : error}`,
          );
          failures.push({ candidate, round, error: error instanceof Error ? error.message : String(error) });
          continue;
        }
        results.push(result);
        note(
          `${candidate.padEnd(15)} round ${round}: write p50/p99 ${result.model_write_ms.p50}/${result.model_write_ms.p99} ms, ` +
            `tx ${result.interactive_tx_ms.p50}/${result.interactive_tx_ms.p99}, claim ${result.claim_ms.p50}/${result.claim_ms.p99}, ` +
            `complete ${result.complete_ms.p50}/${result.complete_ms.p99}, concurrent ${result.concurrent_ops_per_s}/s, ` +
            `stall ${result.event_loop_max_stall_ms} ms (loop delay p99 ${result.event_loop_p99_ms} ms, machine load ${result.load1}), gc ${result.gc_pause_total_ms} ms (max ${result.gc_pause_max_ms}), ` +
            `full gc ${result.forced_full_gc_ms} ms, handles ${result.open_handles_on_file}, synchronous ${result.synchronous_after}, ` +
            `outside write kept ${result.outside_write_survives_rollback}, clean exit ${result.exited_cleanly}, total ${result.total_s} s`,
        );
      }
    }
    const appRuns = results.filter((result) => result.candidate === APP_CANDIDATE);
    const targetsMet = appRuns.length === rounds && appRuns.every((result) => result.targets_met);
    process.stdout.write(
      `${JSON.stringify({ bench: "sqlite-adapter", ops, rounds, app_candidate: APP_CANDIDATE, runs: results, failures, targets_met: targetsMet })}\n`,
    );
    process.exitCode = targetsMet ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
