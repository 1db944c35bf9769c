/**
 * npm run bench:tenants — many merchants at once, each with its own courier token (issue 37).
 *
 * The REAL app (production build, worker in process) against the courier sandbox (own process, real
 * time, 10 accepted requests per second PER TOKEN) and the Shopify stand-in (own process, reached
 * through its HTTPS proxy, Plus-level Admin limits so that Shopify is not the bottleneck), on SQLite
 * (one instance) and on PostgreSQL (two instances sharing the database). Every shop has its own
 * courier account, as in production: 20 shops may book 200 shipments a second between them.
 *
 * (a) noisy neighbour: shop BIG gets 1,000 orders/paid in 10 s (100/s); 9 small shops get 5 each,
 *     spread over seconds 2–8 of BIG's sale. Printed: the small shops' latency from acknowledgement to
 *     the courier's create (p50/p99/max), BIG's total time and its token's steady rate.
 * (b) aggregate: 20 shops, 100 orders each, 2,000 orders/paid in 10 s, shops interleaved. Printed:
 *     the time until every shipment exists in the app, creates per second, duplicates, missing, the
 *     peak RSS of any instance, the app's event-loop delay and the machine's load. On PostgreSQL
 *     instance A is killed (SIGKILL) once a third of the shipments exist at the courier and started
 *     again 3 s later, as bench:scale does; deliveries go round robin to the live instances (a
 *     refused connection is sent again to the other one; its latency counts from the first try).
 *
 * Before the measured orders, each shop's first same-day order and two standard-shipping orders (not
 * ours: skipped) warm the app up; they are left out of every figure.
 *
 * Targets (each in `targets_met`): small shops' p99 ≤ 5 s in (a); all 2,000 within 30 s in (b);
 * acknowledgement p99 ≤ 1 s and no non-2xx in both; peak RSS ≤ 256 MiB per instance; BIG's token
 * used at ≥ 9 creates a second (of its 10) while it has work, on both limiters; no duplicate, nothing
 * missing, no 429, never above 10 requests a second on any token, no dead job.
 *
 * Options (for development; the defaults are the issue's sizes): `--scale F` (0 < F ≤ 1: orders
 * times F, same 10 s of sending), `--db sqlite|postgresql`, `--scenario noisy|aggregate`, `--profile <dir>`
 * (each app instance writes a V8 CPU profile there when it stops).
 * PostgreSQL: the server named by TEST_POSTGRES_URL, or a throw-away one for the run.
 * Prints progress, a table per scenario and, as its LAST line, one JSON object (figures prefixed
 * `<db>_<scenario>_`). Exit code 1 when a target is missed, 2 when the run exceeds its time limit.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseEnv } from "~/config/env.server";
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import { createDb } from "~/db/client.server";
import { DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import {
  createDatabase,
  dropDatabase,
  startThrowawayPostgres,
  type PostgresServer,
} from "../../prisma/tools/postgres-server";
import { freePort, migrateDatabase } from "../support/app-server";
import { localCourierEnv, testEnv } from "../support/test-env";
import {
  buildApp,
  createPoster,
  investigationEnv,
  jobsFinished,
  ordersPaidDelivery,
  percentile,
  round1,
  runBench,
  say,
  seedShops,
  sleep,
  startBenchApp,
  startCourierProcess,
  startShopifyProcess,
  summarizeAnswers,
  waitUntil,
  type Answer,
  type Bench,
  type BenchApp,
  type BenchDatabase,
  type PreparedRequest,
  type SeededShop,
} from "./harness";
import { machineLoad, ownLoopDelay, worseLoopDelay, type LoopDelay } from "./loop-delay";
import { samplePeakRss } from "./peak-rss";
import { processCpuMs } from "./process-cpu";
import { atLeast, atMost, equalTo, judgeTargets, type Target } from "./targets";

type DatabaseKind = "sqlite" | "postgresql";
type ScenarioName = "noisy" | "aggregate";

const SEND_SECONDS = 10;
const BIG_ORDERS = 1_000;
const SMALL_SHOPS = 9;
const SMALL_ORDERS_EACH = 5;
/** The small shops' orders arrive during these seconds of BIG's sale. */
const SMALL_FROM_S = 2;
const SMALL_UNTIL_S = 8;
const AGGREGATE_SHOPS = 20;
const AGGREGATE_ORDERS_EACH = 100;
const WARMUP_STANDARD_PER_SHOP = 2;
const WARMUP_RATE = 20;
const POSTGRES_INSTANCES = 2;
const KILL_AT_SHARE = 1 / 3;
const RESTART_AFTER_MS = 3_000;

