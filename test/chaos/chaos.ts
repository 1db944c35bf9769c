/**
 * npm run chaos — the app holding its promises under sustained faults, end to end.
 *
 * The REAL app server (production build, worker in the same process, one migrated SQLite file: the
 * default setup) with the courier sandbox and the Shopify stand-in in their own processes, as the
 * benchmarks run them (test/bench/harness.ts). Four scenarios, one after the other, each with its
 * own shops (and courier account, so each has its own 10 requests a second):
 * 1. Shopify faults (scenario-shopify-faults.ts): 502/503, THROTTLED bursts, tokens expiring mid-run.
 * 2. Courier faults (scenario-courier-faults.ts): 500 before and after, 429 storms, 2 s spikes.
 * 3. A flash sale killed with SIGKILL and restarted (scenario-kills.ts).
 * 4. Its shipments' courier events, 10 % twice and shuffled, while the app is killed (scenario-events.ts).
 * A sampler reads every shipment's state every 2 s for the whole run and counts backwards moves.
 *
 * Knobs (knobs.ts): `-- --quick` for a small run, `--seed N`, `--orders N`, `--kills N`, ... or
 * CHAOS_* variables; the default is the issue's full size. The seed is printed: the same seed makes
 * the same kill moments, faults and event order (timings still vary with the machine).
 *
 * Prints each scenario's figures and, as its LAST line, a JSON summary with `targets_met`
 * (targets.ts: every one must hold). Exit code 1 when a target is missed, 2 past the time limit.
 */
import { conditionsFields, conditionsLine, machineLoad, ownLoopDelay } from "../bench/loop-delay";
import { randomInt } from "node:crypto";
import { loadavg } from "node:os";
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import {
  buildApp,
  prepareDatabase,
  round1,
  runBench,
  say,
  seededRandom,
  seedShops,
  startCourierProcess,
  startShopifyProcess,
  type Bench,
  type SeededShop,
  type StandInShopSpec,
} from "../bench/harness";
import { judgeTargets } from "../bench/targets";
import { localCourierEnv } from "../support/test-env";
import { startChaosApp } from "./app-process";
import { startStateSampler, type ChaosContext, type ScenarioResult } from "./context";
import { parseKnobs } from "./knobs";
import { courierFaultsScenario } from "./scenario-courier-faults";
import { eventsScenario } from "./scenario-events";
import { killsScenario } from "./scenario-kills";
import { LIBRARY_REFRESH_WINDOW_S, shopifyFaultsScenario, TOKEN_REFRESH_DUE_AFTER_S } from "./scenario-shopify-faults";
import { chaosTargets } from "./targets";

const RUN_LIMIT_MS = 60 * 60_000;
/** Shops of the flash sale (its orders spread over them) and of each fault scenario. */
const SALE_SHOPS = 20;
const FAULT_SHOPS = 10;
const TOKENS = {
  sale: "chaos-sale-courier-token",
  courier: "chaos-faults-courier-token",
  shopify: "chaos-shopify-courier-token",
};

function shopSpecs(prefix: string, shops: number, orders: number, extra: Partial<StandInShopSpec> = {}) {
  return Array.from({ length: shops }, (_, i) => ({
    domain: `${prefix}-${String(i + 1).padStart(2, "0")}.myshopify.com`,
    // The orders spread evenly; the first shops take the remainder.
    orders: Math.floor(orders / shops) + (i < orders % shops ? 1 : 0),
    ...extra,
  }));
}

