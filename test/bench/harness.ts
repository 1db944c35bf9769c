/**
 * Shared plumbing for `npm run bench:dispatch` and `npm run bench:events`: a time-bounded run with
 * cleanup, the Shopify stand-in and the courier sandbox each in a child process of their own (so
 * neither the load generator nor the other one delays their clocks, rate counting and answers),
 * a migrated SQLite file seeded with installed shops, the real app server (app-server.ts), signed
 * `orders/paid` deliveries and two HTTP load shapes (open loop at a fixed rate, closed loop at a
 * fixed concurrency).
 *
 * The children run this same file: `node --import tsx harness.ts --bench-child <role> <options>`,
 * and answer calls over the IPC channel.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseEnv } from "~/config/env.server";
import type { KeyRing } from "~/crypto/secret-box.server";
import { serviceCodeFor } from "~/schedule/service-code";
import { createDb, type Db } from "~/db/client.server";
import type { WebhookAuthMethod } from "~/courier/webhook-auth.server";
import { BASIC_AUTH_USER, rotateWebhookSecret, saveCourierToken } from "~/shops/courier-credentials.server";
import type { WebhookAuth, WebhookEvent } from "../courier-sandbox/model";
import type { AccountOptionsPatch, FaultsPatch } from "../courier-sandbox/control";
import type { SandboxStats } from "../courier-sandbox/server";
import type { AdminFaults } from "../shopify-stand-in/faults";
import { webhookRequest } from "../support/shopify-signing";
import { TEST_API_SECRET, testEnv } from "../support/test-env";
import {
  ensureProductionBuild,
  freePort,
  migrateDatabase,
  ROOT,
  startAppServer,
  type AppServer,
} from "../support/app-server";
import { appLoopDelay, loopDelayEnv, type AppLoopDelay } from "./loop-delay";
import { samplePeakRss, type PeakRss } from "./peak-rss";

const HARNESS_FILE = fileURLToPath(import.meta.url);
const CHILD_FLAG = "--bench-child";

// ---- output and small helpers ---------------------------------------------------------------

/** Results and progress (stdout); the JSON summary is the last line written here. */
export const say = (line: string) => process.stdout.write(`${line}\n`);
/** Diagnostics (stderr): build output, app warnings, children's messages. */
export const note = (line: string) => process.stderr.write(`${line}\n`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const round1 = (value: number) => Math.round(value * 10) / 10;

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A small seeded generator (mulberry32), so a run's shuffles and timings can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

// ---- command line ----------------------------------------------------------------------------

/**
 * Options for investigating a result (none changes what is measured by default):
 * - `--profile <dir>`: the app server writes a V8 CPU profile there when it stops (`--cpu-prof`).
 * - `--memory <dir>`: the app server samples its memory there and writes a heap profile at each new
 *   peak (memory-preload.ts; the profiler itself costs some memory, so the peak is not the verdict's).
 */
export type BenchOptions = { profileDir: string | null; memoryDir?: string | null };

export function benchOptions(argv: readonly string[] = process.argv.slice(2)): BenchOptions {
  const options: BenchOptions = { profileDir: null, memoryDir: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--profile" && argv[i + 1]) options.profileDir = path.resolve(argv[++i]!);
    else if (argv[i] === "--memory" && argv[i + 1]) options.memoryDir = path.resolve(argv[++i]!);
    else throw new Error(`Unknown option ${argv[i]} (known: --profile <dir>, --memory <dir>)`);
  }
  return options;
}

/** The app's NODE_OPTIONS and environment for the investigation options chosen. */
export function investigationEnv(options: BenchOptions): Record<string, string> {
  const nodeOptions = [
    ...(options.profileDir ? [`--cpu-prof --cpu-prof-dir=${options.profileDir}`] : []),
    ...(options.memoryDir ? [`--import=${path.join(import.meta.dirname, "memory-preload.ts")}`] : []),
  ];
  return {
    ...(nodeOptions.length ? { NODE_OPTIONS: nodeOptions.join(" ") } : {}),
    ...(options.memoryDir ? { BENCH_MEMORY_DIR: options.memoryDir } : {}),
  };
}

// ---- a bounded run with cleanup --------------------------------------------------------------

export class BenchAbort extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BenchAbort";
  }
}

export type Bench = {
  readonly name: string;
  /** Registers a cleanup step; steps run in reverse order of registration, each at most once. */
  defer(step: () => Promise<void> | void): void;
};

/**
 * Runs `body` with a hard time limit: past `limitMs` (or on Ctrl-C) the run stops with a clear
 * message, every child process is stopped and the temporary files are removed. Exit code: what
 * `body` set (1 when a target was missed), 1 on an error, 2 when the time limit was hit.
 */
