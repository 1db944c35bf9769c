import { appConfig } from "./config/env.server";
import { courierBaseUrl, courierUrlsFromConfig, type CourierUrls } from "./courier/base-url";
import { createCourierClient } from "./courier/client.server";
import { createGuardedFetch } from "./courier/guarded-fetch.server";
import { DEFAULT_TIMEOUT_MS } from "./courier/request.server";
import type { CourierRateLimiter } from "./courier/rate-limit-policy";
import { createInProcessRateLimiter } from "./courier/rate-limiter.server";
import { createSharedRateLimiter } from "./courier/shared-rate-limiter.server";
import type { KeyRing } from "./crypto/secret-box.server";
import { createDb, type Db } from "./db/client.server";
import { db } from "./db.server";
import { databaseProviderOf } from "./db/provider";
import { createJobQueue, newWorkerId, type JobQueue } from "./jobs/queue.server";
import { componentLogger } from "./logging/logger.server";
import { createEstimateCache } from "./quote/estimate-cache.server";
import { createQuoteMemory } from "./quote/quote-memory.server";
import { createQuoteFunnel } from "./quote/quote-funnel.server";
import { createPostalCentroids } from "./quote/postal-centroids.server";
import { createPriceMemory } from "./quote/price-memory";
import type { QuoteDeps } from "./quote/quote.server";
import { loadQuoteShop } from "./quote/quote-shop.server";
import { sharedPlaceCounts, type QuoteLogger } from "./quote/offered-windows.server";
import { createTtlLoader } from "./quote/ttl-loader.server";
import { takenPlaces } from "./schedule/slot-reservations.server";
import { loadCourierToken, webhookCredentialsForPath } from "./shops/courier-credentials.server";
import type { CourierForShop } from "./shops/courier-for-shop.server";
import { createEventIntake } from "./tracking/intake.server";
import { WEBHOOK_CREDENTIALS_TTL_MS, type ReceiveDeps } from "./tracking/courier-webhook.server";

/**
 * The process's collaborators, built once from the configuration: the shell (routes, server, worker)
 * takes them from here and passes them into the service functions, which never build their own.
 */

/**
 * A running job's lease; the worker renews it every third of it (worker.server.ts) while the job
 * runs, so only a stopped instance's jobs outlive it, and another instance takes them over after
 * at most this plus a sweep (a tenth of it). 60 s kept a killed instance's orders waiting a minute
 * (bench:tenants, issue 37). A job that runs twice after a lost lease books nothing twice: the
 * courier refuses a second create with the same idempotency key (409, adopted) and the shipment row
 * is written with the job's completion, which the lease fences.
 */
export const JOB_LEASE_MS = 10_000;
/**
 * Checkout reads a shop's settings and builds its courier client at most this often: a settings
 * change or a new courier token reaches checkout within this time.
 */
export const QUOTE_SHOP_TTL_MS = 5_000;
/** Most shops whose settings, courier client or webhook credentials a process keeps at once. */
export const SHOPS_KEPT = 10_000;
/**
 * Both limiters count each request's window from its answer (holdUntilReleaseMs), when the courier
 * has certainly counted it: counting from the grant let a loaded server reach the courier at 12 per
 * second (bench:dispatch) even with a 250 ms margin, and capped dispatch at 8 per second. Counted from
 * the answer, the courier saw the request earlier, so no margin is needed for the request's own
 * travel: in process the margin only covers timer granularity; shared, each instance decides by its
 * own clock, so it covers the clock differences between instances (NTP keeps them within a few ms).
 * A 250 ms margin there made the window 1.25 s and a token's ceiling 8 a second (issue 37).
 */
export const COURIER_LIMIT_RELEASE_MARGIN_MS = 5;
export const COURIER_LIMIT_SAFETY_MARGIN_MS = 25;

export type Runtime = {
  db: Db;
  keys: KeyRing;
  queue: JobQueue;
  clock: () => Date;
  /** The courier's 10 requests per second per token, shared by every caller (on PostgreSQL: by every instance). */
  courierLimiter: CourierRateLimiter;
  /** The shop's courier client (its decrypted token and base URL), or null when none is connected. */
  courierFor: CourierForShop;
  /** The app's courier base URLs and the policy a shop's own URL is held to. */
  courierUrls: CourierUrls;
  /** The fetch every courier client uses: allowed hosts only, every resolved address checked at connection. */
  courierFetch: typeof fetch;
  /** The checkout quote flow's collaborators: its estimate cache and quote memory live as long as the process. */
  quote: QuoteDeps;
  /** The courier webhook receiver's collaborators: kept credentials and the batching event intake. */
  courierWebhooks: ReceiveDeps;
};

