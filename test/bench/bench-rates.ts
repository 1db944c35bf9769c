/**
 * npm run bench:rates — the carrier-service callback under load, end to end.
 *
 * The REAL app server (production build: built first when build/ is missing or older than app/) runs
 * as a child process with a fresh migrated SQLite file and is called on 127.0.0.1 only (it binds
 * every interface: app/server/main.server.ts takes no host setting), against the courier sandbox
 * with 250 ms added latency (in a process of its own, so the load generator does not skew its clock
 * and rate counting). A shop is seeded with its encrypted courier token (the app's own
 * saveCourierToken) and an enabled pickup location, offering two windows open at any hour: within
 * 3 hours, and the soonest free two-hour slot (one starts every hour) with a capacity per slot, the
 * soonest slots booked full (bench-slots.ts), so every request counts the places of its candidate
 * slots and leaves the full ones out. Then
 * signed rate requests are POSTed to /carrier-service/rates in three phases of 10 s, open loop and
 * evenly spaced (harness.ts sendAtRate: request i at i / rate s, on keep-alive connections):
 * - warm: a few carts (quoted once beforehand) repeated at 200 requests/s;
 * - cold: every cart new, at a rate whose courier calls (one per window) fit the courier's limit;
 * - rush: every cart new at 100 requests/s, far above what the courier allows, as a flash sale's
 *   local deliveries: each to an address in one of the 60 postal codes nearest the pickup location,
 *   with varied items (rush-carts.ts), so package sizes and distances vary as they would.
 * Each answer's X-Quote-Source header (live, cache, memory, model, fallback, none) is counted; latency
 * percentiles are computed from every response time (send to last byte), and the sender's lag
 * behind its schedule is printed.
 *
 * After the rush, each rush cart priced from the app's price memory or model is checked: its remembered
 * courier price (the quote memory row checkout wrote for it) against the courier's exact price for the
 * same cart, asked through the sandbox's control API (outside the rate limit and the counters; the
 * cart's first window's request: the sandbox's price does not depend on the window). Mean and p95
 * absolute error in dollars are printed.
 *
 * Prints a table per phase and, as its last line, a JSON summary (with the app server's peak RSS,
 * sampled every second). Exit code 1 when a target is missed; each missed one is printed.
 * Targets: warm p50 ≤ 5 ms and p99 ≤ 25 ms, every warm answer from the cache; cold p99 ≤ 400 ms with
 * no fallback; rush p99 ≤ 400 ms, at least 90 % of rush answers priced from the courier's prices (live,
 * cache, memory, model), their memory and model prices within $1.50 of the exact price on average
 * and $3.00 at the 95th percentile; no non-2xx and no connection error; the courier never above its
 * limit and never a 429; the app's peak RSS ≤ 256 MiB. Beside each phase: the event-loop delay of the
 * app and of this load generator and the machine's load (loop-delay.ts), which tell a busy machine
 * from a slow app.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { parseEnv } from "~/config/env.server";
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import { createDb } from "~/db/client.server";
import { seedQuoteShop } from "../app/quote/quote-shop";
import { distinctCart, PICKUP_ADDRESS } from "../app/quote/rate-request-fixture";
import { localCourierEnv, TEST_API_SECRET, testEnv } from "../support/test-env";
import { ensureProductionBuild, freePort, migrateDatabase, startAppServer } from "../support/app-server";
import { benchOptions, percentile, round1, sendAtRate, summarizeAnswers, type PreparedRequest } from "./harness";
import { BENCH_SLOT_CAPACITY, benchSlotSettings, bookBenchSlots } from "./bench-slots";
import { samplePeakRss } from "./peak-rss";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";
import {
  appLoopDelay,
  conditionsFields,
  conditionsLine,
  loopDelayEnv,
  machineLoad,
  ownLoopDelay,
  type AppLoopDelay,
  type LoopDelay,
} from "./loop-delay";
import { atLeast, atMost, equalTo, judgeTargets } from "./targets";
import { nearestPostalCodes, RUSH_POSTAL_CODES, rushCart } from "./rush-carts";
import { rushPriceErrors } from "./rush-price-check";

const SHOP = "bench-shop.myshopify.com";
const TIME_ZONE = "America/Los_Angeles";
const COURIER_TOKEN = "bench-courier-token";
const COURIER_LATENCY_MS = 250;
const PHASE_SECONDS = 10;
const WARM_RATE = 200;
const WARM_CARTS = 8;
const RUSH_RATE = 100;
/** The cold phase uses this share of the courier's limit (the rest absorbs timer jitter). */
const COLD_SHARE_OF_LIMIT = 0.7;
/** Between phases, so one phase's courier calls have left the limiter's sliding window. */
const PAUSE_BETWEEN_PHASES_MS = 1_500;
const RATES_PATH = "/carrier-service/rates";
const WARM_P50_MAX_MS = 5;
const WARM_P99_MAX_MS = 25;
const COLD_P99_MAX_MS = 400;
const RUSH_P99_MAX_MS = 400;
const RUSH_PRICED_FROM_COURIER_MIN_SHARE = 0.9;
const RUSH_PRICE_MAE_MAX_USD = 1.5;
const RUSH_PRICE_P95_ERROR_MAX_USD = 3;
/** Answer sources whose prices come from the courier's own prices (X-Quote-Source; "courier" is the older name of live). */
const COURIER_PRICED_SOURCES = ["live", "courier", "cache", "memory", "model"];
const APP_PEAK_RSS_MAX_MB = 256;