export async function runBench(name: string, limitMs: number, body: (bench: Bench) => Promise<void>): Promise<void> {
  const steps: (() => Promise<void> | void)[] = [];
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step();
        } catch (error) {
          note(`${name}: a cleanup step failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })());
  const bench: Bench = {
    name,
    defer: (step) => void steps.push(step),
  };
  let stopping = false;
  const stopWith = async (code: number, message: string) => {
    // The first reason wins (after a time-out the abandoned body may fail too).
    if (stopping) return;
    stopping = true;
    note(message);
    const forced = setTimeout(() => process.exit(code), 20_000);
    forced.unref();
    await cleanUp();
    process.exit(code);
  };
  const limit = setTimeout(
    () =>
      void stopWith(
        2,
        `${name}: ABORTED — the run exceeded its time limit of ${Math.round(limitMs / 1000)} s; stopping every process.`,
      ),
    limitMs,
  );
  process.once("SIGINT", () => void stopWith(130, `${name}: interrupted; stopping every process.`));
  // Output piped into a reader that went away (e.g. `| head`): stop cleanly rather than leave the app running.
  process.stdout.on("error", () => void stopWith(1, `${name}: stdout closed; stopping every process.`));
  process.once("uncaughtException", (error) => void stopWith(1, `${name}: FAILED — ${error.stack ?? error.message}`));
  process.once("SIGTERM", () => void stopWith(143, `${name}: terminated; stopping every process.`));
  try {
    await body(bench);
  } catch (error) {
    clearTimeout(limit);
    const message =
      error instanceof BenchAbort
        ? `${name}: ABORTED — ${error.message}`
        : `${name}: FAILED — ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    await stopWith(1, message);
  }
  clearTimeout(limit);
  await cleanUp();
}

/** Polls `check` until it reports done; throws BenchAbort with `what` past `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  options: { timeoutMs: number; intervalMs: number },
  check: () => Promise<{ done: boolean; value: T }>,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const { done, value } = await check();
    if (done) return value;
    if (Date.now() > deadline)
      throw new BenchAbort(`${what} did not happen within ${Math.round(options.timeoutMs / 1000)} s`);
    await sleep(options.intervalMs);
  }
}

// ---- child processes: the Shopify stand-in and the courier sandbox ----------------------------

type RpcCall = { id: number; method: string; args: unknown[] };
type RpcReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
type ChildRole = "shopify" | "courier";

type Child = { info: unknown; call<T>(method: string, ...args: unknown[]): Promise<T>; close(): Promise<void> };

async function startChild(role: ChildRole, options: unknown): Promise<Child> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", HARNESS_FILE, CHILD_FLAG, role, JSON.stringify(options)],
    // The children's own output goes to stderr: stdout carries only the benchmark's lines.
    { cwd: ROOT, stdio: ["ignore", 2, 2, "ipc"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  child.once("exit", (code) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`The ${role} process exited (code ${code}) during a call`));
    pending.clear();
  });
  const info = await new Promise<unknown>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The ${role} process exited with code ${code} while starting`)));
    child.on("message", (message: { ready?: unknown } | RpcReply) => {
      if ("ready" in message) return resolve(message.ready);
      const waiter = pending.get((message as RpcReply).id);
      if (!waiter) return;
      pending.delete((message as RpcReply).id);
      const reply = message as RpcReply;
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`${role} process: ${reply.error}`));
    });
  });
  return {
    info,
    call<T>(method: string, ...args: unknown[]) {
      return new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, method, args } satisfies RpcCall);
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `orders` with the app's same-day shipping line; `otherOrders` with Shopify's standard rate (not ours: skipped). */
export type StandInShopSpec = {
  domain: string;
  orders: number;
  otherOrders?: number;
  /** An expiring offline token with this lifetime (with its refresh token); default: a non-expiring one. */
  tokenExpiresInS?: number;
};
export type StandInOrder = { gid: string; legacyId: string; name: string; fulfillmentOrderGid: string };
export type StandInShop = {
  domain: string;
  accessToken: string;
  scope: string;
  /** Set for an expiring token (tokenExpiresInS): when it expires, and its refresh token. */
  expiring: { expiresAt: string; refreshToken: string; refreshTokenExpiresAt: string } | null;
  location: { gid: string; name: string; address: Record<string, unknown> };
  orders: StandInOrder[];
  otherOrders: StandInOrder[];
};
export type StandInStats = {
  operations: number;
  throttled: number;
  invalid: number;
  byOperation: Record<string, number>;
  requestedCost: number;
  actualCost: number;
};
export type FulfillmentOrderReport = {
  shop: string;
  orderGid: string;
  fulfillmentOrderGid: string;
  fulfillmentOrderStatus: string;
  /** Successful fulfillments that include this fulfillment order. */
  fulfillments: number;
  /** Statuses of the fulfillment events of the first such fulfillment, oldest first. */
  eventStatuses: string[];
  tags: string[];
  hasDeliveryMetafield: boolean;
};

