/**
 * The production server: `npm start` runs the built form of this file (remix.config.js `server`).
 * One node:http server for the Remix app (@remix-run/node's handler, node-adapter.server.ts) and its
 * static assets (serve-static); express with @remix-run/express was measured and was no faster
 * (README, Decisions, 2026-11-25). The job worker runs in the same process unless
 * WORKER_ENABLED=false; SIGTERM/SIGINT drain both before exit.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import { appConfig } from "~/config/env.server";
import { db } from "~/db.server";
import { databaseProviderOf } from "~/db/provider";
import { DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "~/dispatch/jobs";
import { checkpointWriteAheadLog, useWriteAheadLog, WAL_CHECKPOINT_INTERVAL_MS } from "~/db/journal.server";
import { deleteFinishedJobs } from "~/jobs/retention.server";
import { startWorker, timerSleep, type Worker } from "~/jobs/worker.server";
import { componentLogger } from "~/logging/logger.server";
import { getRuntime, getWorkerRuntime } from "~/runtime.server";
import { unauthenticated } from "~/shopify.server";
import { pruneExpiredQuotes } from "~/quote/quote-memory.server";
import { FUNNEL_FLUSH_INTERVAL_MS } from "~/quote/quote-funnel.server";
import { RECONCILE_INTERVAL_MS, scheduleReconciliation } from "~/tracking/reconcile.server";
import { answerRateCallbackRequest, isRateCallback } from "./carrier-rates.server";
import { answerCourierWebhook, courierWebhookPathOf } from "./courier-webhooks.server";
import { jobHandlers } from "./job-handlers.server";
import { createCrossSitePostGuard } from "./cross-site-posts.server";
import { countWhenAnswered, createRequestLoad, workerPaceFor } from "./request-load.server";
import {
  declaredBodyTooLarge,
  isBodyTooLarge,
  releaseUnreadBody,
  sendFetchResponse,
  toFetchRequest,
} from "./node-adapter.server";
import { resealStoredSecrets } from "./reseal-secrets.server";
import { answerWebhookAction, shopifyWebhookActions } from "./shopify-webhook-routes.server";
import { createStaticFiles } from "./static-files.server";

const config = appConfig();
const WORKER_POLL_MS = 500;
/** Dispatch jobs of one shop running at once per instance (its courier token's calls in flight). */
// bench:tenants: with 3 a big shop's token did 6.2 creates a second (each job ~0.5 s: a Shopify read, the courier, the row).
const COURIER_CALLS_IN_FLIGHT_PER_SHOP = 5;
const log = componentLogger("server");
const publicDir = path.resolve(process.cwd(), "public");
const handleRequest = createRequestHandler(build, config.nodeEnv === "development" ? "development" : "production");
const crossSitePostRefusal = createCrossSitePostGuard(build);
const webhookActions = shopifyWebhookActions(build.routes);

/** Work (accepted posts) answered lately: how much the worker in this process holds back (workerPaceFor). */
const requestLoad = createRequestLoad();

const staticFiles = createStaticFiles(publicDir);

const server = createServer((req, res) => {
  countWhenAnswered(requestLoad, req, res);
  if (req.method !== "GET" && req.method !== "HEAD") void answer(req, res);
  else staticFiles(req, res, (error) => (error === undefined ? void answer(req, res) : fail(res, error)));
});

/** Everything that is not a public file: the body-size limit, checkout's rate requests, courier events, Shopify's webhooks, then Remix. */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    if (declaredBodyTooLarge(req)) {
      releaseUnreadBody(req, res);
      res.writeHead(413, { "Content-Type": "application/json" }).end('{"error":"Request body too large"}');
      return;
    }
    const pathname = new URL(req.url ?? "/", "http://local").pathname;
    if (isRateCallback(req.method, pathname)) {
      await answerRateCallbackRequest(getRuntime().quote, config.shopify.apiSecret, req, res);
      return;
    }
    const courierWebhookPath = courierWebhookPathOf(req.method, pathname);
    if (courierWebhookPath !== null) {
      await answerCourierWebhook(getRuntime().courierWebhooks, req, res, courierWebhookPath);
      return;
    }
    const webhookAction = req.method === "POST" ? webhookActions.get(pathname) : undefined;
    if (webhookAction) {
      await sendFetchResponse(
        res,
        await answerWebhookAction(webhookAction, toFetchRequest(req, res, config.shopify.appUrl)),
      );
      return;
    }
    const request = toFetchRequest(req, res, config.shopify.appUrl);
    // The connection's address: the tracking page's per-client limit when no proxy names the client.
    const response =
      crossSitePostRefusal(request) ?? (await handleRequest(request, { remoteAddress: req.socket.remoteAddress }));
    await sendFetchResponse(res, response);
  } catch (error) {
    fail(res, error);
  }
}

function fail(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const tooLarge = isBodyTooLarge(error);
  if (!tooLarge) log.error("Unhandled request error", { err: error });
  releaseUnreadBody(res.req, res);
  res.writeHead(tooLarge ? 413 : 500, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: tooLarge ? "Request body too large" : "Internal error" }));
}

