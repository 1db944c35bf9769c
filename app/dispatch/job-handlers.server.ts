import type { CourierClient } from "~/courier/client.server";
import { parsePayload, type JobHandlers, type JobServices } from "~/jobs/handlers";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { withShopifyRetries } from "~/shopify-admin/job-retries.server";
import { annotateDispatchedOrder } from "./annotate-job.server";
import { runFulfillmentOrderDispatch } from "./fulfillment-order-job.server";
import {
  ANNOTATE_ORDER_JOB,
  DISPATCH_FULFILLMENT_ORDER_JOB,
  DISPATCH_ORDER_JOB,
  FulfillmentOrderDispatchPayload,
  OrderAnnotationPayload,
  OrderDispatchPayload,
} from "./jobs";
import { runOrderDispatch } from "./order-job.server";
import type { DispatchDeps } from "./plan.server";

/** Dispatch's jobs: a paid order, one fulfillment order's shipment, the order's tags and note. */
/** `pageToken`: the shoppers' page token of a shipment just booked (the server holds the keys). */
export function dispatchJobHandlers(
  services: JobServices<AdminGraphql, CourierClient>,
  pageToken: NonNullable<DispatchDeps["pageToken"]>,
): JobHandlers {
  const dispatchDeps = async (shopDomain: string, needs: { courier: boolean }) => ({
    db: services.db,
    queue: services.queue,
    admin: await services.adminFor(shopDomain),
    courier: needs.courier ? await services.courierFor(shopDomain) : null,
    clock: services.clock,
    pageToken,
  });
  return {
    [DISPATCH_ORDER_JOB]: async (job, context) => {
      const payload = parsePayload(OrderDispatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runOrderDispatch(await dispatchDeps(job.shopDomain, { courier: true }), job.shopDomain, payload, (tx) =>
          context.complete(tx),
        ),
      );
    },
    [DISPATCH_FULFILLMENT_ORDER_JOB]: async (job, context) => {
      const payload = parsePayload(FulfillmentOrderDispatchPayload, job.payload);
      await withShopifyRetries(async () =>
        runFulfillmentOrderDispatch(
          await dispatchDeps(job.shopDomain, { courier: true }),
          job.shopDomain,
          payload,
          (tx) => context.complete(tx),
        ),
      );
    },
    [ANNOTATE_ORDER_JOB]: async (job) => {
      const payload = parsePayload(OrderAnnotationPayload, job.payload);
      await withShopifyRetries(async () =>
        annotateDispatchedOrder(
          { db: services.db, admin: await services.adminFor(job.shopDomain) },
          job.shopDomain,
          payload,
        ),
      );
    },
  };
}
