/**
 * npm run bench:events — courier events to Shopify fulfillments, end to end.
 *
 * The REAL app server (production build, worker in the same process, fresh migrated SQLite file),
 * the courier sandbox (own process) and the Shopify stand-in (own process, behind its HTTPS proxy)
 * throttling every shop at 100 points/s restored with a 1,000-point bucket (Shopify's standard plan).
 * 50 shops: each shop's 20 shipments cost about 4,600 points (actual cost), some 46 s of its
 * restore rate, so the run ends in minutes; the bucket still throttles, because the fulfillment
 * lookup before each Shopify action requests about 540 points.
 *
 * 1. The shipments are made the honest way: 50 installed shops × 20 same-day orders are paid
 *    (signed orders/paid), and the app dispatches them through the courier (10 requests/s, so this
 *    takes two to three minutes). Shops differ in their pickup notes, which the sandbox reads as
 *    commands: most deliveries succeed, some drivers are reassigned, some cancel, some shipments
 *    never get a driver and expire. Each shop uses one of the three webhook auth methods.
 * 2. The sandbox runs every shipment to its end (`advance`, one step every 15–20 s of event time,
 *    in the last few minutes) and yields the realistic event sequence of each, with its final state
 *    (the truth).
 * 3. The events (about 10,000: 10% sent twice, shuffled within each shipment, shipments
 *    interleaved at random) are POSTed to the shops' receiver URLs by 16 concurrent connections.
 * 4. Waiting until the worker has applied them all (this process counts the stored events not
 *    yet applied every 2 s, a read the app's WAL journal lets run beside its writes), the app is
 *    stopped and each shipment's state is compared with the truth, and each Shopify order with what it should show: one
 *    fulfillment for a shipment that was picked up (none otherwise), DELIVERED (once) for a
 *    delivered one, the attention tag exactly on the canceled ones.
 *
 * Options: `-- --profile <dir>` (CPU profile of the app).
 *
 * Prints progress, a result table and, as its LAST line, a JSON summary. Exit code 1 when a
 * target is missed (each missed one is printed), 2 when the run exceeds its time limit. Targets:
 * ≥ 1,000 events/s acknowledged with p99 ≤ 50 ms and no non-2xx answer; every event applied within
 * the wait; every final state equal to the truth; every Shopify order as it should be (no other
 * difference); no job dead because of throttling; no duplicate fulfillment. Also: the app server's peak
 * RSS (sampled every second) ≤ 256 MiB. Beside the acknowledgement figures: the event-loop delay of
 * the app and of this load generator and the machine's load (loop-delay.ts).
 */
