import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { DeadJob, JobQueue } from "~/jobs/queue.server";
import { STAFF_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { invalidInput, StaffActionError } from "./errors";
import { ANNOTATE_ORDER_JOB, DISPATCH_FULFILLMENT_ORDER_JOB, DISPATCH_ORDER_JOB } from "~/dispatch/public";
import { orderAnnotationKey } from "~/dispatch/public.server";
import {
  AFTER_EXPIRY_JOB,
  APPLY_EVENTS_JOB,
  SEND_FLOW_TRIGGER_JOB,
  ORDER_ATTENTION_TAG_JOB,
  ORDER_DELIVERY_SUMMARY_JOB,
  NO_DRIVER_WATCH_JOB,
  REVERSE_DELIVERY_TRACKING_JOB,
  REDELIVERY_TRACKING_JOB,
} from "~/tracking/public";
import { RECONCILE_JOB } from "~/tracking/public.server";

/** Background work that gave up (dead jobs), as staff see it, and putting it back in the queue. */

const JOB_KIND_LABELS: Record<string, string> = {
  [DISPATCH_ORDER_JOB]: "Dispatching the order",
  [DISPATCH_FULFILLMENT_ORDER_JOB]: "Booking the courier shipment",
  [ANNOTATE_ORDER_JOB]: "Tagging the order and saving its delivery status",
  [APPLY_EVENTS_JOB]: "Applying courier updates to the order",
  [RECONCILE_JOB]: "Checking shipments with the courier",
  [SEND_FLOW_TRIGGER_JOB]: "Starting the shop's Shopify Flow workflows",
  [AFTER_EXPIRY_JOB]: "Offering or sending again a delivery that expired",
  [ORDER_ATTENTION_TAG_JOB]: "Tagging the order for attention (or removing the tag)",
  [ORDER_DELIVERY_SUMMARY_JOB]: "Saving the delivery status on the order",
  [NO_DRIVER_WATCH_JOB]: "Raising a driver's pay while no driver takes the delivery",
  [REVERSE_DELIVERY_TRACKING_JOB]: "Putting a reposted return collection's tracking number on the return",
  [REDELIVERY_TRACKING_JOB]: "Putting a re-delivery's tracking number on the order's fulfillment",
};

export function jobKindLabel(kind: string): string {
  return JOB_KIND_LABELS[kind] ?? kind.replace(/[._-]+/g, " ");
}

export type DeadJobView = {
  id: string;
  label: string;
  lastError: string | null;
  attempts: number;
  failedAt: string | null;
};

export function toDeadJobView(job: DeadJob): DeadJobView {
  return {
    id: job.id,
    label: jobKindLabel(job.kind),
    lastError: job.lastError,
    attempts: job.attempts,
    failedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The ordering keys of the work done for one shipment: its order, its fulfillment order, its events, its order's annotations. */
export function shipmentJobKeys(
  shopDomain: string,
  shipment: { id: string; orderGid: string; fulfillmentOrderGid: string },
): string[] {
  return [
    `order:${shopDomain}:${shipment.orderGid}`,
    `fulfillment-order:${shopDomain}:${shipment.fulfillmentOrderGid}`,
    `shipment:${shipment.id}`,
    orderAnnotationKey(shopDomain, shipment.orderGid),
    `order-tag:${shopDomain}:${shipment.orderGid}`,
    // Summary jobs queued before they shared the annotation's key.
    `order-summary:${shopDomain}:${shipment.orderGid}`,
  ];
}

export async function shopDeadJobs(queue: JobQueue, shopDomain: string): Promise<DeadJobView[]> {
  return (await queue.listDead({ shopDomain })).map(toDeadJobView);
}

export async function shipmentDeadJobs(
  queue: JobQueue,
  shopDomain: string,
  shipment: { id: string; orderGid: string; fulfillmentOrderGid: string },
): Promise<DeadJobView[]> {
  const keys = new Set(shipmentJobKeys(shopDomain, shipment));
  const dead = await queue.listDead({ shopDomain, limit: 200 });
  // A Flow trigger's job has no ordering key; its unique key names the shipment (app/tracking/flow-triggers.ts).
  const isShipmentsTrigger = (job: DeadJob) =>
    job.kind === SEND_FLOW_TRIGGER_JOB && (job.uniqueKey ?? "").split(":")[2] === shipment.id;
  return dead
    .filter((job) => (job.orderingKey !== null && keys.has(job.orderingKey)) || isShipmentsTrigger(job))
    .map(toDeadJobView);
}

export const JobIdInput = z.object({
  jobId: z.string({ error: "Choose a job to retry." }).regex(/^[A-Za-z0-9_-]{1,64}$/, "This is not a job id."),
});

/**
 * Puts one of the shop's dead jobs back in the queue (attempts reset). Another shop's job, or one
 * that is no longer dead, is refused. With a shipment, the retry is noted on its timeline.
 */
export async function retryDeadJob(
  deps: { db: Db; queue: JobQueue; clock: () => Date },
  input: { shopDomain: string; jobId: string; shipmentId?: string; staff: StaffActor },
): Promise<void> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(input.jobId)) throw invalidInput({ jobId: "This is not a job id." });
  const job = await deps.db.job.findFirst({
    where: { id: input.jobId, shopDomain: input.shopDomain },
    select: { kind: true },
  });
  if (!job) throw new StaffActionError(404, "This background task was not found in your store.");
  const retried = await deps.queue.retryDead(input.jobId, { shopDomain: input.shopDomain });
  if (!retried)
    throw new StaffActionError(409, "This task is no longer failed: it was already retried or has finished.");
  const at = deps.clock();
  if (input.shipmentId) {
    await recordOnShipment(deps.db, {
      shipmentId: input.shipmentId,
      at,
      entry: { kind: STAFF_ACTIVITY.retryJob, message: `Staff retried: ${jobKindLabel(job.kind)}.` },
    });
  }
  await recordStaffAction(deps.db, {
    shop: { domain: input.shopDomain },
    shipmentId: input.shipmentId ?? null,
    action: STAFF_ACTIONS.retryJob,
    detail: `Retried a failed task: ${jobKindLabel(job.kind)}.`,
    staff: input.staff,
    at,
  });
}
