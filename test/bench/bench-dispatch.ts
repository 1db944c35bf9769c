/**
 * npm run bench:dispatch — orders/paid to courier shipments, end to end.
 *
 * The REAL app server (production build, worker in the same process, fresh migrated SQLite file)
 * runs against the courier sandbox (own process, real time, its limit of 10 accepted requests per
 * second per token) and the Shopify stand-in (own process, reached by the app's unmodified Shopify
 * client through the stand-in's HTTPS proxy, Shopify's default cost throttle of 2,000 points and
 * 100 points/s per shop).
 *
 * 20 installed shops (one enabled pickup location each) share ONE courier account, so the
 * courier's 10 requests/s apply to all 1,000 shipments: 100 s is the floor. 50 orders per shop
 * keeps each shop's Admin API use (two order reads, a metafield and a tag per order) far below
 * Shopify's restore rate, so Shopify's limit is not the bottleneck. Every order exists in the
 * stand-in with the app's same-day shipping line (code SAMEDAY_WITHIN-3-HOURS, source "Same-day
 * delivery") and one fulfillment order at the shop's location.
 *
 * First 100 orders/paid of standard-shipping orders (not ours: the app skips them) and one same-day
 * order per shop (dispatched) warm the server up, as in production, where a server has read orders
 * and called the courier before a sale starts; they are left out of every figure. Then 1,000 signed
 * orders/paid deliveries are sent in 10 s (open loop, 100/s, shops interleaved). Measured:
 * acknowledgement latency (p50/p99, and p99 per second of sending), the time from the first
 * delivery until the app's database holds a courier shipment for
 * every fulfillment order (the last Shipment row's creation time), courier shipments per
 * fulfillment order (duplicates, missing) at the courier and in the app, the courier's 429s.
 * While the app runs this process does not read its SQLite file (a second process reading it
 * stalls the app's writes under load); progress comes from the sandbox and the worker's job log,
 * and the database is read once the app has stopped.
 *
 * Options: `-- --profile <dir>` (CPU profile of the app).
 *
 * Prints progress, a result table and, as its LAST line, a JSON summary. Exit code 1 when a
 * target is missed (each missed one is printed), 2 when the run exceeds its time limit. Targets:
 * ack p99 ≤ 100 ms and no non-2xx answer, all 1,000 created once within 110 s, no duplicates, nothing
 * missing, no 429 from the courier and never more than its 10 requests a second. Also: no dead job (bench:dispatch), the app server's
 * peak RSS (sampled every second) ≤ 256 MiB. Beside the acknowledgement figures: the event-loop delay of
 * the app and of this load generator and the machine's load (loop-delay.ts).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import type { Db } from "~/db/client.server";
import { ANNOTATE_ORDER_JOB, DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import {
  benchOptions,
  buildApp,
  jobsFinished,
  ordersPaidDelivery,
  prepareDatabase,
  round1,
  runBench,
  say,
  seedShops,
  sendAtRate,
  startBenchApp,
  waitForJobs,
  waitUntil,
  startCourierProcess,
  startShopifyProcess,
  summarizeAnswers,
  type Bench,
  type PreparedRequest,
  journalModeOf,
} from "./harness";
import { conditionsFields, conditionsLine, machineLoad, ownLoopDelay } from "./loop-delay";
import { atMost, equalTo, judgeTargets } from "./targets";
import { localCourierEnv } from "../support/test-env";

const SHOPS = 20;
const ORDERS_PER_SHOP = 50;
const ORDERS = SHOPS * ORDERS_PER_SHOP;
const SEND_SECONDS = 10;
/** Orders with Shopify's standard rate (not ours, skipped) sent first, so the server is warm as in production. */
const WARMUP_PER_SHOP = 5;
/** Same-day orders in the warm-up (dispatched before the measured orders are sent; not counted). */
const WARMUP_SAME_DAY_PER_SHOP = 1;
const WARMUP_SAME_DAY = SHOPS * WARMUP_SAME_DAY_PER_SHOP;
const WARMUP_RATE = 20;
const COURIER_TOKEN = "bench-dispatch-courier-token";
/** The whole run (build, setup, sending, waiting, checks) must end within this. */
const RUN_LIMIT_MS = 12 * 60_000;
/** After the first delivery, stop waiting for shipments after this long and report what is missing. */
const CREATION_WAIT_LIMIT_MS = 300_000;
/** Stop waiting early when no job has finished or failed for this long. */
const STALL_MS = 20_000;
const APP_PEAK_RSS_MAX_MB = 256;
const ACK_P99_MAX_MS = 100;
const ALL_CREATED_MAX_S = 110;

