/**
 * A side effect never blocks the state. Here Shopify Flow is down for good: every call of the
 * trigger sender throws. Shopify's orders/paid sample (ids above 2^53) still goes all the way: the
 * shipment is delivered with its photo and the driver can be rated; an expiry is applied and its
 * re-dispatch offered; a courier's repost takes over and is delivered. The triggers' own jobs fail,
 * are retried on their own, and once they die staff see them on the shipment.
 */
import { describe, expect, it, vi } from "vitest";
import { startWorker, timerSleep } from "~/jobs/worker.server";
import type * as FlowTriggers from "~/shopify-admin/flow-triggers.server";
import { componentLogger } from "~/logging/logger.server";
import { jobHandlers } from "~/server/job-handlers.server";
import { shipmentDeadJobs } from "~/staff/dead-jobs.server";
import { staffDeps } from "~/server/staff-http.server";
import { rateDriver } from "~/staff/tip-rate.server";
import { AFTER_EXPIRY_ACTIVITY } from "~/shipments/activity-kinds";
import { SEND_FLOW_TRIGGER_JOB } from "~/tracking/jobs";
import { adminFor, INSTALLED_SHOP, jobsIdle } from "../../support/installed-shop";
import { sampleOrderHarness } from "./sample-order-harness";

const sendFlowTrigger = vi.hoisted(() =>
  vi.fn(async () => {
    throw new Error("Shopify Flow is unavailable (this test's stand-in for an outage)");
  }),
);
vi.mock("~/shopify-admin/flow-triggers.server", async (importOriginal) => ({
  ...(await importOriginal<typeof FlowTriggers>()),
  sendFlowTrigger,
}));

const h = sampleOrderHarness("sandbox-token-side-effects", {
  imageCapture: { signature: false, pickup: false, delivery: true },
  extraEvents: true,
});
const staff = { userId: "gid://shopify/StaffMember/1", name: "Dana" };

/** The trigger jobs: none done, every attempt so far failed with the sender's error. */
async function triggerJobsFailing(expected: number) {
  const jobs = await h.db.job.findMany({ where: { kind: SEND_FLOW_TRIGGER_JOB } });
  expect(jobs).toHaveLength(expected);
  for (const job of jobs) {
    expect(job.state).toBe("queued");
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    expect(job.lastError).toContain("Shopify Flow is unavailable");
  }
  expect(sendFlowTrigger).toHaveBeenCalled();
  for (const result of sendFlowTrigger.mock.settledResults) expect(result.type).toBe("rejected");
}

describe("Flow down: the state goes on, the triggers wait on their own", () => {
  it("delivered with its photo, the driver can be rated, and the dead triggers are shown on the shipment", async () => {
    const shipment = await h.dispatchSample();
    await h.deliverEvents(h.runToTheEnd(shipment.courierShipmentId!));
    await h.runWaitingJobs();

    const row = await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row).toMatchObject({ state: "delivered", needsAttention: false });
    expect(JSON.parse(row.photosJson ?? "[]")).not.toHaveLength(0);
    expect(h.order().fulfillments[0]!.events.map((e) => e.status)).toContain("DELIVERED");
    expect(JSON.parse(h.order().metafields.find((m) => m.key === "delivery")!.value).shipments[0]).toMatchObject({
      state: "delivered",
    });
    await triggerJobsFailing(1);
    expect(h.flowTriggers()).toEqual([]);

    // The first rating is allowed: the delivery has ended, whatever Flow does.
    const view = await rateDriver(staffDeps(), {
      shopDomain: INSTALLED_SHOP,
      shipmentId: shipment.id,
      request: { value: 5 },
      staff,
    });
    expect(view).toBeDefined();
    expect((await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).rating).toBe(5);

    // Its last attempt fails too: the job dies, and staff see it on the shipment.
    await h.db.job.updateMany({
      where: { kind: SEND_FLOW_TRIGGER_JOB },
      data: { attempts: 7, maxAttempts: 8, runAt: new Date() },
    });
    const deaths: string[] = [];
    const worker = startWorker({
      queue: h.runtime.queue,
      handlers: jobHandlers(h.runtime, adminFor),
      concurrency: 1,
      pollIntervalMs: 5,
      clock: h.runtime.clock,
      sleep: timerSleep,
      // The worker reports a dead job at error level; here that is the expected outcome, counted.
      logger: { ...componentLogger("jobs"), info: () => {}, error: (message: string) => void deaths.push(message) },
    });
    expect(await jobsIdle(h.runtime, 10_000)).toBe(true);
    await worker.stop();
    expect(deaths).toEqual(["Job is dead: it will not be retried until staff retry it"]);
    const dead = await shipmentDeadJobs(h.runtime.queue, INSTALLED_SHOP, row);
    expect(dead.map((d) => [d.label, d.lastError])).toEqual([
      ["Starting the shop's Shopify Flow workflows", expect.stringContaining("Shopify Flow is unavailable")],
    ]);
    expect((await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).state).toBe("delivered");
  });

  it("an expiry is applied and its re-dispatch offered", async () => {
    const shipment = await h.dispatchSample();
    await h.deliverEvents(h.expire(shipment.courierShipmentId!, false));
    await h.runWaitingJobs();

    expect(await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({
      state: "canceled",
      needsAttention: true,
      attentionCode: "expired",
    });
    expect(h.order().tags).toContain("same-day-attention");
    const timeline = await h.db.shipmentActivity.findMany({ where: { shipmentId: shipment.id } });
    expect(timeline.map((a) => a.kind)).toContain(AFTER_EXPIRY_ACTIVITY.offered);
    await triggerJobsFailing(2);
  });

  it("a repost takes over: the new tracking number on the fulfillment, then delivered", async () => {
    const shipment = await h.dispatchSample();
    const events = h.expire(shipment.courierShipmentId!, true);
    const newId = String(events.find((e) => e.event === "shipment.reposted")!.data.id);
    await h.deliverEvents(events);
    await h.runWaitingJobs();
    const reposted = await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(reposted).toMatchObject({ state: "scheduled", courierShipmentId: newId, needsAttention: false });
    expect(reposted.trackingNumber).toBe(h.sandbox().shipment(newId)!.trackingNumber);

    await h.deliverEvents(h.runToTheEnd(newId));
    await h.runWaitingJobs();
    const row = await h.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } });
    expect(row.state).toBe("delivered");
    const fulfillments = h.order().fulfillments;
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]!.trackingInfo.map((t) => t.number)).toEqual([row.trackingNumber]);
    // The expiry's triggers were dropped when the repost took over; the delivery's waits for Flow.
    const jobs = await h.db.job.findMany({ where: { kind: SEND_FLOW_TRIGGER_JOB }, orderBy: { createdAt: "asc" } });
    expect(jobs.map((j) => j.state).sort()).toEqual(["done", "done", "queued"]);
    expect(h.flowTriggers()).toEqual([]);
  });
});