export type ShopifyFaultStats = {
  /** Injected 502/503 answers by status. */
  injected: Record<string, number>;
  /** Requests refused because of their access token (401). */
  invalidToken: number;
  /** Access tokens issued by a refresh-token grant. */
  refreshes: number;
};

export type ShopifyProcess = {
  url: string;
  proxyEnv: Record<string, string>;
  addShops(specs: StandInShopSpec[]): Promise<StandInShop[]>;
  setFaults(patch: Partial<AdminFaults>): Promise<AdminFaults>;
  /** Empties the cost buckets of these shops: their next requests are THROTTLED until points restore. */
  drainBuckets(domains: string[]): Promise<void>;
  faultStats(): Promise<ShopifyFaultStats>;
  stats(): Promise<StandInStats>;
  report(): Promise<FulfillmentOrderReport[]>;
  close(): Promise<void>;
};

/** The Shopify stand-in served over its HTTPS proxy, in a child process. */
export async function startShopifyProcess(options: {
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  /** Seed of the injected faults' random choices (faults are off until setFaults). */
  faultSeed?: number;
}): Promise<ShopifyProcess> {
  const child = await startChild("shopify", options);
  const info = child.info as { url: string; proxyEnv: Record<string, string> };
  return {
    ...info,
    addShops: (specs) => child.call("addShops", specs),
    setFaults: (patch) => child.call("setFaults", patch),
    drainBuckets: (domains) => child.call("drainBuckets", domains),
    faultStats: () => child.call("faultStats"),
    stats: () => child.call("stats"),
    report: () => child.call("report"),
    close: () => child.close(),
  };
}

export type CourierShipmentSummary = {
  id: number;
  state: string;
  referenceId: string;
  fulfillmentOrderLegacyId: string | null;
  createdAtMs: number;
};
export type GeneratedShipment = {
  courierId: string;
  /** The sandbox's final state: delivered, returned, canceled or expired. */
  finalState: string;
  pickedUp: boolean;
  events: WebhookEvent[];
};
export type EventTiming = { startAtMs: number; spreadMs: number; stepMs: number; jitterMs: number; seed: number };

export type CourierProcess = {
  url: string;
  stats(): Promise<SandboxStats>;
  setFaults(patch: FaultsPatch): Promise<void>;
  setAccountOptions(token: string, patch: AccountOptionsPatch): Promise<void>;
  shipmentCount(): Promise<number>;
  shipments(): Promise<CourierShipmentSummary[]>;
  /** Runs every shipment to its end with `advance`, on a clock set per step; returns what each emitted. */
  generateEvents(timing: EventTiming): Promise<GeneratedShipment[]>;
  close(): Promise<void>;
};

/** The courier sandbox (real time, its 10 requests/s limit per token) in a child process. */
export async function startCourierProcess(options: { tokens: string[] }): Promise<CourierProcess> {
  const child = await startChild("courier", options);
  const info = child.info as { url: string };
  return {
    url: info.url,
    stats: () => child.call("stats"),
    setFaults: (patch) => child.call("setFaults", patch),
    setAccountOptions: (token, patch) => child.call("setAccountOptions", token, patch),
    shipmentCount: () => child.call("shipmentCount"),
    shipments: () => child.call("shipments"),
    generateEvents: (timing) => child.call("generateEvents", timing),
    close: () => child.close(),
  };
}

// ---- the app: database, seeded shops, server ---------------------------------------------------

export type BenchDatabase = { url: string; db: Db; keys: KeyRing; env: Record<string, string> };

/**
 * A migrated SQLite file in a temporary folder (removed at cleanup) and the app's environment for
 * it. The returned client is for seeding before the app starts and for reading after it stopped:
 * another process reading the file while the app writes under load stalls the app's writes.
 */
/** The journal mode the app left the SQLite file in (it switches to WAL at start); read once the app has stopped. */
export async function journalModeOf(db: Db): Promise<string> {
  const [mode] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
  return mode?.journal_mode ?? "unknown";
}

export async function prepareDatabase(
  bench: Bench,
  extraEnv: Record<string, string>,
  options: BenchOptions,
): Promise<BenchDatabase & { port: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), `${bench.name.replace(/[^a-z0-9]+/gi, "-")}-`));
  bench.defer(() => rmSync(dir, { recursive: true, force: true }));
  const url = `file:${path.join(dir, "bench.sqlite")}`;
  migrateDatabase(url);
  const port = await freePort();
  const env = {
    ...testEnv(url),
    NODE_ENV: "production",
    PORT: String(port),
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    // The worker's "Job done" entries are at info: the harness counts them (startBenchApp).
    LOG_LEVEL: "info",
    ...extraEnv,
    ...investigationEnv(options),
  };
  const keys = parseEnv(env).encryption;
  const db = createDb(url);
  bench.defer(() => db.$disconnect());
  return { url, db, keys, env, port };
}