const info = (line: string) => process.stdout.write(`${line}\n`);
const debug = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PhaseStats = {
  name: string;
  rate: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  sources: Record<string, number>;
  courierRequests: number;
  courierMaxRps: number;
  courier429: number;
  /** Event-loop delay of the app and of this load generator during the phase, and the machine's load. */
  appLoop: LoopDelay | null;
  generatorLoop: LoopDelay;
  /** How late the load generator sent its latest request (its own busyness). */
  senderLagMs: number;
  load: { load1: number; cores: number };
};

type SignedRequest = { body: string; headers: Record<string, string> };

/** A rate request body with the headers Shopify sends, signed with the app secret. */
function signed(body: string): SignedRequest {
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-shopify-hmac-sha256": getHmac(body, TEST_API_SECRET),
      "x-shopify-shop-domain": SHOP,
    },
  };
}

const generatorLoop = ownLoopDelay();

async function runPhase(
  sandbox: SandboxProcess,
  baseUrl: string,
  appLoop: AppLoopDelay,
  options: { name: string; rate: number; nextRequest: () => SignedRequest },
): Promise<PhaseStats> {
  await sandbox.resetStats();
  await appLoop.read();
  generatorLoop.read();
  // Open loop and evenly spaced: request i is sent at i / rate s whatever happened to the earlier ones
  // (autocannon's rate sent each second's requests in one burst, so most waited behind the others).
  const requests: PreparedRequest[] = Array.from({ length: options.rate * PHASE_SECONDS }, () => {
    const { body, headers } = options.nextRequest();
    return { path: RATES_PATH, headers, body };
  });
  const load = await sendAtRate(baseUrl, requests, options.rate);
  const phaseGeneratorLoop = generatorLoop.read();
  const phaseAppLoop = await appLoop.read();
  const machine = machineLoad();
  const courier = await sandbox.stats();
  const sources: Record<string, number> = {};
  for (const answer of load.answers) {
    const source = String(answer.headers?.["x-quote-source"] ?? "missing");
    sources[source] = (sources[source] ?? 0) + 1;
  }
  const latency = summarizeAnswers(load.answers);
  const sorted = load.answers.map((a) => a.latencyMs).sort((x, y) => x - y);
  return {
    name: options.name,
    rate: options.rate,
    requests: latency.count,
    p50: latency.p50,
    p95: round1(percentile(sorted, 0.95)),
    p99: latency.p99,
    max: latency.max,
    non2xx: latency.non2xx,
    errors: latency.errors,
    sources,
    courierRequests: courier.requests,
    courierMaxRps: courier.maxRps,
    courier429: courier.throttled,
    appLoop: phaseAppLoop,
    generatorLoop: phaseGeneratorLoop,
    senderLagMs: round1(load.maxScheduleLagMs),
    load: machine,
  };
}

/** Quotes the warm carts once, a few at a time, so the warm phase measures the cache. */
async function primeCarts(baseUrl: string, carts: readonly SignedRequest[], windows: number): Promise<void> {
  const spacingMs = Math.ceil((1000 * windows) / (REQUESTS_PER_SECOND * COLD_SHARE_OF_LIMIT));
  for (const { body, headers } of carts) {
    const response = await fetch(`${baseUrl}${RATES_PATH}`, { method: "POST", headers, body });
    const source = response.headers.get("x-quote-source");
    await response.arrayBuffer();
    if (response.status !== 200 || (source !== "live" && source !== "courier"))
      throw new Error(`Priming a warm cart got ${response.status} (${source})`);
    await sleep(spacingMs);
  }
}

