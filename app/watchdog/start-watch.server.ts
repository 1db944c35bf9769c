import type { Tx } from "~/jobs/queue.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { NoDriverWatchSettings } from "~/settings/no-driver-schema";
import { checkTimes } from "./no-driver-decision";
import { noDriverWatchJob } from "~/tracking/public";

/**
 * Starts the watch of a shipment just created at the courier, in the transaction that stores it: its
 * first look at the earliest of the merchant's times, or now when that time has already come (the
 * pickup is close), so a late dispatch still gets its raise and its "no driver yet".
 */
export async function startNoDriverWatch(
  queue: JobQueue,
  tx: Tx,
  input: {
    shopDomain: string;
    shipment: { id: string; courierShipmentId: string; pickupAfter: Date };
    settings: NoDriverWatchSettings;
    now: Date;
  },
): Promise<void> {
  const first = checkTimes(input.shipment.pickupAfter, input.settings.raiseMinutesBeforePickup)[0];
  if (!first) return;
  const checkAt = first.getTime() > input.now.getTime() ? first : input.now;
  await queue.enqueue(noDriverWatchJob(input.shopDomain, input.shipment, checkAt), tx);
}