export type SeededShop = {
  domain: string;
  shopId: string;
  webhookPath: string;
  webhookAuth: WebhookAuth;
  locationGid: string;
  orders: StandInOrder[];
  otherOrders: StandInOrder[];
};

/**
 * What an installed shop has in the app's database (as test/support/installed-shop.ts): the offline
 * session, the Shop row, the courier token (encrypted with the app's key), the enabled pickup
 * location with its address, and the courier webhook secret with the shop's auth method.
 */
export async function seedShops(
  database: BenchDatabase,
  shops: StandInShop[],
  options: {
    /** The courier account: one token for every shop, or each shop its own (`token(index)`). */
    courier: { url: string; token: string | ((index: number) => string) };
    authMethodFor: (index: number) => WebhookAuthMethod;
    pickupNotesFor?: (index: number) => string | null;
  },
): Promise<SeededShop[]> {
  const { db, keys } = database;
  const seeded: SeededShop[] = [];
  for (const [index, shop] of shops.entries()) {
    await db.session.create({
      data: {
        id: `offline_${shop.domain}`,
        shop: shop.domain,
        state: "",
        isOnline: false,
        accessToken: shop.accessToken,
        scope: shop.scope,
        ...(shop.expiring
          ? {
              expires: new Date(shop.expiring.expiresAt),
              refreshToken: shop.expiring.refreshToken,
              refreshTokenExpires: new Date(shop.expiring.refreshTokenExpiresAt),
            }
          : {}),
      },
    });
    const row = await db.shop.create({ data: { domain: shop.domain, timezone: "America/New_York" } });
    await saveCourierToken({ db, keys }, shop.domain, {
      token: typeof options.courier.token === "string" ? options.courier.token : options.courier.token(index),
      environment: "sandbox",
      baseUrl: options.courier.url,
    });
    await db.pickupLocation.create({
      data: {
        shopId: row.id,
        locationGid: shop.location.gid,
        name: shop.location.name,
        enabled: true,
        contactName: "Dana",
        contactPhone: "+17185550100",
        notes: options.pickupNotesFor?.(index) ?? null,
        addressJson: JSON.stringify(shop.location.address),
      },
    });
    const method = options.authMethodFor(index);
    const secret = await rotateWebhookSecret({ db, keys }, shop.domain, method);
    const webhookAuth: WebhookAuth =
      method === "basic" ? { method, user: BASIC_AUTH_USER, password: secret } : { method, token: secret };
    seeded.push({
      domain: shop.domain,
      shopId: row.id,
      webhookPath: `/courier/webhooks/${row.webhookPathId}`,
      webhookAuth,
      locationGid: shop.location.gid,
      orders: shop.orders,
      otherOrders: shop.otherOrders,
    });
  }
  return seeded;
}

/** `remix build` when build/ is missing, lacks `mustContain`, or is older than its sources (test/support/app-server.ts). */
export function buildApp(mustContain: string): void {
  if (!ensureProductionBuild({ mustContain, log: note }))
    note("Using the existing production build (build/ is newer than its sources).");
}

/**
 * What the app server printed, reduced: finished jobs by kind, retries and dead jobs by kind and by
 * error. The worker logs every job's outcome, so these counts tell how far the app has got without
 * reading its SQLite file while it runs (a second process reading the file stalls the app's writes
 * under load: see the benchmarks' notes).
 */
export type AppLogSummary = {
  jobsDone: Record<string, number>;
  /** When the last "Job done" of each kind was read (ms since the epoch). */
  lastDoneAt: Record<string, number>;
  retriesByKind: Record<string, number>;
  deadByKind: Record<string, number>;
  /** "kind: error" → count. */
  jobRetries: Record<string, number>;
  deadJobs: Record<string, number>;
  otherLines: number;
};

/** Jobs of `kind` that will not run again (done or dead), per the app's log. */
export const jobsFinished = (logs: AppLogSummary, kind: string) =>
  (logs.jobsDone[kind] ?? 0) + (logs.deadByKind[kind] ?? 0);

export type BenchApp = AppServer & {
  jobLog: AppLogSummary;
  peakRss: PeakRss;
  /** The app's event-loop delay since the last read (loop-delay.ts). */
  loop: AppLoopDelay;
};

type JobOutcome = { outcome: "done" | "retry" | "dead"; kind: string; error: string };

/**
 * A job's outcome from one line of the app's log (production: pino's JSON lines; the worker's
 * entries carry component "jobs", the job's kind and, when it failed, the error), or null.
 */