function printTable(phases: readonly PhaseStats[]): void {
  const header = [
    "phase",
    "rate/s",
    "requests",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "non2xx",
    "errors",
    "live",
    "cache",
    "memory",
    "model",
    "fallback",
    "none",
    "courier calls",
    "courier max rps",
    "courier 429",
  ];
  const rows = phases.map((p) =>
    [
      p.name,
      p.rate,
      p.requests,
      p.p50,
      p.p95,
      p.p99,
      p.max,
      p.non2xx,
      p.errors,
      (p.sources.live ?? 0) + (p.sources.courier ?? 0),
      p.sources.cache ?? 0,
      p.sources.memory ?? 0,
      p.sources.model ?? 0,
      p.sources.fallback ?? 0,
      p.sources.none ?? 0,
      p.courierRequests,
      p.courierMaxRps,
      p.courier429,
    ].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  info(line(header));
  for (const row of rows) info(line(row));
  for (const p of phases)
    info(
      `${p.name.padEnd(5)} ${conditionsLine(p.appLoop, p.generatorLoop, p.load)}; sender lag max ${p.senderLagMs} ms`,
    );
}

async function main(): Promise<void> {
  const options = benchOptions();
  ensureProductionBuild({ mustContain: "carrier-service.rates", log: debug });
  const sandbox = await startSandboxProcess({ tokens: [COURIER_TOKEN], faults: { latencyMs: COURIER_LATENCY_MS } });
  const dir = mkdtempSync(path.join(tmpdir(), "bench-rates-"));
  let server: Awaited<ReturnType<typeof startAppServer>> | null = null;
  const rss = samplePeakRss();
  try {
    const databaseUrl = `file:${path.join(dir, "bench.sqlite")}`;
    migrateDatabase(databaseUrl);
    const port = await freePort();
    const env = {
      ...testEnv(databaseUrl),
      NODE_ENV: "production" as const,
      PORT: String(port),
      SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
      WORKER_ENABLED: "false",
      ...localCourierEnv(sandbox.url),
    };

    const settings = benchSlotSettings();
    const db = createDb(databaseUrl);
    const shop = await seedQuoteShop(db, {
      domain: SHOP,
      settings,
      timezone: TIME_ZONE,
      courier: { token: COURIER_TOKEN, baseUrl: sandbox.url, keys: parseEnv(env).encryption },
    });
    const { windowsPerCart: windows, fullSlots } = await bookBenchSlots(db, shop, {
      now: new Date(),
      timeZone: TIME_ZONE,
      leadTimeMinutes: settings.leadTimeMinutes,
      windows: settings.deliveryWindows,
      hours: settings.openingHours[0],
    });
    await db.$disconnect();

    const appLoop = appLoopDelay(() => server!.pid);
    server = await startAppServer({
      env: { ...env, ...loopDelayEnv(options.profileDir ? `--cpu-prof --cpu-prof-dir=${options.profileDir}` : "") },
      port,
      onLog: (line) => appLoop.onLog(line) || debug(`[app] ${line}`),
    });
    rss.track(server.pid);
    info(
      `App server ${server.url} (production build), courier sandbox ${sandbox.url} (+${COURIER_LATENCY_MS} ms), ${windows} windows per cart (slots with capacity ${BENCH_SLOT_CAPACITY}, ${fullSlots} full)`,
    );

    let cartNumber = 0;
    const nextDistinct = () => signed(JSON.stringify(distinctCart(cartNumber++)));
    const warmCarts = Array.from({ length: WARM_CARTS }, nextDistinct);
    await sandbox.resetStats();
    await primeCarts(server.url, warmCarts, windows);
    const priming = await sandbox.stats();
    await sleep(PAUSE_BETWEEN_PHASES_MS);

    let warmIndex = 0;
    const warm = await runPhase(sandbox, server.url, appLoop, {
      name: "warm",
      rate: WARM_RATE,
      nextRequest: () => warmCarts[warmIndex++ % warmCarts.length]!,
    });
    await sleep(PAUSE_BETWEEN_PHASES_MS);
    // Evenly spaced, their courier calls spread over the second.
    const coldRate = Math.max(1, Math.floor((REQUESTS_PER_SECOND * COLD_SHARE_OF_LIMIT) / windows));
    const cold = await runPhase(sandbox, server.url, appLoop, {
      name: "cold",
      rate: coldRate,
      nextRequest: nextDistinct,
    });
    await sleep(PAUSE_BETWEEN_PHASES_MS);
    const postalCodes = nearestPostalCodes(PICKUP_ADDRESS.zip, RUSH_POSTAL_CODES);
    info(
      `rush: new carts to addresses in the ${postalCodes.length} postal codes nearest the pickup (${PICKUP_ADDRESS.zip}), as local delivery has them, each with one to three lines of varied weights and quantities`,
    );
    const rushBodies: string[] = [];
    const rush = await runPhase(sandbox, server.url, appLoop, {
      name: "rush",
      rate: RUSH_RATE,
      nextRequest: () => {
        const body = JSON.stringify(rushCart(rushBodies.length, postalCodes));
        rushBodies.push(body);
        return signed(body);
      },
    });

    printTable([warm, cold, rush]);
    const phases = [warm, cold, rush];
    const summary = {
      warm_p50_ms: warm.p50,
      warm_p99_ms: warm.p99,
      warm_not_from_cache: warm.requests - (warm.sources.cache ?? 0),
      ...conditionsFields("warm", warm.appLoop, warm.generatorLoop, warm.load),
      cold_p50_ms: cold.p50,
      cold_p99_ms: cold.p99,
      ...conditionsFields("cold", cold.appLoop, cold.generatorLoop, cold.load),
      cold_rate: coldRate,
      cold_fallbacks: cold.sources.fallback ?? 0,
      rush_p50_ms: rush.p50,
      rush_p99_ms: rush.p99,
      ...conditionsFields("rush", rush.appLoop, rush.generatorLoop, rush.load),
      rush_fallback_ratio: Math.round(((rush.sources.fallback ?? 0) / Math.max(1, rush.requests)) * 1000) / 1000,
      rush_priced_from_courier_share:
        Math.round(
          (COURIER_PRICED_SOURCES.reduce((sum, source) => sum + (rush.sources[source] ?? 0), 0) /
            Math.max(1, rush.requests)) *
            1000,
        ) / 1000,
      rush_postal_codes: postalCodes.length,
      requests: phases.reduce((sum, p) => sum + p.requests, 0),
      non_2xx: phases.reduce((sum, p) => sum + p.non2xx, 0),
      errors: phases.reduce((sum, p) => sum + p.errors, 0),
      courier_limit_rps: REQUESTS_PER_SECOND,
      courier_max_rps: Math.max(priming.maxRps, ...phases.map((p) => p.courierMaxRps)),
      courier_429: priming.throttled + phases.reduce((sum, p) => sum + p.courier429, 0),
      app_peak_rss_mb: rss.peakMb(),
      windows_per_cart: windows,
      slot_capacity: BENCH_SLOT_CAPACITY,
      full_slots: fullSlots,
    };
    await server.stop();
    server = null;
    const priceCheck = await rushPriceErrors({
      databaseUrl,
      sandboxUrl: sandbox.url,
      token: COURIER_TOKEN,
      bodies: rushBodies,
      settings,
      timeZone: TIME_ZONE,
    });
    info(
      `rush prices from memory or model: ${priceCheck.checked} rates of ${priceCheck.carts} carts checked against the courier's exact price: mean error $${priceCheck.maeUsd ?? "-"}, p95 $${priceCheck.p95Usd ?? "-"}, max $${priceCheck.maxUsd ?? "-"}`,
    );
    const figures = {
      ...summary,
      rush_price_checked: priceCheck.checked,
      rush_price_mae_usd: priceCheck.maeUsd,
      rush_price_p95_error_usd: priceCheck.p95Usd,
    };
    const met = judgeTargets(
      [
        atMost("warm_p50_ms", summary.warm_p50_ms, WARM_P50_MAX_MS),
        atMost("warm_p99_ms", summary.warm_p99_ms, WARM_P99_MAX_MS),
        // A warm answer that is not the cache's measures something else.
        equalTo("warm_not_from_cache", summary.warm_not_from_cache, 0),
        atMost("cold_p99_ms", summary.cold_p99_ms, COLD_P99_MAX_MS),
        equalTo("cold_fallbacks", summary.cold_fallbacks, 0),
        atMost("rush_p99_ms", summary.rush_p99_ms, RUSH_P99_MAX_MS),
        atLeast(
          "rush_priced_from_courier_share",
          summary.rush_priced_from_courier_share,
          RUSH_PRICED_FROM_COURIER_MIN_SHARE,
        ),
        atMost("rush_price_mae_usd", figures.rush_price_mae_usd, RUSH_PRICE_MAE_MAX_USD),
        atMost("rush_price_p95_error_usd", figures.rush_price_p95_error_usd, RUSH_PRICE_P95_ERROR_MAX_USD),
        equalTo("non_2xx", summary.non_2xx, 0),
        equalTo("errors", summary.errors, 0),
        atMost("courier_max_rps", summary.courier_max_rps, REQUESTS_PER_SECOND),
        equalTo("courier_429", summary.courier_429, 0),
        atMost("app_peak_rss_mb", summary.app_peak_rss_mb, APP_PEAK_RSS_MAX_MB),
      ],
      info,
    );
    info(JSON.stringify({ ...figures, targets_met: met }));
  } finally {
    rss.stop();
    await server?.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