const SMALL_P99_MAX_S = 5;
const ALL_CREATED_MAX_S = 30;
const ACK_P99_MAX_MS = 1_000;
const PEAK_RSS_MAX_MB = 256;
/** Of the courier's 10 a second: the window counts from each answer, so a token's ceiling is a little under 10. */
const BIG_TOKEN_MIN_PER_S = 9;

const RUN_LIMIT_MS = 40 * 60_000;
const CREATION_WAIT_LIMIT_MS = 300_000;
/** Longer than a job's lease: a killed instance's jobs are taken over when their leases end. */
const STALL_MS = 90_000;
const PROGRESS_EVERY_MS = 10_000;

type Options = { scale: number; dbs: DatabaseKind[]; scenarios: ScenarioName[]; profileDir: string | null };

function parseOptions(argv: readonly string[]): Options {
  const options: Options = {
    scale: 1,
    dbs: ["sqlite", "postgresql"],
    scenarios: ["noisy", "aggregate"],
    profileDir: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--scale" && value && Number(value) > 0 && Number(value) <= 1) options.scale = Number(value);
    else if (flag === "--db" && (value === "sqlite" || value === "postgresql")) options.dbs = [value];
    else if (flag === "--scenario" && (value === "noisy" || value === "aggregate")) options.scenarios = [value];
    else if (flag === "--profile" && value) options.profileDir = path.resolve(value);
    else
      throw new Error(
        `Unknown option ${flag} ${value ?? ""} (known: --scale 0<F≤1, --db sqlite|postgresql, --scenario noisy|aggregate, --profile <dir>)`,
      );
    i++;
  }
  return options;
}

/** One shop of a scenario: its measured order count, and whether it is the noisy one. */
type ShopPlan = { domain: string; orders: number; big: boolean };
/** A measured delivery: which shop and order, when (ms after the first) it is due. */
type Planned = { shop: number; order: number; atMs: number };

function scenarioPlan(name: ScenarioName, scale: number): { shops: ShopPlan[]; deliveries: Planned[] } {
  const sized = (n: number) => Math.max(1, Math.round(n * scale));
  const deliveries: Planned[] = [];
  if (name === "noisy") {
    const big = sized(BIG_ORDERS);
    const shops: ShopPlan[] = [
      { domain: "tenants-big.myshopify.com", orders: big, big: true },
      ...Array.from({ length: SMALL_SHOPS }, (_, i) => ({
        domain: `tenants-small-${i + 1}.myshopify.com`,
        orders: SMALL_ORDERS_EACH,
        big: false,
      })),
    ];
    for (let n = 0; n < big; n++) deliveries.push({ shop: 0, order: n, atMs: (n * SEND_SECONDS * 1000) / big });
    const small = SMALL_SHOPS * SMALL_ORDERS_EACH;
    for (let k = 0; k < small; k++) {
      deliveries.push({
        shop: 1 + (k % SMALL_SHOPS),
        order: Math.floor(k / SMALL_SHOPS),
        atMs: SMALL_FROM_S * 1000 + (k * (SMALL_UNTIL_S - SMALL_FROM_S) * 1000) / small,
      });
    }
    return { shops, deliveries: deliveries.sort((a, b) => a.atMs - b.atMs) };
  }
  const each = sized(AGGREGATE_ORDERS_EACH);
  const shops = Array.from({ length: AGGREGATE_SHOPS }, (_, i) => ({
    domain: `tenants-${String(i + 1).padStart(2, "0")}.myshopify.com`,
    orders: each,
    big: false,
  }));
  const total = each * AGGREGATE_SHOPS;
  for (let n = 0; n < each; n++)
    for (let s = 0; s < AGGREGATE_SHOPS; s++) {
      const index = n * AGGREGATE_SHOPS + s;
      deliveries.push({ shop: s, order: n, atMs: (index * SEND_SECONDS * 1000) / total });
    }
  return { shops, deliveries };
}