export function jobOutcomeOf(line: string): JobOutcome | null {
  if (!line.startsWith("{")) return null;
  let entry: { component?: unknown; msg?: unknown; kind?: unknown; error?: unknown };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return null;
  }
  if (entry.component !== "jobs" || typeof entry.msg !== "string") return null;
  const outcome =
    entry.msg === "Job done"
      ? "done"
      : entry.msg === "Job failed; it will be retried"
        ? "retry"
        : entry.msg.startsWith("Job is dead")
          ? "dead"
          : null;
  if (!outcome) return null;
  return {
    outcome,
    kind: typeof entry.kind === "string" ? entry.kind : "?",
    error: typeof entry.error === "string" ? entry.error : "?",
  };
}

/**
 * The app server from the production build (see buildApp), started as app-server.ts does. Its job
 * log lines are counted rather than printed; anything else it prints goes to stderr (at most
 * `maxPrinted` lines). Its resident memory is sampled every second from outside (peakRss).
 */
export async function startBenchApp(
  bench: Bench,
  env: Record<string, string>,
  options: { maxPrinted?: number } = {},
): Promise<BenchApp> {
  const logs: AppLogSummary = {
    jobsDone: {},
    lastDoneAt: {},
    retriesByKind: {},
    deadByKind: {},
    jobRetries: {},
    deadJobs: {},
    otherLines: 0,
  };
  const maxPrinted = options.maxPrinted ?? 40;
  const bump = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);
  let pid = 0;
  const loop = appLoopDelay(() => pid);
  const onLine = (line: string) => {
    if (loop.onLog(line)) return;
    const job = jobOutcomeOf(line);
    if (job) {
      if (job.outcome === "done") {
        bump(logs.jobsDone, job.kind);
        logs.lastDoneAt[job.kind] = Date.now();
      } else if (job.outcome === "retry") {
        bump(logs.retriesByKind, job.kind);
        bump(logs.jobRetries, `${job.kind}: ${job.error.slice(0, 120)}`);
      } else {
        bump(logs.deadByKind, job.kind);
        bump(logs.deadJobs, `${job.kind}: ${job.error.slice(0, 160)}`);
      }
      return;
    }
    logs.otherLines += 1;
    if (logs.otherLines <= maxPrinted) note(`[app] ${line}`);
    if (logs.otherLines === maxPrinted + 1) note("[app] ... (further app output not shown)");
  };
  const server = await startAppServer({
    env: { ...env, ...loopDelayEnv(env.NODE_OPTIONS) },
    port: Number(env.PORT),
    onLog: onLine,
  });
  pid = server.pid;
  bench.defer(() => server.stop());
  const peakRss = samplePeakRss();
  peakRss.track(server.pid);
  bench.defer(() => peakRss.stop());
  return Object.assign(server, { jobLog: logs, peakRss, loop });
}

/**
 * Waits until `expected` jobs of `kind` have finished, per the worker's log (without touching the
 * app's database), or until `expected()` says the work is done (it may read the database; called at
 * most every `checkEveryMs`); or stops when no job of any kind has finished, failed or died for
 * `stallMs`, or after `limitMs`. Prints `progress()` every `everyMs`.
 */
export async function waitForJobs(
  app: BenchApp,
  kind: string,
  expected: number | (() => Promise<{ done: boolean; status: string }>),
  options: {
    since: number;
    limitMs: number;
    stallMs: number;
    everyMs?: number;
    checkEveryMs?: number;
    progress: () => Promise<string> | string;
  },
): Promise<{ finished: boolean; outcome: string }> {
  const at = () => round1((Date.now() - options.since) / 1000);
  let lastSeen = "";
  let lastChangeAt = Date.now();
  let lastPrintAt = Date.now();
  let lastCheckAt = 0;
  let status = "";
  const check = async (): Promise<boolean> => {
    if (typeof expected === "number") {
      status = `${jobsFinished(app.jobLog, kind)}/${expected} ${kind} jobs`;
      return jobsFinished(app.jobLog, kind) >= expected;
    }
    if (Date.now() - lastCheckAt < (options.checkEveryMs ?? 2_000)) return false;
    lastCheckAt = Date.now();
    const result = await expected();
    status = result.status;
    return result.done;
  };
  for (;;) {
    const now = Date.now();
    const seen = JSON.stringify([app.jobLog.jobsDone, app.jobLog.retriesByKind, app.jobLog.deadByKind]);
    if (seen !== lastSeen) lastChangeAt = now;
    lastSeen = seen;
    if (await check()) return { finished: true, outcome: `t=${at()}s done: ${status}` };
    if (now - lastPrintAt >= (options.everyMs ?? 10_000)) {
      lastPrintAt = now;
      say(`  t=${at()}s ${await options.progress()}`);
    }
    if (now - lastChangeAt > options.stallMs) {
      return {
        finished: false,
        outcome: `t=${at()}s STALLED: no job finished or failed for ${options.stallMs / 1000} s (${status})`,
      };
    }
    if (now - options.since > options.limitMs) {
      return { finished: false, outcome: `t=${at()}s NOT FINISHED within ${options.limitMs / 1000} s (${status})` };
    }
    await sleep(250);
  }
}

