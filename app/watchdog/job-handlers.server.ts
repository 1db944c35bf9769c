import type { CourierClient } from "~/courier/client.server";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { withShopifyRetries } from "~/shopify-admin/job-retries.server";
import { runNoDriverWatch } from "./no-driver-job.server";
import { NO_DRIVER_WATCH_JOB, NoDriverWatchPayload } from "~/tracking/public";

/** The watchdog's job: one look at a shipment no driver has taken yet. */
export function watchdogJobHandlers(services: JobServices<AdminGraphql, CourierClient>): JobHandlers {
  return {
    [NO_DRIVER_WATCH_JOB]: async (job) => {
      const payload = parsePayload(NoDriverWatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runNoDriverWatch(
          {
            db: services.db,
            queue: services.queue,
            courier: await services.courierFor(job.shopDomain),
            admin: () => services.adminFor(job.shopDomain),
            clock: services.clock,
          },
          job.shopDomain,
          payload,
        ),
      );
    },
  };
}