async function jobCounts(db: Db) {
  const groups = await db.job.groupBy({ by: ["state"], _count: { _all: true } });
  const count = (state: string) => groups.find((g) => g.state === state)?._count._all ?? 0;
  return { queued: count("queued"), running: count("running"), done: count("done"), dead: count("dead") };
}

type CpuTimes = { total: number; idle: number; iowait: number; steal: number };

/** The machine's CPU time counters (Linux /proc/stat), or null where they cannot be read. */
function machineCpuTimes(): CpuTimes | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [, , , idle = 0, iowait = 0, , , steal = 0] = fields;
    return { total: fields.reduce((a, b) => a + b, 0), idle, iowait, steal };
  } catch {
    return null;
  }
}

/** Shares of the machine's CPU time between two readings: another tenant's steal shows here, not in the app. */
function cpuShares(before: CpuTimes | null, after: CpuTimes | null) {
  if (!before || !after || after.total <= before.total) return null;
  const pct = (n: number) => round1((100 * n) / (after.total - before.total));
  return {
    busyPct: pct(after.total - before.total - (after.idle - before.idle) - (after.iowait - before.iowait)),
    stealPct: pct(after.steal - before.steal),
    iowaitPct: pct(after.iowait - before.iowait),
  };
}

async function main(bench: Bench): Promise<void> {
  const options = benchOptions();
  buildApp("webhooks.orders.paid");
  const courier = await startCourierProcess({ tokens: [COURIER_TOKEN] });
  bench.defer(() => courier.close());
  const shopify = await startShopifyProcess({});
  bench.defer(() => shopify.close());
  const standInShops = await shopify.addShops(
    Array.from({ length: SHOPS }, (_, i) => ({
      domain: `dispatch-bench-${String(i + 1).padStart(2, "0")}.myshopify.com`,
      orders: ORDERS_PER_SHOP + WARMUP_SAME_DAY_PER_SHOP,
      otherOrders: WARMUP_PER_SHOP,
    })),
  );
  const database = await prepareDatabase(
    bench,
    { WORKER_ENABLED: "true", ...localCourierEnv(courier.url), ...shopify.proxyEnv },
    options,
  );
  const shops = await seedShops(database, standInShops, {
    courier: { url: courier.url, token: COURIER_TOKEN },
    authMethodFor: () => "bearer",
  });
  const app = await startBenchApp(bench, database.env);
  say(
    `App server ${app.url} (production build, worker on), courier sandbox ${courier.url} (10 req/s per token), Shopify stand-in via HTTPS proxy ${shopify.url}`,
  );
  say(
    `${SHOPS} shops x ${ORDERS_PER_SHOP} orders, one pickup location each, one shared courier account; sending ${ORDERS} orders/paid in ${SEND_SECONDS} s`,
  );

  // From here until the app is stopped this process does not touch the app's SQLite file: progress
  // comes from the courier sandbox and from the worker's log of finished jobs.
  const warmup: PreparedRequest[] = [];
  for (let n = 0; n < WARMUP_PER_SHOP; n++) {
    for (const shop of shops) warmup.push(ordersPaidDelivery(app.url, shop.domain, shop.otherOrders[n]!, false));
    if (n < WARMUP_SAME_DAY_PER_SHOP)
      for (const shop of shops)
        warmup.push(ordersPaidDelivery(app.url, shop.domain, shop.orders[ORDERS_PER_SHOP + n]!));
  }
  const warm = summarizeAnswers((await sendAtRate(app.url, warmup, WARMUP_RATE)).answers);
  await waitUntil("the warm-up orders' jobs finishing", { timeoutMs: 60_000, intervalMs: 250 }, async () => ({
    done:
      jobsFinished(app.jobLog, DISPATCH_ORDER_JOB) >= warmup.length &&
      jobsFinished(app.jobLog, ANNOTATE_ORDER_JOB) >= WARMUP_SAME_DAY,
    value: null,
  }));
  const courierBefore = await courier.shipmentCount();
  const courierStatsBefore = await courier.stats();
  say(
    `Warm-up: ${warmup.length} orders/paid (${warmup.length - WARMUP_SAME_DAY} standard-shipping, ${WARMUP_SAME_DAY} same-day) at ${WARMUP_RATE}/s: p99 ${warm.p99} ms, ${warm.non2xx} non-2xx; their jobs done; ${courierBefore} courier shipments`,
  );
  say(
    `Load average before the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2 cores; other work on the machine shows here)`,
  );

  // Shops interleaved, as paid orders of many stores arrive.
  const deliveries: PreparedRequest[] = [];
  for (let n = 0; n < ORDERS_PER_SHOP; n++) {
    for (const shop of shops) deliveries.push(ordersPaidDelivery(app.url, shop.domain, shop.orders[n]!));
  }

  // The app's and this load generator's event-loop delay, from here to the last answer.
  const generatorLoop = ownLoopDelay();
  await app.loop.read();
  const cpuBefore = machineCpuTimes();
  const firstSentAt = Date.now();
  const since = () => round1((Date.now() - firstSentAt) / 1000);
  const load = await sendAtRate(app.url, deliveries, ORDERS / SEND_SECONDS, (sent) =>
    say(`  t=${since()}s sent ${sent}/${ORDERS} orders/paid`),
  );
  const cpuDuringSend = cpuShares(cpuBefore, machineCpuTimes());
  const conditions = { app: await app.loop.read(), generator: generatorLoop.read(), load: machineLoad() };
  generatorLoop.stop();
  const ack = summarizeAnswers(load.answers);
  const perSecond = ORDERS / SEND_SECONDS;
  const p99BySecond = Array.from(
    { length: SEND_SECONDS },
    (_, second) => summarizeAnswers(load.answers.slice(second * perSecond, (second + 1) * perSecond)).p99,
  );
  say(
    `Acknowledged ${ack.count} deliveries in ${round1(load.durationMs / 1000)} s: p50 ${ack.p50} ms, p90 ${ack.p90} ms, p99 ${ack.p99} ms, max ${ack.max} ms; statuses ${JSON.stringify(ack.statuses)}; sender lag max ${round1(load.maxScheduleLagMs)} ms`,
  );
  say(`  ${conditionsLine(conditions.app, conditions.generator, conditions.load)}`);
  say(`  p99 of the deliveries sent in each second: ${p99BySecond.join(", ")} ms`);
  if (cpuDuringSend)
    say(
      `  machine CPU while sending: busy ${cpuDuringSend.busyPct}%, stolen by the host ${cpuDuringSend.stealPct}%, waiting on I/O ${cpuDuringSend.iowaitPct}%`,
    );

  // Each order has one fulfillment order, which its order job books (app/dispatch/order-job.server.ts).
  const waited = await waitForJobs(app, DISPATCH_ORDER_JOB, warmup.length + ORDERS, {
    since: firstSentAt,
    limitMs: CREATION_WAIT_LIMIT_MS,
    stallMs: STALL_MS,
    progress: async () =>
      `courier shipments ${(await courier.shipmentCount()) - courierBefore}/${ORDERS}; jobs done ${JSON.stringify(app.jobLog.jobsDone)}, retried ${JSON.stringify(app.jobLog.retriesByKind)}, dead ${JSON.stringify(app.jobLog.deadByKind)}`,
  });
  say(`  ${waited.outcome}`);
  // Each order's metafield and tag are written by a job of their own once its shipment exists.
  const annotated = await waitForJobs(app, ANNOTATE_ORDER_JOB, WARMUP_SAME_DAY + ORDERS, {
    since: firstSentAt,
    limitMs: CREATION_WAIT_LIMIT_MS,
    stallMs: STALL_MS,
    progress: async () => `jobs done ${JSON.stringify(app.jobLog.jobsDone)}`,
  });
  say(`  ${annotated.outcome}; stopping the app (it finishes its running jobs)`);
  await app.stop();

  const expected = new Map<string, string>(); // fulfillment order legacy id → gid
  const warmedUp = new Set<string>(); // the warm-up's same-day fulfillment orders (legacy ids and gids)
  for (const shop of shops)
    for (const [n, order] of shop.orders.entries()) {
      const legacyId = order.fulfillmentOrderGid.split("/").pop()!;
      if (n < ORDERS_PER_SHOP) expected.set(legacyId, order.fulfillmentOrderGid);
      else warmedUp.add(legacyId).add(order.fulfillmentOrderGid);
    }

  const courierShipments = (await courier.shipments()).filter((s) => !warmedUp.has(s.fulfillmentOrderLegacyId ?? ""));
  const perFulfillmentOrder = new Map<string, number>();
  for (const s of courierShipments) {
    const key = s.fulfillmentOrderLegacyId ?? `none:${s.id}`;
    perFulfillmentOrder.set(key, (perFulfillmentOrder.get(key) ?? 0) + 1);
  }
  const duplicateFulfillmentOrders = [...perFulfillmentOrder.values()].filter((n) => n > 1).length;
  const extraCourierShipments = [...perFulfillmentOrder.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);

  const rows = await database.db.shipment.findMany({
    select: {
      fulfillmentOrderGid: true,
      courierShipmentId: true,
      state: true,
      needsAttention: true,
      attentionReason: true,
      createdAt: true,
    },
  });
  const measuredRows = rows.filter((r) => !warmedUp.has(r.fulfillmentOrderGid));
  const withCourier = measuredRows.filter((r) => r.courierShipmentId !== null);
  const appPerFulfillmentOrder = new Map<string, number>();
  for (const r of withCourier)
    appPerFulfillmentOrder.set(r.fulfillmentOrderGid, (appPerFulfillmentOrder.get(r.fulfillmentOrderGid) ?? 0) + 1);
  const appDuplicates = [...appPerFulfillmentOrder.values()].filter((n) => n > 1).length;
  const courierIds = new Set(courierShipments.map((s) => String(s.id)));
  const unknownToCourier = withCourier.filter((r) => !courierIds.has(r.courierShipmentId!)).length;
  let missing = 0;
  for (const [legacyId, gid] of expected) {
    if (!perFulfillmentOrder.has(legacyId) || !appPerFulfillmentOrder.has(gid)) missing += 1;
  }
  const attention = measuredRows.filter((r) => r.needsAttention);
  const reasons = new Map<string, number>();
  for (const r of attention) reasons.set(r.attentionReason ?? "?", (reasons.get(r.attentionReason ?? "?") ?? 0) + 1);

  // Where dispatch fell behind the courier's limit: shipments the courier created in each second.
  const courierBySecond: number[] = [];
  for (const c of courierShipments) {
    const second = Math.floor((c.createdAtMs - firstSentAt) / 1000);
    if (second >= 0) courierBySecond[second] = (courierBySecond[second] ?? 0) + 1;
  }
  const createdTimes = withCourier.map((r) => r.createdAt.getTime()).sort((a, b) => a - b);
  // When the last of the orders' shipments was written (the row is created in the transaction that completes its job).
  const allCreatedS = createdTimes.length >= ORDERS ? (createdTimes.at(-1)! - firstSentAt) / 1000 : null;
  const courierTimes = courierShipments.map((c) => c.createdAtMs).sort((a, b) => a - b);
  // The rate the courier saw once dispatch was under way (between the 10th and the 90th percentile).
  const p10 = courierTimes[Math.floor(courierTimes.length * 0.1)];
  const p90 = courierTimes[Math.floor(courierTimes.length * 0.9)];
  const steadyRate =
    p10 !== undefined && p90 !== undefined && p90 > p10
      ? (Math.floor(courierTimes.length * 0.9) - Math.floor(courierTimes.length * 0.1)) / ((p90 - p10) / 1000)
      : null;
  const orderJobsDoneAt = app.jobLog.lastDoneAt[DISPATCH_ORDER_JOB];
  const annotatedAt = app.jobLog.lastDoneAt[ANNOTATE_ORDER_JOB];
  const annotatedS = annotatedAt ? (annotatedAt - firstSentAt) / 1000 : null;
  const orderJobsDoneS = orderJobsDoneAt ? (orderJobsDoneAt - firstSentAt) / 1000 : null;
  const courierAllCreatedS = courierTimes.length >= ORDERS ? (courierTimes.at(-1)! - firstSentAt) / 1000 : null;
  const firstCreatedS = createdTimes.length ? (createdTimes[0]! - firstSentAt) / 1000 : null;
  const creationRate =
    createdTimes.length > 1 ? (createdTimes.length - 1) / ((createdTimes.at(-1)! - createdTimes[0]!) / 1000) : null;

  const courierStats = await courier.stats();
  const standInStats = await shopify.stats();
  const report = (await shopify.report()).filter((r) => !warmedUp.has(r.fulfillmentOrderGid));
  const tagged = report.filter((r) => r.tags.includes("same-day-dispatched")).length;
  const withMetafield = report.filter((r) => r.hasDeliveryMetafield).length;
  const jobs = await jobCounts(database.db);
  const dead = await database.db.job.findMany({
    where: { state: "dead" },
    select: { kind: true, lastError: true },
    take: 5,
  });
  const retried = await database.db.job.count({ where: { attempts: { gt: 1 } } });

  say("");
  say(
    `Result (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  say(
    `  acknowledgement    p50 ${ack.p50} ms, p90 ${ack.p90} ms, p99 ${ack.p99} ms, max ${ack.max} ms (target p99 ≤ ${ACK_P99_MAX_MS} ms); non-2xx ${ack.non2xx} (target 0), errors ${ack.errors}`,
  );
  say(`                     ${conditionsLine(conditions.app, conditions.generator, conditions.load)}`);
  say(
    `  all created        ${allCreatedS === null ? "NOT REACHED" : `${round1(allCreatedS)} s`} after the first delivery (target ≤ ${ALL_CREATED_MAX_S} s; at the courier ${courierAllCreatedS === null ? "-" : `${round1(courierAllCreatedS)} s`}); first shipment at ${firstCreatedS === null ? "-" : `${round1(firstCreatedS)} s`}; creation rate ${creationRate === null ? "-" : round1(creationRate)}/s overall, ${steadyRate === null ? "-" : round1(steadyRate)}/s between the 10th and 90th percentile; last order job done at ${orderJobsDoneS === null ? "-" : `${round1(orderJobsDoneS)} s`}`,
  );
  say(
    `  shipments          app ${withCourier.length} with a courier id (${measuredRows.length} rows), courier ${courierShipments.length}; missing ${missing} (target 0); duplicates (target 0): courier ${duplicateFulfillmentOrders} fulfillment orders (${extraCourierShipments} extra shipments), app ${appDuplicates}; app ids unknown to the courier ${unknownToCourier}`,
  );
  say(
    `  needs attention    ${attention.length}${reasons.size ? ` ${JSON.stringify(Object.fromEntries(reasons))}` : ""}`,
  );
  say(
    `  courier            ${courierStats.requests - courierStatsBefore.requests} requests (after the warm-up's ${courierStatsBefore.requests}), ${courierStats.throttled} × 429 in the whole run (target 0), max ${courierStats.maxRps} req/s observed (target ≤ ${REQUESTS_PER_SECOND}), ${courierStats.maxAcceptedRps} accepted; statuses ${JSON.stringify(courierStats.statuses)}`,
  );
  say(
    `  Shopify stand-in   ${standInStats.operations} operations, ${standInStats.throttled} throttled, ${standInStats.invalid} invalid; ${JSON.stringify(standInStats.byOperation)}`,
  );
  say(
    `  orders annotated   tag ${tagged}/${ORDERS}, metafield ${withMetafield}/${ORDERS}; last annotation done at ${annotatedS === null ? "-" : `${round1(annotatedS)} s`}`,
  );
  say(
    `  jobs               done ${jobs.done}, queued ${jobs.queued}, running ${jobs.running}, dead ${jobs.dead}, run more than once ${retried}; done by kind ${JSON.stringify(app.jobLog.jobsDone)}`,
  );
  say(`  courier per second ${Array.from(courierBySecond, (n) => n ?? 0).join(" ")}`);
  if (Object.keys(app.jobLog.jobRetries).length) say(`  job retries        ${JSON.stringify(app.jobLog.jobRetries)}`);
  if (dead.length) say(`  dead jobs (first)  ${JSON.stringify(dead)}`);

  const summary = {
    orders: ORDERS,
    shops: SHOPS,
    sqlite_journal: await journalModeOf(database.db),
    send_s: round1(load.durationMs / 1000),
    ack_p50_ms: ack.p50,
    ack_p99_ms: ack.p99,
    ...conditionsFields("ack", conditions.app, conditions.generator, conditions.load),
    ack_max_ms: ack.max,
    ack_non_2xx: ack.non2xx,
    all_created_s: allCreatedS === null ? null : round1(allCreatedS),
    courier_all_created_s: courierAllCreatedS === null ? null : round1(courierAllCreatedS),
    first_created_s: firstCreatedS === null ? null : round1(firstCreatedS),
    creation_per_s: creationRate === null ? null : round1(creationRate),
    courier_steady_per_s: steadyRate === null ? null : round1(steadyRate),
    order_jobs_done_s: orderJobsDoneS === null ? null : round1(orderJobsDoneS),
    annotated_s: annotatedS === null ? null : round1(annotatedS),
    orders_tagged: tagged,
    shipments: withCourier.length,
    courier_shipments: courierShipments.length,
    duplicates: Math.max(duplicateFulfillmentOrders, appDuplicates),
    missing,
    needs_attention: attention.length,
    courier_requests: courierStats.requests - courierStatsBefore.requests,
    courier_429: courierStats.throttled,
    cpu_steal_pct_while_sending: cpuDuringSend?.stealPct ?? null,
    courier_max_rps: courierStats.maxRps,
    shopify_throttled: standInStats.throttled,
    dead_jobs: jobs.dead,
    app_peak_rss_mb: app.peakRss.peakMb(),
  };
  const met = judgeTargets(
    [
      atMost("ack_p99_ms", summary.ack_p99_ms, ACK_P99_MAX_MS),
      equalTo("ack_non_2xx", summary.ack_non_2xx, 0),
      atMost("all_created_s", summary.all_created_s, ALL_CREATED_MAX_S),
      equalTo("shipments", summary.shipments, ORDERS),
      equalTo("duplicates", summary.duplicates, 0),
      equalTo("missing", summary.missing, 0),
      equalTo("courier_429", summary.courier_429, 0),
      atMost("courier_max_rps", summary.courier_max_rps, REQUESTS_PER_SECOND),
      equalTo("dead_jobs", summary.dead_jobs, 0),
      // Sized for a 512 MB instance (README, Decisions).
      atMost("app_peak_rss_mb", summary.app_peak_rss_mb, APP_PEAK_RSS_MAX_MB),
    ],
    say,
  );
  say(JSON.stringify({ ...summary, targets_met: met }));
}

void runBench("bench-dispatch", RUN_LIMIT_MS, main);