// ---- requests ---------------------------------------------------------------------------------

export type PreparedRequest = { path: string; headers: Record<string, string>; body: string };
export type Answer = {
  status: number;
  latencyMs: number;
  body: string;
  error?: string;
  /** The answer's headers (lower-case names), when it came. */
  headers?: Record<string, string | string[] | undefined>;
};

/** The shipping line of the stand-in's orders: the app's same-day rate, or Shopify's standard rate. */
function shippingLineOf(sameDay: boolean) {
  return sameDay
    ? {
        code: serviceCodeFor("within-3-hours"),
        source: "Same-day delivery",
        title: "Within 3 hours",
        price: "9.99",
      }
    : { code: "Standard", source: "shopify", title: "Standard", price: "5.00" };
}

/** Shopify's `orders/paid` delivery for an order, signed with the app secret (a trimmed-down order body). */
export function ordersPaidDelivery(appUrl: string, shop: string, order: StandInOrder, sameDay = true): PreparedRequest {
  const body = {
    id: Number(order.legacyId),
    admin_graphql_api_id: order.gid,
    name: order.name,
    financial_status: "paid",
    fulfillment_status: null,
    currency: "USD",
    total_price: "18.49",
    shipping_lines: [shippingLineOf(sameDay)],
    line_items: [{ title: "Sourdough loaf", quantity: 1, price: "8.50", requires_shipping: true }],
  };
  const request = webhookRequest({
    url: `${appUrl}/webhooks/orders/paid`,
    topic: "orders/paid",
    shop,
    body,
    secret: TEST_API_SECRET,
  });
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return { path: "/webhooks/orders/paid", headers, body: JSON.stringify(body) };
}

/** A keep-alive HTTP client for the load: every answer's status, body and time from send to last byte. */
export function createPoster(baseUrl: string, maxSockets: number) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const post = (request: PreparedRequest): Promise<Answer> =>
    new Promise((resolve) => {
      const started = performance.now();
      const outgoing = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: "POST",
          path: request.path,
          agent,
          headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              latencyMs: performance.now() - started,
              body: Buffer.concat(chunks).toString("utf8"),
              headers: response.headers,
            }),
          );
          response.on("error", (error) =>
            resolve({ status: 0, latencyMs: performance.now() - started, body: "", error: error.message }),
          );
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
      outgoing.on("error", (error) =>
        resolve({ status: 0, latencyMs: performance.now() - started, body: "", error: error.message }),
      );
      outgoing.end(request.body);
    });
  return { post, close: () => agent.destroy() };
}

export type LoadResult = { answers: Answer[]; durationMs: number; maxScheduleLagMs: number };

/**
 * Open loop: request i is sent at start + i / perSecond whatever happened to the earlier ones, so
 * a slow answer cannot hold later requests back (no coordinated omission).
 */
export async function sendAtRate(
  baseUrl: string,
  requests: readonly PreparedRequest[],
  perSecond: number,
  onProgress?: (sent: number) => void,
): Promise<LoadResult> {
  const poster = createPoster(baseUrl, 256);
  const started = performance.now();
  const inFlight: Promise<Answer>[] = [];
  let maxScheduleLagMs = 0;
  for (const [index, request] of requests.entries()) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxScheduleLagMs = Math.max(maxScheduleLagMs, performance.now() - due);
    inFlight.push(poster.post(request));
    if (onProgress && (index + 1) % Math.max(1, Math.round(perSecond * 2)) === 0) onProgress(index + 1);
  }
  const answers = await Promise.all(inFlight);
  const durationMs = performance.now() - started;
  poster.close();
  return { answers, durationMs, maxScheduleLagMs };
}