server.keepAliveTimeout = 65_000;
// Node's defaults let a client trickle a request's headers for 60 s and its body for 300 s, holding a
// connection all that time; every body here is small (the size limits), so 20 s and 30 s are plenty.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;
const walCheckpoints =
  (await useWriteAheadLog(db)) === "wal"
    ? setInterval(() => {
        checkpointWriteAheadLog(db).catch((error: unknown) => log.warn("WAL checkpoint failed", { err: error }));
      }, WAL_CHECKPOINT_INTERVAL_MS)
    : null;
if (!config.workerOnly) {
  server.listen(config.port, config.host, () => {
    log.info(`App server listening on ${config.host}:${config.port} (${config.shopify.appUrl})`);
  });
}

// Measured (bench:dispatch with a worker process beside the web process): their writes to one SQLite
// file fail with "database is locked" within seconds, however often they are repeated.
if (databaseProviderOf(config.databaseUrl) === "sqlite" && (config.workerOnly || !config.workerEnabled)) {
  log.warn(
    "SQLite: run the worker inside the one web process (WORKER_ENABLED=true, no `npm run worker` beside it); separate web and worker processes need PostgreSQL.",
  );
}

// After a key rotation: everything sealed under a previous key, sealed again (reseal-secrets.server.ts).
if (config.encryption.keys.size > 1) {
  const runtime = getRuntime();
  resealStoredSecrets({ db: runtime.db, keys: runtime.keys })
    .then((report) => {
      const line = `Sealed values re-encrypted under key ${config.encryption.currentKeyId}: ${report.resealed}; unreadable: ${report.unreadable}`;
      if (report.unreadable > 0) log.warn(line);
      else log.info(line);
    })
    .catch((error: unknown) => log.warn("Re-encrypting sealed values failed", { err: error }));
}

if (config.courier.allowLoopback) {
  log.warn(
    "COURIER_ALLOW_LOOPBACK is on: courier calls may go to loopback (127.0.0.1, ::1) over plain HTTP. This is for the local courier sandbox only; never set it in production.",
  );
}

let worker: Worker | null = null;
if (config.workerEnabled || config.workerOnly) {
  // On PostgreSQL its own client and pool, so that answering requests never waits for the worker's connections.
  const runtime = getWorkerRuntime();
  worker = startWorker({
    queue: runtime.queue,
    handlers: jobHandlers(runtime, async (shop) => (await unauthenticated.admin(shop)).admin),
    concurrency: config.workerConcurrency,
    // The jobs that call the courier: a fulfillment order's, and an order's (it books an order with one fulfillment order itself).
    preferredKinds: [DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB],
    // Three quarters of the slots: enough waiting at the courier's limit that none of its seconds
    // goes unused, while the orders that feed them, tracking and annotations keep the rest.
    preferredMaxRunning: Math.max(1, Math.ceil((config.workerConcurrency * 3) / 4)),
    // Each shop's courier token takes 10 a second: a few calls in flight keep it busy, more would
    // only wait at its limiter holding slots that other shops' dispatch needs (issue 37).
    preferredMaxRunningPerShop: COURIER_CALLS_IN_FLIGHT_PER_SHOP,
    pace: () => workerPaceFor(requestLoad.perSecond()),
    pollIntervalMs: WORKER_POLL_MS,
    clock: runtime.clock,
    sleep: timerSleep,
    logger: componentLogger("jobs"),
  });
  log.info(`Job worker started (${runtime.queue.workerId})`);
}

// Periodic upkeep. Every instance asks; the queue's unique key makes it one reconciliation per
// shop and interval, and pruning expired quotes or finished jobs twice is harmless.
const reconciliationTimer = worker
  ? setInterval(() => {
      const runtime = getRuntime();
      const warn = (what: string) => (error: unknown) => log.warn(`${what} failed`, { err: error });
      scheduleReconciliation(runtime).catch(warn("Scheduling reconciliation"));
      pruneExpiredQuotes(runtime.db, runtime.clock()).catch(warn("Pruning expired quotes"));
      deleteFinishedJobs(runtime.db, runtime.clock()).catch(warn("Deleting finished jobs"));
    }, RECONCILE_INTERVAL_MS)
  : null;

// The quote funnel's counts, held in memory by checkout's answers, added to the database in batches.
const flushQuoteFunnel = () =>
  getRuntime()
    .quote.funnel?.flush()
    .catch((error: unknown) => log.warn("Writing the quote funnel failed", { err: error }));
const funnelTimer = config.workerOnly ? null : setInterval(() => void flushQuoteFunnel(), FUNNEL_FLUSH_INTERVAL_MS);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: draining requests and running jobs`);
  if (reconciliationTimer) clearInterval(reconciliationTimer);
  if (walCheckpoints) clearInterval(walCheckpoints);
  server.close();
  server.closeIdleConnections();
  await worker?.stop();
  if (funnelTimer) clearInterval(funnelTimer);
  await flushQuoteFunnel();
  await db.$disconnect();
  if (worker && getWorkerRuntime().db !== db) await getWorkerRuntime().db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
