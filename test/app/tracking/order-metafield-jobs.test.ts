/**
 * The jobs that write an order's delivery metafield (dispatch's annotation, the summary after courier
 * events, a staff cancel or an order change) each read the shipments when they run and then write them. They run one at a time, in the
 * order they were queued: an annotation that read the shipments before a delivery can never write its
 * older summary over the delivered one (the CI failure of customer-redaction.test.ts on PostgreSQL).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { enqueueOrderAnnotation } from "~/dispatch/enqueue-dispatch.server";
import { ANNOTATE_ORDER_JOB } from "~/dispatch/jobs";
import { ORDER_DELIVERY_SUMMARY_JOB, orderDeliverySummaryJob } from "~/tracking/order-annotation-jobs";
import { manualClock, SHOP, testQueue } from "../jobs/support";

const db = createDb(process.env.DATABASE_URL!);
const ORDER = "gid://shopify/Order/1001";
let clock = manualClock();
let queue = testQueue(db, clock.now);

beforeEach(async () => {
  await db.job.deleteMany();
  clock = manualClock();
  queue = testQueue(db, clock.now);
});
afterAll(async () => {
  await db.$disconnect();
});

async function queueAnnotationThenSummary() {
  await db.$transaction((tx) => enqueueOrderAnnotation(queue, { shopDomain: SHOP, orderGid: ORDER }, tx));
  clock.advance(1_000);
  await queue.enqueue(orderDeliverySummaryJob(SHOP, ORDER, "event-9"));
}

describe("the order's metafield jobs", () => {
  it("run one at a time: the summary waits while the annotation runs, then runs after it", async () => {
    await queueAnnotationThenSummary();
    const annotation = await queue.claimNext();
    expect(annotation?.kind).toBe(ANNOTATE_ORDER_JOB);
    expect(await queue.claimNext()).toBeNull();
    await queue.complete(annotation!);
    expect((await queue.claimNext())?.kind).toBe(ORDER_DELIVERY_SUMMARY_JOB);
  });

  it("the summary waits behind an annotation waiting for its retry, so the newest read is written last", async () => {
    await queueAnnotationThenSummary();
    const annotation = await queue.claimNext();
    await queue.fail(annotation!, new Error("Shopify answered 502 (this test's failure)"));
    clock.advance(60_000);
    const order = [];
    for (let job = await queue.claimNext(); job; job = await queue.claimNext()) {
      order.push(job.kind);
      await queue.complete(job);
    }
    expect(order).toEqual([ANNOTATE_ORDER_JOB, ORDER_DELIVERY_SUMMARY_JOB]);
  });

  it("a staff cancel's or an order change's summary (no event id) is queued each time, behind the same key", async () => {
    const first = await queue.enqueue(orderDeliverySummaryJob(SHOP, ORDER));
    const second = await queue.enqueue(orderDeliverySummaryJob(SHOP, ORDER));
    expect(second.id).not.toBe(first.id);
    expect(second.uniqueKey).toBeNull();
    await queueAnnotationThenSummary();
    const kinds = [];
    for (let job = await queue.claimNext(); job; job = await queue.claimNext()) {
      kinds.push(job.kind);
      expect(await queue.claimNext()).toBeNull();
      await queue.complete(job);
    }
    expect(kinds).toEqual([
      ORDER_DELIVERY_SUMMARY_JOB,
      ORDER_DELIVERY_SUMMARY_JOB,
      ANNOTATE_ORDER_JOB,
      ORDER_DELIVERY_SUMMARY_JOB,
    ]);
  });
});