/** Closed loop: `concurrency` connections each send the next request as soon as the previous one is answered. */
export async function sendWithConcurrency(
  baseUrl: string,
  requests: readonly PreparedRequest[],
  concurrency: number,
  onProgress?: (answered: number, elapsedMs: number) => void,
): Promise<LoadResult> {
  const poster = createPoster(baseUrl, concurrency);
  const answers: Answer[] = new Array(requests.length);
  let next = 0;
  let answered = 0;
  const started = performance.now();
  const progressEvery = Math.max(1, Math.floor(requests.length / 10));
  const lane = async () => {
    while (next < requests.length) {
      const index = next++;
      answers[index] = await poster.post(requests[index]!);
      answered += 1;
      if (onProgress && answered % progressEvery === 0) onProgress(answered, performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const durationMs = performance.now() - started;
  poster.close();
  return { answers, durationMs, maxScheduleLagMs: 0 };
}

export type LatencySummary = {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
};

export function summarizeAnswers(answers: readonly Answer[]): LatencySummary {
  const sorted = answers.map((a) => a.latencyMs).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[String(answer.status)] = (statuses[String(answer.status)] ?? 0) + 1;
  return {
    count: answers.length,
    p50: round1(percentile(sorted, 0.5)),
    p90: round1(percentile(sorted, 0.9)),
    p99: round1(percentile(sorted, 0.99)),
    max: round1(sorted.at(-1) ?? 0),
    non2xx: answers.filter((a) => a.status < 200 || a.status > 299).length,
    errors: answers.filter((a) => a.error !== undefined).length,
    statuses,
  };
}

// ---- child side ---------------------------------------------------------------------------------

async function shopifyChild(options: {
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  faultSeed?: number;
}) {
  const { addOrder, createShopifyStandIn, describeProblem, serveShopifyStandIn } = await import("../shopify-stand-in");
  const { withAdminFaults } = await import("../shopify-stand-in/faults");
  const { TEST_API_KEY } = await import("../support/test-env");
  const { ORDER_DELIVERY_METAFIELD } = await import("~/shopify-admin/order-annotations.server");
  let invalid = 0;
  const standIn = createShopifyStandIn({
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
    throttle: options.throttle,
    onInvalidOperation: (problem) => {
      invalid += 1;
      if (invalid <= 5) note(describeProblem(problem));
    },
  });
  const faulty = withAdminFaults(standIn, seededRandom(options.faultSeed ?? 1));
  const served = await serveShopifyStandIn(faulty);
  const domains: string[] = [];
  const metafieldNamespace = standIn.appNamespace(ORDER_DELIVERY_METAFIELD.namespace);

  const api = {
    addShops(specs: StandInShopSpec[]): StandInShop[] {
      return specs.map((spec) => {
        const shop = standIn.addShop({
          myshopifyDomain: spec.domain,
          name: spec.domain.split(".")[0],
          locations: [{ name: "Main Street" }],
        });
        domains.push(spec.domain);
        const location = shop.locations[0]!;
        const accessToken = standIn.issueAccessToken(
          spec.domain,
          spec.tokenExpiresInS === undefined ? {} : { expiresInS: spec.tokenExpiresInS },
        );
        const issued = standIn.issuedTokens.at(-1)!;
        const scope = issued.scope;
        const expiring =
          issued.expiresAt && issued.refreshToken && issued.refreshTokenExpiresAt
            ? {
                expiresAt: issued.expiresAt,
                refreshToken: issued.refreshToken,
                refreshTokenExpiresAt: issued.refreshTokenExpiresAt,
              }
            : null;
        const newOrder = (n: number, sameDay: boolean): StandInOrder => {
          const order = addOrder(shop, {
            shippingAddress: {
              address1: `${100 + n} Shipping St`,
              city: "Brooklyn",
              provinceCode: "NY",
              zip: "11215",
              countryCodeV2: "US",
              phone: "+17185550134",
              latitude: 40.668,
              longitude: -73.98,
            },
            shippingLines: [shippingLineOf(sameDay)],
          });
          const fulfillmentOrder = order.fulfillmentOrders[0];
          if (!fulfillmentOrder) throw new Error(`order ${order.name} of ${spec.domain} has no fulfillment order`);
          return {
            gid: order.id,
            legacyId: order.id.split("/").pop()!,
            name: order.name,
            fulfillmentOrderGid: fulfillmentOrder.id,
          };
        };
        const orders = Array.from({ length: spec.orders }, (_, n) => newOrder(n, true));
        const otherOrders = Array.from({ length: spec.otherOrders ?? 0 }, (_, n) => newOrder(spec.orders + n, false));
        return {
          domain: spec.domain,
          accessToken,
          scope,
          expiring,
          location: { gid: location.id, name: location.name, address: { ...location.address } },
          orders,
          otherOrders,
        };
      });
    },
    setFaults: (patch: Partial<AdminFaults>) => faulty.setFaults(patch),
    drainBuckets(drained: string[]) {
      for (const domain of drained) standIn.throttle.setAvailable(domain, 0);
    },
    faultStats: (): ShopifyFaultStats => ({
      injected: faulty.injected(),
      invalidToken: standIn.rejectedRequests.filter((r) => r.status === 401).length,
      refreshes: standIn.issuedTokens.filter((t) => t.via === "refresh").length,
    }),
    stats(): StandInStats {
      const byOperation: Record<string, number> = {};
      let requestedCost = 0;
      let actualCost = 0;
      for (const entry of standIn.log) {
        const key = `${entry.operationName ?? "anonymous"}${entry.throttled ? " (throttled)" : ""}`;
        byOperation[key] = (byOperation[key] ?? 0) + 1;
        requestedCost += entry.requestedQueryCost ?? 0;
        actualCost += entry.actualQueryCost ?? 0;
      }
      return {
        operations: standIn.log.length,
        throttled: standIn.throttledCount,
        invalid,
        byOperation,
        requestedCost,
        actualCost,
      };
    },
    report(): FulfillmentOrderReport[] {
      const rows: FulfillmentOrderReport[] = [];
      for (const domain of domains) {
        for (const order of standIn.shop(domain).orders) {
          for (const fulfillmentOrder of order.fulfillmentOrders) {
            const fulfillments = order.fulfillments.filter(
              (f) => f.status === "SUCCESS" && f.fulfillmentOrderIds.includes(fulfillmentOrder.id),
            );
            rows.push({
              shop: domain,
              orderGid: order.id,
              fulfillmentOrderGid: fulfillmentOrder.id,
              fulfillmentOrderStatus: fulfillmentOrder.status,
              fulfillments: fulfillments.length,
              eventStatuses: fulfillments[0]?.events.map((e) => e.status) ?? [],
              tags: [...order.tags],
              hasDeliveryMetafield: order.metafields.some(
                (m) => m.namespace === metafieldNamespace && m.key === ORDER_DELIVERY_METAFIELD.key,
              ),
            });
          }
        }
      }
      return rows;
    },
  };
  return { ready: { url: served.url, proxyEnv: served.proxyEnv() }, api, close: () => served.close() };
}

async function courierChild(options: { tokens: string[] }) {
  const { startCourierSandbox } = await import("../courier-sandbox/server");
  const { FINAL_STATES } = await import("../courier-sandbox/runner");
  /** Real time, except while generateEvents sets each step's moment. */
  let pinnedMs: number | null = null;
  const sandbox = await startCourierSandbox({
    host: "127.0.0.1",
    port: 0,
    tokens: options.tokens,
    clock: () => new Date(pinnedMs ?? Date.now()),
  });
  const api = {
    stats: () => sandbox.stats(),
    setFaults: (patch: FaultsPatch) => void sandbox.setFaults(patch),
    setAccountOptions: (token: string, patch: AccountOptionsPatch) => void sandbox.setAccountOptions(token, patch),
    shipmentCount: () => sandbox.shipments.size,
    shipments: (): CourierShipmentSummary[] =>
      [...sandbox.shipments.values()].map((s) => ({
        id: s.id,
        state: s.state,
        referenceId: s.request.reference_id,
        fulfillmentOrderLegacyId:
          s.request.alternate_id_2 === undefined || s.request.alternate_id_2 === null
            ? null
            : String(s.request.alternate_id_2),
        createdAtMs: s.createdAt.getTime(),
      })),
    generateEvents(timing: EventTiming): GeneratedShipment[] {
      const random = seededRandom(timing.seed);
      const generated: GeneratedShipment[] = [];
      try {
        for (const id of [...sandbox.shipments.keys()]) {
          let at = timing.startAtMs + random() * timing.spreadMs;
          const from = sandbox.emitted.length;
          for (let step = 0; step < 40 && !FINAL_STATES.has(sandbox.shipment(id)!.state); step++) {
            at += timing.stepMs + random() * timing.jitterMs;
            pinnedMs = Math.round(at);
            sandbox.advance(id);
          }
          const shipment = sandbox.shipment(id)!;
          generated.push({
            courierId: String(id),
            finalState: shipment.state,
            pickedUp: shipment.pickedUpAt !== null,
            events: sandbox.emitted
              .slice(from)
              .filter((e) => e.shipmentId === id)
              .map((e) => e.event),
          });
        }
      } finally {
        pinnedMs = null;
      }
      return generated;
    },
  };
  return { ready: { url: sandbox.url }, api, close: () => sandbox.close() };
}

async function runChild(role: string, optionsJson: string): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new Error("a bench child needs an IPC channel");
  const options: unknown = JSON.parse(optionsJson);
  const started =
    role === "shopify"
      ? await shopifyChild(options as Parameters<typeof shopifyChild>[0])
      : role === "courier"
        ? await courierChild(options as Parameters<typeof courierChild>[0])
        : null;
  if (!started) throw new Error(`unknown bench child role ${role}`);
  const methods = started.api as unknown as Record<string, (...args: unknown[]) => unknown>;
  process.on("message", (message: RpcCall) => {
    void (async () => {
      try {
        const method = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined;
        if (!method) throw new Error(`no method ${message.method}`);
        send({ id: message.id, ok: true, result: await method(...message.args) } satisfies RpcReply);
      } catch (error) {
        send({
          id: message.id,
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies RpcReply);
      }
    })();
  });
  // The parent closes the channel to stop the child (or dies): close the servers and leave.
  process.on("disconnect", () => void Promise.resolve(started.close()).finally(() => process.exit(0)));
  send({ ready: started.ready });
}

if (process.argv[2] === CHILD_FLAG && process.argv[1] && path.resolve(process.argv[1]) === HARNESS_FILE) {
  runChild(process.argv[3] ?? "", process.argv[4] ?? "{}").catch((error: unknown) => {
    note(`bench child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