const tokenOf = (domain: string) => `bench-tenants-token-${domain.split(".")[0]}`;

/** Where the app instances of a scenario keep their data. */
type Storage = { database: BenchDatabase; instances: number; remove: () => Promise<void> };

async function prepareStorage(
  kind: DatabaseKind,
  postgresAdminUrl: () => Promise<string>,
  env: Record<string, string>,
): Promise<Storage> {
  let url: string;
  let remove: () => Promise<void>;
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-tenants-"));
    url = `file:${path.join(dir, "bench.sqlite")}`;
    remove = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const adminUrl = await postgresAdminUrl();
    const name = `bench_tenants_${randomBytes(4).toString("hex")}`;
    url = `${await createDatabase(adminUrl, name)}`;
    remove = () => dropDatabase(adminUrl, name);
  }
  migrateDatabase(url);
  const appUrl = kind === "postgresql" ? `${url}${url.includes("?") ? "&" : "?"}connection_limit=8` : url;
  const fullEnv = { ...testEnv(appUrl), NODE_ENV: "production", LOG_LEVEL: "info", WORKER_ENABLED: "true", ...env };
  const keys = parseEnv({ ...fullEnv, PORT: "3000", SHOPIFY_APP_URL: "http://127.0.0.1:3000" }).encryption;
  const db = createDb(url);
  return {
    database: { url, db, keys, env: fullEnv },
    instances: kind === "sqlite" ? 1 : POSTGRES_INSTANCES,
    remove: async () => {
      await db.$disconnect();
      await remove();
    },
  };
}

/** An acknowledged delivery: when it was due, sent and answered (ms on this process's clock, performance.now based). */
type Sent = Planned & { sentAtMs: number; answer: Answer; firstTarget: number; retried: boolean };

/**
 * Open loop over several instances: delivery i is sent at its time whatever happened before, round
 * robin over the instances `live()` names; a refused connection (status 0) is sent once more to
 * another live instance, its latency counted from the first try.
 */
async function sendOnSchedule(
  urls: () => (string | null)[],
  deliveries: readonly (Planned & { request: PreparedRequest })[],
  onProgress: (sent: number) => void,
): Promise<{ sent: Sent[]; startedAt: number; maxLagMs: number }> {
  const posters = new Map<string, ReturnType<typeof createPoster>>();
  const posterFor = (url: string) => {
    let poster = posters.get(url);
    if (!poster) posters.set(url, (poster = createPoster(url, 256)));
    return poster;
  };
  const startedPerf = performance.now();
  const startedAt = Date.now();
  let maxLagMs = 0;
  let turn = 0;
  const inFlight: Promise<Sent>[] = [];
  for (const [index, delivery] of deliveries.entries()) {
    const due = startedPerf + delivery.atMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    const live = urls()
      .map((url, i) => ({ url, i }))
      .filter((t): t is { url: string; i: number } => t.url !== null);
    const first = live[turn++ % live.length]!;
    const sentAtMs = Date.now();
    inFlight.push(
      (async (): Promise<Sent> => {
        const answer = await posterFor(first.url).post(delivery.request);
        const other = urls().find((url, i) => url !== null && i !== first.i);
        if (answer.status !== 0 || !other)
          return { ...delivery, sentAtMs, answer, firstTarget: first.i, retried: false };
        const again = await posterFor(other).post(delivery.request);
        return {
          ...delivery,
          sentAtMs,
          answer: { ...again, latencyMs: Date.now() - sentAtMs },
          firstTarget: first.i,
          retried: true,
        };
      })(),
    );
    if ((index + 1) % 200 === 0) onProgress(index + 1);
  }
  const sent = await Promise.all(inFlight);
  for (const poster of posters.values()) poster.close();
  return { sent, startedAt, maxLagMs };
}