async function main(bench: Bench): Promise<void> {
  const knobs = parseKnobs(process.argv.slice(2), process.env, randomInt(1, 2 ** 31));
  const runStarted = Date.now();
  say(`chaos: seed ${knobs.seed} (repeat with --seed ${knobs.seed}); ${JSON.stringify(knobs)}`);
  buildApp("webhooks.orders.paid");
  const random = seededRandom(knobs.seed);
  const courier = await startCourierProcess({ tokens: Object.values(TOKENS) });
  bench.defer(() => courier.close());
  // The flash sale's account has the courier's additional events (tracking updates, unassigned
  // drivers, groupings, details): about 14 events a shipment, so 1,000 shipments make 10,000 posts.
  await courier.setAccountOptions(TOKENS.sale, { extraEvents: true });
  const shopify = await startShopifyProcess({ faultSeed: Math.floor(random() * 2 ** 31) });
  bench.defer(() => shopify.close());
  const standIn = {
    shopify: await shopify.addShops(
      shopSpecs("chaos-shopify", FAULT_SHOPS, knobs.shopifyFaultOrders, {
        tokenExpiresInS: LIBRARY_REFRESH_WINDOW_S + TOKEN_REFRESH_DUE_AFTER_S,
      }),
    ),
    courier: await shopify.addShops(shopSpecs("chaos-courier", FAULT_SHOPS, knobs.courierFaultOrders)),
    sale: await shopify.addShops(shopSpecs("chaos-sale", SALE_SHOPS, knobs.orders)),
  };
  const database = await prepareDatabase(
    bench,
    { WORKER_ENABLED: "true", ...localCourierEnv(courier.url), ...shopify.proxyEnv },
    { profileDir: null },
  );
  const seed = (group: keyof typeof TOKENS): Promise<SeededShop[]> =>
    seedShops(database, standIn[group], {
      courier: { url: courier.url, token: TOKENS[group] },
      authMethodFor: () => "bearer",
    });
  const shops = { shopify: await seed("shopify"), courier: await seed("courier"), sale: await seed("sale") };
  const app = await startChaosApp(bench, database.env);
  const generatorLoop = ownLoopDelay();
  say(
    `App server ${app.url} (production build, worker on, SQLite), courier sandbox ${courier.url}, Shopify stand-in ${shopify.url}`,
  );
  const ctx: ChaosContext = { bench, knobs, random, app, db: database.db, courier, shopify, say };
  const sampler = startStateSampler(database.db);

  const results: ScenarioResult[] = [];
  const run = async (scenario: () => Promise<ScenarioResult>) => {
    const started = Date.now();
    const result = await scenario();
    results.push(result);
    say(
      `  → ${result.name} in ${round1((Date.now() - started) / 1000)} s: ${JSON.stringify({ dispatch: result.dispatch, tracking: result.tracking, ...result.figures })}`,
    );
  };
  await run(() => shopifyFaultsScenario(ctx, shops.shopify));
  await run(() => courierFaultsScenario(ctx, shops.courier));
  await run(() => killsScenario(ctx, shops.sale));
  await run(() => eventsScenario(ctx, shops.sale));

  await sampler.stop();
  const regressions = sampler.regressions();
  await app.stop();
  const courierStats = await courier.stats();
  const deadJobs = await database.db.job.findMany({
    where: { state: "dead" },
    select: { kind: true, lastError: true },
  });
  const sum = (pick: (r: ScenarioResult) => number | undefined) => results.reduce((n, r) => n + (pick(r) ?? 0), 0);
  const figures = {
    kills: app.kills(),
    orders: sum((r) => r.dispatch?.orders),
    shipments: sum((r) => r.dispatch?.shipments),
    duplicates: sum((r) => r.dispatch?.duplicates),
    missing: sum((r) => r.dispatch?.missing),
    untagged_orders: sum((r) => r.dispatch?.untaggedOrders),
    dead_jobs: deadJobs.length,
    events: results.find((r) => r.name === "events")?.events ?? 0,
    unapplied_events: sum((r) => r.tracking?.unappliedEvents),
    final_state_mismatches: sum((r) => r.tracking?.finalStateMismatches),
    regressions: regressions.length,
    shopify_mismatches: sum((r) => r.tracking?.shopifyMismatches),
    duplicate_fulfillments: sum((r) => r.tracking?.duplicateFulfillments),
    courier_max_rps: courierStats.maxRps,
    courier_429_unhonoured: courierStats.retryAfterUnhonoured,
    app_peak_rss_mb: app.peakRss.peakMb(),
  };

  say("");
  say(
    `Result (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; 2 cores shared with other work)`,
  );
  say(`  kills              ${figures.kills} SIGKILLs, each followed by a restart`);
  say(
    `  orders             ${figures.orders}: ${figures.shipments} with one courier shipment; duplicates ${figures.duplicates}, missing ${figures.missing}, untagged ${figures.untagged_orders} (targets 0)`,
  );
  say(
    `  jobs               dead ${figures.dead_jobs} (target 0)${deadJobs.length ? ` ${JSON.stringify(deadJobs.slice(0, 5))}` : ""}`,
  );
  say(
    `  events             ${figures.events} posts in the events scenario; not applied ${figures.unapplied_events}; final states differing from the truth ${figures.final_state_mismatches}; backwards moves ${figures.regressions} in ${sampler.samples()} samples${regressions.length ? ` ${JSON.stringify(regressions.slice(0, 5))}` : ""} (targets 0)`,
  );
  for (const r of results)
    if (r.tracking && (r.tracking.truthDisagreements > 0 || Object.keys(r.tracking.problems).length > 0))
      say(
        `    ${r.name}: ${JSON.stringify(r.tracking.problems)}; truth and sandbox disagree on ${r.tracking.truthDisagreements}`,
      );
  say(
    `  Shopify orders     mismatches ${figures.shopify_mismatches}, duplicated fulfillments or fulfillment events ${figures.duplicate_fulfillments} (targets 0)`,
  );
  say(
    `  courier            max ${figures.courier_max_rps} requests/s per token (target ≤ ${REQUESTS_PER_SECOND}), ${courierStats.throttled} × 429, requests before their Retry-After ${figures.courier_429_unhonoured} (target 0); statuses ${JSON.stringify(courierStats.statuses)}`,
  );
  say(`  app memory         peak RSS ${figures.app_peak_rss_mb} MiB over every process`);
  const conditions = { app: await app.loopDelay(), generator: generatorLoop.read(), load: machineLoad() };
  say(
    `  conditions         ${conditionsLine(conditions.app, conditions.generator, conditions.load)} (app: the worst of its processes)`,
  );
  const durationS = round1((Date.now() - runStarted) / 1000);
  say(`  duration           ${durationS} s`);

  const met = judgeTargets(chaosTargets(figures, knobs), say);
  say(
    JSON.stringify({
      seed: knobs.seed,
      ...figures,
      duration_s: durationS,
      ...conditionsFields("run", conditions.app, conditions.generator, conditions.load),
      scenarios: Object.fromEntries(
        results.map((r) => [r.name, { ...r.figures, dispatch: r.dispatch, tracking: r.tracking }]),
      ),
      targets_met: met,
    }),
  );
}

void runBench("chaos", RUN_LIMIT_MS, main);