import { loadavg } from "node:os";
import { DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import { DEFAULT_SHOP_SETTINGS } from "~/settings/shop-settings";
import { APPLY_EVENTS_JOB } from "~/tracking/jobs";
import { ORDER_ATTENTION_TAG_JOB, ORDER_DELIVERY_SUMMARY_JOB } from "~/tracking/order-annotation-jobs";
import {
  SANDBOX_CANCEL_COMMAND,
  SANDBOX_NO_DRIVER_COMMAND,
  SANDBOX_REASSIGN_COMMAND,
} from "../courier-sandbox/commands";
import { authHeaders } from "../courier-sandbox/webhook-sender";
import {
  benchOptions,
  buildApp,
  ordersPaidDelivery,
  prepareDatabase,
  round1,
  runBench,
  say,
  seededRandom,
  seedShops,
  sendAtRate,
  sendWithConcurrency,
  startBenchApp,
  startCourierProcess,
  startShopifyProcess,
  summarizeAnswers,
  waitForJobs,
  type Bench,
  type PreparedRequest,
  type SeededShop,
  journalModeOf,
} from "./harness";
import { postingOrder, type Planned } from "./event-posting";
import { conditionsFields, conditionsLine, machineLoad, ownLoopDelay } from "./loop-delay";
import { atLeast, atMost, equalTo, judgeTargets } from "./targets";
import { localCourierEnv } from "../support/test-env";

/** The jobs that write the order's tag and metafield after an apply; step 5 compares the tags. */
const ANNOTATION_JOB_KINDS = [ORDER_ATTENTION_TAG_JOB, ORDER_DELIVERY_SUMMARY_JOB];

const SHOPS = 50;
const ORDERS_PER_SHOP = 20;
const SHIPMENTS = SHOPS * ORDERS_PER_SHOP;
const THROTTLE = { maximumAvailable: 1_000, restoreRate: 100 };
const COURIER_TOKEN = "bench-events-courier-token";
const DISPATCH_RATE = 50;
const DUPLICATE_SHARE = 0.1;
const CONCURRENCY = 16;
const SEED = 20_261_122;
const RUN_LIMIT_MS = 25 * 60_000;
const DISPATCH_LIMIT_MS = 6 * 60_000;
const APPLY_LIMIT_MS = 10 * 60_000;
const STALL_MS = 60_000;
const ACK_MIN_PER_S = 1_000;
const APP_PEAK_RSS_MAX_MB = 256;
const ACK_P99_MAX_MS = 50;
const AUTH_METHODS = ["bearer", "basic", "x-api-key"] as const;
/** The shop settings' default tag for orders that need staff attention (a canceled delivery). */
const ATTENTION_TAG = DEFAULT_SHOP_SETTINGS.tags.attention;

/** Pickup notes per shop: the sandbox's commands for the outcome mix (see courier-sandbox/README.md). */
function pickupNotesFor(shopIndex: number): string | null {
  switch (shopIndex % 25) {
    case 0:
      return SANDBOX_CANCEL_COMMAND;
    case 1:
      return SANDBOX_NO_DRIVER_COMMAND;
    case 2:
    case 3:
      return SANDBOX_REASSIGN_COMMAND;
    default:
      return null;
  }
}

/** The app state a courier end state must lead to (a cancel or an expiry is "canceled" in the app). */
const EXPECTED_STATE: Record<string, string> = {
  delivered: "delivered",
  returned: "returned",
  canceled: "canceled",
  expired: "canceled",
};

async function main(bench: Bench): Promise<void> {
  const options = benchOptions();
  buildApp("courier.webhooks");
  const courier = await startCourierProcess({ tokens: [COURIER_TOKEN] });
  bench.defer(() => courier.close());
  const shopify = await startShopifyProcess({ throttle: THROTTLE });
  bench.defer(() => shopify.close());
  const standInShops = await shopify.addShops(
    Array.from({ length: SHOPS }, (_, i) => ({
      domain: `events-bench-${String(i + 1).padStart(2, "0")}.myshopify.com`,
      orders: ORDERS_PER_SHOP,
    })),
  );
  const database = await prepareDatabase(
    bench,
    { WORKER_ENABLED: "true", ...localCourierEnv(courier.url), ...shopify.proxyEnv },
    options,
  );
  const shops = await seedShops(database, standInShops, {
    courier: { url: courier.url, token: COURIER_TOKEN },
    authMethodFor: (i) => AUTH_METHODS[i % AUTH_METHODS.length]!,
    pickupNotesFor,
  });
  const app = await startBenchApp(bench, database.env);
  say(
    `App server ${app.url} (production build, worker on), courier sandbox ${courier.url}, Shopify stand-in via HTTPS proxy ${shopify.url} (throttle per shop: ${THROTTLE.restoreRate} points/s, bucket ${THROTTLE.maximumAvailable})`,
  );
  say(`${SHOPS} shops x ${ORDERS_PER_SHOP} orders`);

  // 1. Dispatch through the app.
  const dispatchStart = Date.now();
  const deliveries: PreparedRequest[] = [];
  for (let n = 0; n < ORDERS_PER_SHOP; n++)
    for (const shop of shops) deliveries.push(ordersPaidDelivery(app.url, shop.domain, shop.orders[n]!));
  const paid = summarizeAnswers((await sendAtRate(app.url, deliveries, DISPATCH_RATE)).answers);
  say(
    `Dispatch: ${deliveries.length} orders/paid sent at ${DISPATCH_RATE}/s (${paid.non2xx} non-2xx); waiting for the courier shipments`,
  );
  // Each order has one fulfillment order, which its order job books (app/dispatch/order-job.server.ts).
  const dispatched = await waitForJobs(app, DISPATCH_ORDER_JOB, SHIPMENTS, {
    since: dispatchStart,
    limitMs: DISPATCH_LIMIT_MS,
    stallMs: STALL_MS,
    everyMs: 20_000,
    progress: async () => `courier shipments ${await courier.shipmentCount()}/${SHIPMENTS}`,
  });
  say(`  ${dispatched.outcome}`);
  const dispatchS = round1((Date.now() - dispatchStart) / 1000);

  // 2. The truth: every shipment run to its end in the sandbox, with the events it emitted.
  const foByLegacyId = new Map<string, { shop: SeededShop; gid: string }>();
  for (const shop of shops)
    for (const order of shop.orders)
      foByLegacyId.set(order.fulfillmentOrderGid.split("/").pop()!, { shop, gid: order.fulfillmentOrderGid });
  const summaries = new Map((await courier.shipments()).map((s) => [String(s.id), s]));
  const stepMs = 15_000;
  const generated = await courier.generateEvents({
    startAtMs: Date.now() - 6 * 60_000,
    spreadMs: 60_000,
    stepMs,
    jitterMs: 5_000,
    seed: SEED,
  });
  const planned: Planned[] = [];
  for (const shipment of generated) {
    const legacy = summaries.get(shipment.courierId)?.fulfillmentOrderLegacyId;
    const owner = legacy ? foByLegacyId.get(legacy) : undefined;
    if (!owner) throw new Error(`courier shipment ${shipment.courierId} belongs to no seeded fulfillment order`);
    planned.push({ shipment, shop: owner.shop, fulfillmentOrderGid: owner.gid });
  }
  const outcomes: Record<string, number> = {};
  for (const { shipment } of planned) outcomes[shipment.finalState] = (outcomes[shipment.finalState] ?? 0) + 1;
  const posting = postingOrder(planned, seededRandom(SEED), DUPLICATE_SHARE);
  const uniqueEvents = posting.filter((p) => !p.copy).length;
  const requests: PreparedRequest[] = posting.map(({ shop, event }) => ({
    path: shop.webhookPath,
    headers: { "content-type": "application/json", "user-agent": "courier-bench", ...authHeaders(shop.webhookAuth) },
    body: JSON.stringify(event),
  }));
  say(
    `Events: ${planned.length} shipments (${JSON.stringify(outcomes)} at the courier), ${uniqueEvents} events + ${posting.length - uniqueEvents} repeats = ${posting.length} posts`,
  );
  say(
    `Load average before posting: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2 cores; other work on the machine shows here)`,
  );

  // 3. Post them.
  // The app's and this load generator's event-loop delay, from here to the last answer.
  const generatorLoop = ownLoopDelay();
  await app.loop.read();
  const postStart = Date.now();
  const load = await sendWithConcurrency(app.url, requests, CONCURRENCY, (answered, elapsedMs) =>
    say(`  t=${round1(elapsedMs / 1000)}s ${answered}/${requests.length} acknowledged`),
  );
  const conditions = { app: await app.loop.read(), generator: generatorLoop.read(), load: machineLoad() };
  generatorLoop.stop();
  const ack = summarizeAnswers(load.answers);
  const ackPerS = round1(requests.length / (load.durationMs / 1000));
  let recognisedRepeats = 0;
  let unmatched = 0;
  for (const answer of load.answers) {
    if (answer.status !== 200) continue;
    const body = JSON.parse(answer.body) as { duplicate?: boolean; matched?: boolean };
    if (body.duplicate) recognisedRepeats += 1;
    if (!body.matched) unmatched += 1;
  }
  say(
    `Acknowledged ${ack.count} posts in ${round1(load.durationMs / 1000)} s: ${ackPerS}/s; p50 ${ack.p50} ms, p90 ${ack.p90} ms, p99 ${ack.p99} ms, max ${ack.max} ms; statuses ${JSON.stringify(ack.statuses)}; repeats recognised ${recognisedRepeats}, unmatched ${unmatched}`,
  );
  say(`  ${conditionsLine(conditions.app, conditions.generator, conditions.load)}`);

  // 4. Applied: every stored event of a known shipment has been applied (one apply job stands for
  // all the events of its shipment stored before it ran, so jobs are not counted here).
  const { db } = database;
  const applied = await waitForJobs(
    app,
    APPLY_EVENTS_JOB,
    async () => {
      const waiting = await db.courierEvent.count({ where: { appliedAt: null, shipmentId: { not: null } } });
      // The order's tag and metafield are their own jobs after the apply (side effects never block the
      // state), and step 5 checks the tags: wait for those jobs too, not only for the events.
      const annotating = await db.job.count({
        where: { kind: { in: ANNOTATION_JOB_KINDS }, state: { in: ["queued", "running"] } },
      });
      return {
        done: waiting === 0 && annotating === 0,
        status: `${waiting} events waiting to be applied, ${annotating} tag or metafield jobs left`,
      };
    },
    {
      since: postStart,
      limitMs: APPLY_LIMIT_MS,
      stallMs: STALL_MS,
      progress: async () => {
        const stats = await shopify.stats();
        return `apply jobs finished ${app.jobLog.jobsDone[APPLY_EVENTS_JOB] ?? 0} (retried ${app.jobLog.retriesByKind[APPLY_EVENTS_JOB] ?? 0}, dead ${app.jobLog.deadByKind[APPLY_EVENTS_JOB] ?? 0}); Shopify operations ${stats.operations}, throttled ${stats.throttled}`;
      },
    },
  );
  say(`  ${applied.outcome}; stopping the app`);
  const lastApplyAt = app.jobLog.lastDoneAt[APPLY_EVENTS_JOB];
  const appliedS = applied.finished && lastApplyAt ? round1((lastApplyAt - postStart) / 1000) : null;
  await app.stop();

  // 5. Compare with the truth.
  const rows = await db.shipment.findMany({
    select: { courierShipmentId: true, fulfillmentOrderGid: true, state: true, needsAttention: true },
  });
  const byCourierId = new Map(rows.map((r) => [r.courierShipmentId, r]));
  const mismatches: Record<string, number> = {};
  let mismatchedStates = 0;
  for (const { shipment } of planned) {
    const expected = EXPECTED_STATE[shipment.finalState] ?? shipment.finalState;
    const actual = byCourierId.get(shipment.courierId)?.state ?? "(no row)";
    if (actual !== expected) {
      mismatchedStates += 1;
      mismatches[`${expected} → ${actual}`] = (mismatches[`${expected} → ${actual}`] ?? 0) + 1;
    }
  }
  const report = new Map((await shopify.report()).map((r) => [r.fulfillmentOrderGid, r]));
  let duplicateFulfillments = 0;
  let shopifyMismatches = 0;
  const shopifyProblems: Record<string, number> = {};
  const problem = (what: string) => {
    shopifyMismatches += 1;
    shopifyProblems[what] = (shopifyProblems[what] ?? 0) + 1;
  };
  for (const { shipment, fulfillmentOrderGid } of planned) {
    const fo = report.get(fulfillmentOrderGid);
    if (!fo) {
      problem("fulfillment order missing in Shopify");
      continue;
    }
    if (fo.fulfillments > 1) duplicateFulfillments += 1;
    if (shipment.pickedUp && fo.fulfillments === 0) problem("picked up but not fulfilled");
    if (!shipment.pickedUp && fo.fulfillments > 0) problem("fulfilled without a pickup");
    if (shipment.finalState === "delivered" && !fo.eventStatuses.includes("DELIVERED"))
      problem("delivered without a DELIVERED event");
    if (fo.eventStatuses.filter((s) => s === "DELIVERED").length > 1) problem("DELIVERED event twice");
    const canceled = EXPECTED_STATE[shipment.finalState] === "canceled";
    if (canceled && !fo.tags.includes(ATTENTION_TAG)) problem("canceled without the attention tag");
    if (!canceled && fo.tags.includes(ATTENTION_TAG)) problem("attention tag without a cancellation");
  }
  const stored = await db.courierEvent.count({ where: { synthesized: false } });
  const unapplied = await db.courierEvent.count({ where: { appliedAt: null } });
  const synthesized = await db.courierEvent.count({ where: { synthesized: true } });
  const deadJobs = await db.job.findMany({ where: { state: "dead" }, select: { kind: true, lastError: true } });
  const throttledFailures = deadJobs.filter((j) => /throttl/i.test(j.lastError ?? "")).length;
  const throttledRetries = await db.job.count({ where: { attempts: { gt: 1 }, lastError: { contains: "throttl" } } });
  const leftover = await db.job.groupBy({
    by: ["kind", "state"],
    where: { state: { in: ["queued", "running"] } },
    _count: { _all: true },
  });
  const standIn = await shopify.stats();

  say("");
  say(
    `Result (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  say(
    `  acknowledgement    ${ackPerS} events/s (target ≥ ${ACK_MIN_PER_S}); p50 ${ack.p50} ms, p99 ${ack.p99} ms (target ≤ ${ACK_P99_MAX_MS}), max ${ack.max} ms; non-2xx ${ack.non2xx} (target 0), errors ${ack.errors}; ${CONCURRENCY} connections`,
  );
  say(`                     ${conditionsLine(conditions.app, conditions.generator, conditions.load)}`);
  say(
    `  applied            ${appliedS === null ? "NOT ALL" : `${appliedS} s`} after the first post (${app.jobLog.jobsDone[APPLY_EVENTS_JOB] ?? 0} apply jobs done); events stored ${stored}/${uniqueEvents}, not applied ${unapplied}, synthesized by reconciliation ${synthesized}`,
  );
  say(
    `  final states       ${mismatchedStates} of ${planned.length} differ from the truth (target 0)${mismatchedStates ? ` ${JSON.stringify(mismatches)}` : ""}`,
  );
  say(
    `  Shopify orders     duplicate fulfillments ${duplicateFulfillments}; other differences ${shopifyMismatches} (targets 0)${shopifyMismatches ? ` ${JSON.stringify(shopifyProblems)}` : ""}`,
  );
  say(
    `  throttling         ${standIn.throttled} THROTTLED answers from the stand-in; jobs retried after throttling ${throttledRetries}; dead because of throttling ${throttledFailures} (target 0)`,
  );
  say(
    `  Shopify stand-in   ${standIn.operations} operations (requested cost ${standIn.requestedCost}, actual ${standIn.actualCost}); ${JSON.stringify(standIn.byOperation)}`,
  );
  say(
    `  jobs               done ${JSON.stringify(app.jobLog.jobsDone)}; retried ${JSON.stringify(app.jobLog.retriesByKind)}; dead ${deadJobs.length}${leftover.length ? `; left ${JSON.stringify(leftover.map((l) => `${l.kind}/${l.state}: ${l._count._all}`))}` : ""}`,
  );
  if (Object.keys(app.jobLog.jobRetries).length) say(`  job retries        ${JSON.stringify(app.jobLog.jobRetries)}`);
  if (deadJobs.length) say(`  dead jobs (first)  ${JSON.stringify(deadJobs.slice(0, 5))}`);

  const summary = {
    shops: SHOPS,
    shipments: planned.length,
    sqlite_journal: await journalModeOf(database.db),
    dispatch_s: dispatchS,
    events: requests.length,
    unique_events: uniqueEvents,
    concurrency: CONCURRENCY,
    ack_per_s: ackPerS,
    ack_p50_ms: ack.p50,
    ack_p99_ms: ack.p99,
    ...conditionsFields("ack", conditions.app, conditions.generator, conditions.load),
    ack_non_2xx: ack.non2xx,
    repeats_recognised: recognisedRepeats,
    applied_s: appliedS,
    events_stored: stored,
    events_unapplied: unapplied,
    mismatched_states: mismatchedStates,
    shopify_mismatches: shopifyMismatches,
    throttled_failures: throttledFailures,
    throttled_retries: throttledRetries,
    shopify_throttled: standIn.throttled,
    duplicate_fulfillments: duplicateFulfillments,
    app_peak_rss_mb: app.peakRss.peakMb(),
  };
  const met = judgeTargets(
    [
      atLeast("ack_per_s", summary.ack_per_s, ACK_MIN_PER_S),
      atMost("ack_p99_ms", summary.ack_p99_ms, ACK_P99_MAX_MS),
      equalTo("ack_non_2xx", summary.ack_non_2xx, 0),
      // Every event of a known shipment applied within the wait (null: not all were).
      atMost("applied_s", summary.applied_s, APPLY_LIMIT_MS / 1000),
      equalTo("mismatched_states", summary.mismatched_states, 0),
      equalTo("shopify_mismatches", summary.shopify_mismatches, 0),
      equalTo("throttled_failures", summary.throttled_failures, 0),
      equalTo("duplicate_fulfillments", summary.duplicate_fulfillments, 0),
      // Sized for a 512 MB instance (README, Decisions).
      atMost("app_peak_rss_mb", summary.app_peak_rss_mb, APP_PEAK_RSS_MAX_MB),
    ],
    say,
  );
  say(JSON.stringify({ ...summary, targets_met: met }));
}

void runBench("bench-events", RUN_LIMIT_MS, main);
