import { appConfig } from "./config/env.server";
import { courierBaseUrl, createCourierClient, DEFAULT_COURIER_BASE_URLS, type CourierClient } from "./courier/client.server";
import { createInProcessRateLimiter, type CourierRateLimiter } from "./courier/rate-limiter.server";
import type { KeyRing } from "./crypto/secret-box.server";
import { db } from "./db.server";
import { createJobQueue, newWorkerId, type JobQueue } from "./jobs/queue.server";
import { loadCourierToken } from "./shops/courier-credentials.server";

/**
 * The process's collaborators, built once from the configuration: the shell (routes, server, worker)
 * takes them from here and passes them into the service functions, which never build their own.
 */

export const JOB_LEASE_MS = 60_000;

export type CourierForShop = (shopDomain: string) => Promise<CourierClient | null>;

export type Runtime = {
  db: typeof db;
  keys: KeyRing;
  queue: JobQueue;
  clock: () => Date;
  /** One limiter per process: every caller shares the courier's 10 requests per second per token. */
  courierLimiter: CourierRateLimiter;
  /** The shop's courier client (its decrypted token and base URL), or null when none is connected. */
  courierFor: CourierForShop;
};

let runtime: Runtime | undefined;

export function getRuntime(): Runtime {
  if (!runtime) {
    const config = appConfig();
    const clock = () => new Date();
    const keys = config.encryption;
    const courierLimiter = createInProcessRateLimiter();
    const defaults = {
      sandbox: config.courier.sandboxUrl ?? DEFAULT_COURIER_BASE_URLS.sandbox,
      production: config.courier.productionUrl ?? DEFAULT_COURIER_BASE_URLS.production,
    };
    const courierFor: CourierForShop = async (shopDomain) => {
      const shop = await db.shop.findUnique({
        where: { domain: shopDomain },
        select: { courierEnvironment: true, courierBaseUrl: true },
      });
      const token = shop ? await loadCourierToken({ db, keys }, shopDomain) : null;
      if (!shop || !token) return null;
      const environment = shop.courierEnvironment === "production" ? "production" : "sandbox";
      return createCourierClient({
        baseUrl: courierBaseUrl(environment, shop.courierBaseUrl, defaults),
        token,
        limiter: courierLimiter,
        clock,
      });
    };
    runtime = {
      db,
      keys,
      queue: createJobQueue({ db, clock, workerId: newWorkerId(), leaseMs: JOB_LEASE_MS, random: Math.random }),
      clock,
      courierLimiter,
      courierFor,
    };
  }
  return runtime;
}