/** Reason codes only: the quote flow never passes customer data to its logger. */
const quoteLogger: QuoteLogger = componentLogger("quote");

let runtime: Runtime | undefined;
let workerRuntime: Runtime | undefined;

/** The collaborators of requests (routes, the server's fast paths): on the process's client `db`. */
export function getRuntime(): Runtime {
  return (runtime ??= buildRuntime(db));
}

/**
 * The job worker's collaborators. On PostgreSQL they have a client (and connection pool) of their own:
 * on the one pool, webhook acknowledgements waited for connections held by the worker's transactions
 * and courier limiter (bench:tenants, PostgreSQL noisy neighbour: ack p99 2.2 s while the app's event
 * loop was idle, issue 37). Each instance then opens up to twice the pool size. On SQLite the one
 * connection is shared (sqlite-connection.server.ts): the same runtime.
 */
export function getWorkerRuntime(): Runtime {
  if (databaseProviderOf(appConfig().databaseUrl) !== "postgresql") return getRuntime();
  return (workerRuntime ??= buildRuntime(createDb(appConfig().databaseUrl)));
}

function buildRuntime(db: Db): Runtime {
  const config = appConfig();
  const clock = () => new Date();
  const keys = config.encryption;
  // PostgreSQL means several instances may share the work: the courier's per-token limit is then
  // held through the database (every instance together); SQLite means one instance, in process.
  const courierLimiter =
    databaseProviderOf(config.databaseUrl) === "postgresql"
      ? createSharedRateLimiter({
          db,
          safetyMarginMs: COURIER_LIMIT_SAFETY_MARGIN_MS,
          holdUntilReleaseMs: DEFAULT_TIMEOUT_MS,
        })
      : createInProcessRateLimiter({
          safetyMarginMs: COURIER_LIMIT_RELEASE_MARGIN_MS,
          holdUntilReleaseMs: DEFAULT_TIMEOUT_MS,
        });
  const courierUrls = courierUrlsFromConfig(config);
  const courierFetch = createGuardedFetch(courierUrls.policy);
  const courierFor: CourierForShop = async (shopDomain) => {
    const shop = await db.shop.findUnique({
      where: { domain: shopDomain },
      select: { courierEnvironment: true, courierBaseUrl: true },
    });
    const token = shop ? await loadCourierToken({ db, keys }, shopDomain) : null;
    if (!shop || !token) return null;
    const environment = shop.courierEnvironment === "production" ? "production" : "sandbox";
    return createCourierClient({
      baseUrl: courierBaseUrl(environment, shop.courierBaseUrl, courierUrls.defaults),
      token,
      limiter: courierLimiter,
      clock,
      fetch: courierFetch,
    });
  };
  const queue = createJobQueue({ db, clock, workerId: newWorkerId(), leaseMs: JOB_LEASE_MS, random: Math.random });
  return {
    db,
    keys,
    queue,
    clock,
    courierLimiter,
    courierFor,
    courierUrls,
    courierFetch,
    quote: {
      clock,
      shopFor: createTtlLoader({
        clock,
        ttlMs: QUOTE_SHOP_TTL_MS,
        maxEntries: SHOPS_KEPT,
        load: (shop) => loadQuoteShop(db, shop),
      }).get,
      courierFor: createTtlLoader({ clock, ttlMs: QUOTE_SHOP_TTL_MS, maxEntries: SHOPS_KEPT, load: courierFor }).get,
      estimates: createEstimateCache({ clock }),
      prices: createPriceMemory({ clock }),
      centroids: createPostalCentroids(),
      memory: createQuoteMemory({ db, clock }),
      takenPlaces: sharedPlaceCounts((shop, slotKeys) => takenPlaces(db, shop, slotKeys), {
        clock,
        maxEntries: SHOPS_KEPT,
      }),
      logger: quoteLogger,
      funnel: createQuoteFunnel({ db }),
    },
    courierWebhooks: {
      credentials: createTtlLoader({
        clock,
        ttlMs: WEBHOOK_CREDENTIALS_TTL_MS,
        maxEntries: SHOPS_KEPT,
        load: (pathId) => webhookCredentialsForPath({ db, keys, clock }, pathId),
      }),
      intake: createEventIntake({ db, queue }),
      clock,
    },
  };
}
