import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";

/**
 * One look of the no-driver watchdog at one shipment (app/watchdog/no-driver-job.server.ts runs it;
 * its kind lives here because tracking starts a new watch after a repost). Each look enqueues the
 * next one it asked for; the unique key (shipment, courier shipment, time) makes a repeated run
 * add nothing. A new dispatch generation is a new shipment row, hence its own chain; a shipment that
 * follows another courier shipment since (a repost) ends the old chain.
 */
export const NO_DRIVER_WATCH_JOB = "watchdog.no-driver";

export const NoDriverWatchPayload = z.object({
  shipmentId: z.string().min(1),
  courierShipmentId: z.string().min(1),
  checkAt: z.iso.datetime(),
});
export type NoDriverWatchPayload = z.infer<typeof NoDriverWatchPayload>;

export function noDriverWatchJob(
  shopDomain: string,
  shipment: { id: string; courierShipmentId: string },
  checkAt: Date,
): EnqueueInput {
  return {
    shopDomain,
    kind: NO_DRIVER_WATCH_JOB,
    payload: {
      shipmentId: shipment.id,
      courierShipmentId: shipment.courierShipmentId,
      checkAt: checkAt.toISOString(),
    } satisfies NoDriverWatchPayload,
    uniqueKey: `no-driver:${shipment.id}:${shipment.courierShipmentId}:${checkAt.getTime()}`,
    runAt: checkAt,
  };
}
