import type { CourierClient } from "~/courier/client.server";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { SETTLE_SLOT_MOVE_JOB, SettleSlotMovePayload } from "./slot-move-job";
import { settleSlotMove } from "./slot-move-settle.server";

/** The shoppers' changes' job: settling a window move its process never finished (slot-move-job.ts). */
export function trackingPageJobHandlers(services: JobServices<AdminGraphql, CourierClient>): JobHandlers {
  return {
    [SETTLE_SLOT_MOVE_JOB]: async (job) => {
      const payload = parsePayload(SettleSlotMovePayload, job.payload);
      await settleSlotMove(
        {
          db: services.db,
          queue: services.queue,
          courier: await services.courierFor(job.shopDomain),
          clock: services.clock,
        },
        payload.shipmentId,
      );
    },
  };
}
