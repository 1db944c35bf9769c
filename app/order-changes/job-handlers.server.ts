import type { CourierClient } from "~/courier/client.server";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { withShopifyRetries } from "~/shopify-admin/job-retries.server";
import { runAfterExpiry } from "./after-expiry.server";
import { ORDER_SYNC_JOB, OrderSyncPayload } from "./enqueue-order-sync.server";
import { runOrderSync } from "./sync.server";
import type { DispatchDeps } from "~/dispatch/public.server";
import { AFTER_EXPIRY_JOB, AfterExpiryPayload } from "~/tracking/public";

/** Order changes' jobs: an order's sync with its shipments, and what follows an expiry (a re-dispatch). */
/** `pageToken` as dispatch's (an order's sync runs with the same collaborators as its dispatch). */
export function orderChangeJobHandlers(
  services: JobServices<AdminGraphql, CourierClient>,
  pageToken: NonNullable<DispatchDeps["pageToken"]>,
): JobHandlers {
  return {
    [ORDER_SYNC_JOB]: async (job) => {
      const payload = parsePayload(OrderSyncPayload, job.payload);
      await withShopifyRetries(async () =>
        runOrderSync(
          {
            db: services.db,
            queue: services.queue,
            admin: await services.adminFor(job.shopDomain),
            courier: await services.courierFor(job.shopDomain),
            clock: services.clock,
            pageToken,
          },
          job.shopDomain,
          payload,
        ),
      );
    },
    [AFTER_EXPIRY_JOB]: async (job) => {
      const payload = parsePayload(AfterExpiryPayload, job.payload);
      await withShopifyRetries(() =>
        runAfterExpiry(
          {
            db: services.db,
            queue: services.queue,
            admin: () => services.adminFor(job.shopDomain),
            clock: services.clock,
          },
          payload,
        ),
      );
    },
  };
}