const seconds = (ms: number | null) => (ms === null ? null : round1(ms / 1000));

function latencySummary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? null
    : { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1)! };
}

/** Creates a second between the 10th and the 90th percentile of these creation times. */
function steadyRate(times: number[]): number | null {
  const sorted = [...times].sort((a, b) => a - b);
  const lo = Math.floor(sorted.length * 0.1);
  const hi = Math.floor(sorted.length * 0.9);
  if (hi <= lo || sorted[hi]! <= sorted[lo]!) return null;
  return round1((hi - lo) / ((sorted[hi]! - sorted[lo]!) / 1000));
}

async function runScenario(
  bench: Bench,
  kind: DatabaseKind,
  name: ScenarioName,
  options: Options,
  postgresAdminUrl: () => Promise<string>,
): Promise<{ figures: Record<string, number | string | null>; targets: Target[] }> {
  const prefix = `${kind}_${name}`;
  const plan = scenarioPlan(name, options.scale);
  const measured = plan.deliveries.length;
  say("");
  say(
    `== ${prefix}: ${plan.shops.length} shops, each its own courier token; ${measured} orders/paid in ${SEND_SECONDS} s`,
  );
  const steps: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const step of steps.splice(0).reverse()) await step();
  };
  bench.defer(cleanUp);
  try {
    const tokens = plan.shops.map((shop) => tokenOf(shop.domain));
    const courier = await startCourierProcess({ tokens });
    steps.push(() => courier.close());
    const shopify = await startShopifyProcess({ throttle: { maximumAvailable: 20_000, restoreRate: 1_000 } });
    steps.push(() => shopify.close());
    const standInShops = await shopify.addShops(
      plan.shops.map((shop) => ({
        domain: shop.domain,
        orders: shop.orders + 1,
        otherOrders: WARMUP_STANDARD_PER_SHOP,
      })),
    );
    const storage = await prepareStorage(kind, postgresAdminUrl, {
      ...investigationEnv({ profileDir: options.profileDir }),
      ...localCourierEnv(courier.url),
      ...shopify.proxyEnv,
    });
    steps.push(() => storage.remove());
    const shops: SeededShop[] = await seedShops(storage.database, standInShops, {
      courier: { url: courier.url, token: (index) => tokens[index]! },
      authMethodFor: () => "bearer",
    });
    const peakRss = samplePeakRss();
    steps.push(() => peakRss.stop());
    const ports = await Promise.all(Array.from({ length: storage.instances }, () => freePort()));
    const envFor = (port: number) => ({
      ...storage.database.env,
      PORT: String(port),
      SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    });
    const apps: (BenchApp | null)[] = [];
    const everyApp: BenchApp[] = [];
    const start = async (i: number) => {
      const app = await startBenchApp(bench, envFor(ports[i]!));
      steps.push(() => app.stop());
      peakRss.track(app.pid);
      apps[i] = app;
      everyApp.push(app);
      return app;
    };
    for (let i = 0; i < storage.instances; i++) await start(i);
    const urls = () => apps.map((app) => app?.url ?? null);
    // Every order here has one fulfillment order, which its order job books (app/dispatch/order-job.server.ts).
    const orderJobsDone = () => everyApp.reduce((sum, app) => sum + jobsFinished(app.jobLog, DISPATCH_ORDER_JOB), 0);
    const warmupOrders = shops.length * (1 + WARMUP_STANDARD_PER_SHOP);

    // Warm-up: two standard-shipping orders and one same-day order per shop, dispatched before the sale.
    const warmup: (Planned & { request: PreparedRequest })[] = [];
    for (const [s, shop] of shops.entries()) {
      for (const other of shop.otherOrders)
        warmup.push({
          shop: s,
          order: -1,
          atMs: 0,
          request: ordersPaidDelivery(urls()[0]!, shop.domain, other, false),
        });
      warmup.push({
        shop: s,
        order: -1,
        atMs: 0,
        request: ordersPaidDelivery(urls()[0]!, shop.domain, shop.orders[plan.shops[s]!.orders]!),
      });
    }
    warmup.forEach((w, i) => (w.atMs = (i * 1000) / WARMUP_RATE));
    await sendOnSchedule(urls, warmup, () => {});
    await waitUntil("the warm-up's dispatch", { timeoutMs: 120_000, intervalMs: 250 }, async () => ({
      done: (await courier.shipmentCount()) >= shops.length && orderJobsDone() >= warmupOrders,
      value: null,
    }));
    const courierBefore = await courier.shipmentCount();
    const warmedUp = new Set(
      shops.map((shop, s) => shop.orders[plan.shops[s]!.orders]!.fulfillmentOrderGid.split("/").pop()!),
    );
    say(`  warm-up done: ${courierBefore} courier shipments; load ${machineLoad().load1}`);

    const deliveries = plan.deliveries.map((d) => ({
      ...d,
      request: ordersPaidDelivery(urls()[0]!, shops[d.shop]!.domain, shops[d.shop]!.orders[d.order]!),
    }));
    const generatorLoop = ownLoopDelay();
    await Promise.all(everyApp.map((app) => app.loop.read()));
    // The app instances' CPU from the first measured delivery on (a restarted instance: from its start).
    const cpuFrom = new Map(everyApp.map((app) => [app.pid, processCpuMs(app.pid) ?? 0]));
    let cpuOfKilledMs = 0;
    const cpuSinceStart = (pid: number) => (processCpuMs(pid) ?? 0) - (cpuFrom.get(pid) ?? 0);
    const firstSentAt = Date.now();
    const at = () => round1((Date.now() - firstSentAt) / 1000);

    // PostgreSQL (b): kill instance A once a third of the shipments exist at the courier, restart it.
    let killedAtS: number | null = null;
    let loopBeforeKill: LoopDelay | null = null;
    const killer =
      kind === "postgresql" && name === "aggregate"
        ? (async () => {
            while ((await courier.shipmentCount()) - courierBefore < measured * KILL_AT_SHARE) {
              if (Date.now() - firstSentAt > CREATION_WAIT_LIMIT_MS) return;
              await sleep(100);
            }
            const victim = apps[0]!;
            loopBeforeKill = await victim.loop.read();
            cpuOfKilledMs = cpuSinceStart(victim.pid);
            apps[0] = null;
            process.kill(victim.pid, "SIGKILL");
            await victim.exited;
            killedAtS = at();
            say(`  t=${killedAtS}s SIGKILL instance A`);
            await sleep(RESTART_AFTER_MS);
            await start(0);
            say(`  t=${at()}s instance A started again`);
          })()
        : Promise.resolve();

    const sending = await sendOnSchedule(urls, deliveries, (n) => say(`  t=${at()}s sent ${n}/${measured}`));
    const sendingCpuMs = apps.reduce((sum, app) => sum + (app ? cpuSinceStart(app.pid) : 0), 0);
    const generator = generatorLoop.read();
    generatorLoop.stop();
    const ack = summarizeAnswers(sending.sent.map((s) => s.answer));
    say(
      `  acknowledged ${ack.count}: p50 ${ack.p50} ms, p99 ${ack.p99} ms, max ${ack.max} ms; statuses ${JSON.stringify(ack.statuses)}; sender lag max ${round1(sending.maxLagMs)} ms`,
    );

    // Until every measured order has its shipment at the courier and in the app.
    let lastSeen = "";
    let lastChangeAt = Date.now();
    let lastPrintAt = Date.now();
    const expectedJobs = warmupOrders + measured;
    for (;;) {
      const count = (await courier.shipmentCount()) - courierBefore;
      const jobsDone = orderJobsDone();
      if (`${count}/${jobsDone}` !== lastSeen) lastChangeAt = Date.now();
      lastSeen = `${count}/${jobsDone}`;
      // SQLite: one instance, its log counts every finished job. PostgreSQL: read the shared database.
      const appDone =
        kind === "sqlite"
          ? jobsDone >= expectedJobs
          : (await storage.database.db.shipment.count({ where: { courierShipmentId: { not: null } } })) >=
            shops.length + measured;
      if (count >= measured && appDone) break;
      if (Date.now() - lastPrintAt >= PROGRESS_EVERY_MS) {
        lastPrintAt = Date.now();
        say(`  t=${at()}s courier shipments ${count}/${measured}, order jobs done ${jobsDone}/${expectedJobs}`);
      }
      if (Date.now() - lastChangeAt > STALL_MS) {
        say(`  t=${at()}s STALLED: nothing new for ${STALL_MS / 1000} s`);
        break;
      }
      if (Date.now() - firstSentAt > CREATION_WAIT_LIMIT_MS) {
        say(`  t=${at()}s NOT FINISHED within ${CREATION_WAIT_LIMIT_MS / 1000} s`);
        break;
      }
      await sleep(250);
    }
    await killer;
    const appLoops = await Promise.all(apps.map((app) => (app ? app.loop.read() : null)));
    const appLoop = [loopBeforeKill, ...appLoops].reduce<LoopDelay | null>((a, b) => worseLoopDelay(a, b), null);
    const load = machineLoad();
    const cpuMs = apps.reduce((sum, app) => sum + (app ? cpuSinceStart(app.pid) : 0), cpuOfKilledMs);
    for (const app of apps) await app?.stop();
    const courierStats = await courier.stats();

    // The figures, from the courier's records and the app's database (read once the apps stopped).
    const orderByFulfillmentOrder = new Map<string, Planned>();
    for (const d of plan.deliveries)
      orderByFulfillmentOrder.set(shops[d.shop]!.orders[d.order]!.fulfillmentOrderGid.split("/").pop()!, d);
    const courierShipments = (await courier.shipments()).filter((s) => !warmedUp.has(s.fulfillmentOrderLegacyId ?? ""));
    const perFulfillmentOrder = new Map<string, number[]>();
    for (const s of courierShipments) {
      const key = s.fulfillmentOrderLegacyId ?? `none:${s.id}`;
      perFulfillmentOrder.set(key, [...(perFulfillmentOrder.get(key) ?? []), s.createdAtMs]);
    }
    const rows = await storage.database.db.shipment.findMany({
      where: { courierShipmentId: { not: null } },
      select: { fulfillmentOrderGid: true, createdAt: true },
    });
    const appRows = rows.filter((r) => !warmedUp.has(r.fulfillmentOrderGid.split("/").pop()!));
    const appPer = new Map<string, number>();
    for (const r of appRows) appPer.set(r.fulfillmentOrderGid, (appPer.get(r.fulfillmentOrderGid) ?? 0) + 1);
    let missing = 0;
    for (const d of plan.deliveries) {
      const gid = shops[d.shop]!.orders[d.order]!.fulfillmentOrderGid;
      if (!perFulfillmentOrder.has(gid.split("/").pop()!) || !appPer.has(gid)) missing += 1;
    }
    const duplicates = Math.max(
      [...perFulfillmentOrder.values()].filter((times) => times.length > 1).length,
      [...appPer.values()].filter((n) => n > 1).length,
    );
    const createdTimes = appRows.map((r) => r.createdAt.getTime()).sort((a, b) => a - b);
    const allCreatedMs = createdTimes.length >= measured ? createdTimes.at(-1)! - firstSentAt : null;
    const courierTimes = courierShipments.map((s) => s.createdAtMs);
    const jobs = await storage.database.db.job.groupBy({ by: ["state"], _count: { _all: true } });
    const deadJobs = jobs.find((g) => g.state === "dead")?._count._all ?? 0;
    const maxTokenRps = Math.max(0, ...Object.values(courierStats.perToken).map((t) => t.maxRps));

    const figures: Record<string, number | string | null> = {
      [`${prefix}_orders`]: measured,
      [`${prefix}_ack_p50_ms`]: ack.p50,
      [`${prefix}_ack_p99_ms`]: ack.p99,
      [`${prefix}_ack_max_ms`]: ack.max,
      [`${prefix}_ack_non_2xx`]: ack.non2xx,
      [`${prefix}_all_created_s`]: seconds(allCreatedMs),
      [`${prefix}_creates_per_s`]:
        createdTimes.length > 1 ? round1(createdTimes.length / ((createdTimes.at(-1)! - firstSentAt) / 1000)) : null,
      [`${prefix}_duplicates`]: duplicates,
      [`${prefix}_missing`]: missing,
      [`${prefix}_courier_429`]: courierStats.throttled,
      [`${prefix}_token_max_rps`]: maxTokenRps,
      [`${prefix}_dead_jobs`]: deadJobs,
      [`${prefix}_peak_rss_mb`]: peakRss.peakMb(),
      [`${prefix}_app_loop_p99_ms`]: appLoop?.p99_ms ?? null,
      [`${prefix}_app_loop_max_ms`]: appLoop?.max_ms ?? null,
      [`${prefix}_gen_loop_p99_ms`]: generator.p99_ms,
      [`${prefix}_load1`]: load.load1,
      // The apps' CPU (all instances) until every shipment existed, per measured order; and while sending.
      [`${prefix}_cpu_ms_per_order`]: round1(cpuMs / measured),
      [`${prefix}_sending_cpu_ms_per_order`]: round1(sendingCpuMs / measured),
    };
    const targets: Target[] = [
      atMost(`${prefix}_ack_p99_ms`, ack.p99, ACK_P99_MAX_MS),
      equalTo(`${prefix}_ack_non_2xx`, ack.non2xx, 0),
      equalTo(`${prefix}_duplicates`, duplicates, 0),
      equalTo(`${prefix}_missing`, missing, 0),
      equalTo(`${prefix}_courier_429`, courierStats.throttled, 0),
      atMost(`${prefix}_token_max_rps`, maxTokenRps, REQUESTS_PER_SECOND),
      equalTo(`${prefix}_dead_jobs`, deadJobs, 0),
      atMost(`${prefix}_peak_rss_mb`, peakRss.peakMb(), PEAK_RSS_MAX_MB),
    ];

    say(`  result (load ${load.load1} on ${load.cores} cores):`);
    say(
      `    ack p50 ${ack.p50} ms, p99 ${ack.p99} ms, max ${ack.max} ms, non-2xx ${ack.non2xx}; app loop delay p99 ${appLoop?.p99_ms ?? "-"} ms, max ${appLoop?.max_ms ?? "-"} ms`,
    );
    say(
      `    all created in the app ${allCreatedMs === null ? "NOT REACHED" : `${seconds(allCreatedMs)} s`}; missing ${missing}, duplicates ${duplicates}; 429s ${courierStats.throttled}; busiest token ${maxTokenRps} req/s; dead jobs ${deadJobs}; peak RSS ${peakRss.peakMb()} MiB`,
    );

    if (name === "noisy") {
      const bigDomain = plan.shops[0]!.domain;
      const smallLatencies: number[] = [];
      const bigTimes: number[] = [];
      for (const s of sending.sent) {
        const gid = shops[s.shop]!.orders[s.order]!.fulfillmentOrderGid.split("/").pop()!;
        const created = perFulfillmentOrder.get(gid)?.[0];
        if (created === undefined) continue;
        if (plan.shops[s.shop]!.big) bigTimes.push(created);
        else smallLatencies.push(created - (s.sentAtMs + s.answer.latencyMs));
      }
      const small = latencySummary(smallLatencies);
      const smallComplete = smallLatencies.length === SMALL_SHOPS * SMALL_ORDERS_EACH;
      const bigTotalMs = bigTimes.length === plan.shops[0]!.orders ? Math.max(...bigTimes) - firstSentAt : null;
      const bigRate = steadyRate(bigTimes);
      const bigTokenRps = courierStats.perToken[tokenOf(bigDomain)]?.maxRps ?? null;
      Object.assign(figures, {
        [`${prefix}_small_p50_s`]: small && seconds(small.p50),
        [`${prefix}_small_p99_s`]: small && smallComplete ? seconds(small.p99) : null,
        [`${prefix}_small_max_s`]: small && seconds(small.max),
        [`${prefix}_big_total_s`]: seconds(bigTotalMs),
        [`${prefix}_big_token_per_s`]: bigRate,
        [`${prefix}_big_token_max_rps`]: bigTokenRps,
      });
      targets.push(
        atMost(`${prefix}_small_p99_s`, small && smallComplete ? seconds(small.p99) : null, SMALL_P99_MAX_S),
        atLeast(`${prefix}_big_token_per_s`, bigRate, BIG_TOKEN_MIN_PER_S),
      );
      say(
        `    small shops, acknowledgement → courier create: p50 ${small ? seconds(small.p50) : "-"} s, p99 ${small ? seconds(small.p99) : "-"} s, max ${small ? seconds(small.max) : "-"} s (${smallLatencies.length}/${SMALL_SHOPS * SMALL_ORDERS_EACH})`,
      );
      say(
        `    BIG: all ${plan.shops[0]!.orders} created at the courier after ${bigTotalMs === null ? "NOT REACHED" : `${seconds(bigTotalMs)} s`}; its token ${bigRate ?? "-"} creates/s between the 10th and 90th percentile (max ${bigTokenRps} req/s)`,
      );
    } else {
      Object.assign(figures, {
        [`${prefix}_courier_steady_per_s`]: steadyRate(courierTimes),
        [`${prefix}_killed_at_s`]: killedAtS,
      });
      targets.push(atMost(`${prefix}_all_created_s`, seconds(allCreatedMs), ALL_CREATED_MAX_S));
      if (kind === "postgresql") targets.push(atLeast(`${prefix}_killed_at_s`, killedAtS, 0));
      say(
        `    ${round1(createdTimes.length / Math.max(1, ((createdTimes.at(-1) ?? firstSentAt) - firstSentAt) / 1000))} creates/s overall, ${steadyRate(courierTimes) ?? "-"}/s between the 10th and 90th percentile at the courier${killedAtS === null ? "" : `; instance A killed at ${killedAtS} s`}`,
      );
    }
    return { figures, targets };
  } finally {
    await cleanUp();
  }
}

async function main(bench: Bench): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  buildApp("webhooks.orders.paid");
  let postgres: PostgresServer | null = null;
  const postgresAdminUrl = async () => {
    if (process.env.TEST_POSTGRES_URL) return process.env.TEST_POSTGRES_URL;
    if (!postgres) {
      postgres = await startThrowawayPostgres();
      const started = postgres;
      bench.defer(() => started.stop());
    }
    return postgres.adminUrl;
  };
  const startedAt = Date.now();
  const figures: Record<string, number | string | null> = { scale: options.scale };
  const targets: Target[] = [];
  for (const kind of options.dbs)
    for (const name of options.scenarios) {
      const result = await runScenario(bench, kind, name, options, postgresAdminUrl);
      Object.assign(figures, result.figures);
      targets.push(...result.targets);
    }
  figures.run_s = round1((Date.now() - startedAt) / 1000);
  say("");
  const met = judgeTargets(targets, say);
  say(JSON.stringify({ ...figures, targets_met: met }));
}

void runBench("bench-tenants", RUN_LIMIT_MS, main);
