/**
 * The tracking half of a scenario: the courier sandbox runs a set of shops' shipments to their end
 * (the events they emit are the truth), the events are posted to the shops' receiver URLs as the
 * courier does (repeated until accepted; a share sent twice; shuffled within each shipment), and the
 * app is given time to apply them all.
 */
import { APPLY_EVENTS_JOB, SEND_FLOW_TRIGGER_JOB } from "~/tracking/jobs";
import { authHeaders } from "../courier-sandbox/webhook-sender";
import { postingOrder, type Planned, type Posting } from "../bench/event-posting";
import type { PreparedRequest, SeededShop } from "../bench/harness";
import { unfinishedJobs, waitForApp, type ChaosContext } from "./context";

/** Event times as bench:events sets them: each shipment a step every 15–20 s, in the last few minutes. */
const EVENT_TIMING = { pastMs: 6 * 60_000, spreadMs: 60_000, stepMs: 15_000, jitterMs: 5_000 };

/** Runs every not yet finished sandbox shipment to its end; returns those of `shops` with their events. */
export async function planEvents(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<Planned[]> {
  const owners = new Map<string, { shop: SeededShop; gid: string }>();
  for (const shop of shops)
    for (const order of shop.orders)
      owners.set(order.fulfillmentOrderGid.split("/").pop()!, { shop, gid: order.fulfillmentOrderGid });
  const summaries = new Map((await ctx.courier.shipments()).map((s) => [String(s.id), s]));
  const generated = await ctx.courier.generateEvents({
    startAtMs: Date.now() - EVENT_TIMING.pastMs,
    spreadMs: EVENT_TIMING.spreadMs,
    stepMs: EVENT_TIMING.stepMs,
    jitterMs: EVENT_TIMING.jitterMs,
    seed: Math.floor(ctx.random() * 2 ** 31),
  });
  const planned: Planned[] = [];
  for (const shipment of generated) {
    const owner = owners.get(summaries.get(shipment.courierId)?.fulfillmentOrderLegacyId ?? "");
    if (owner && shipment.events.length > 0)
      planned.push({ shipment, shop: owner.shop, fulfillmentOrderGid: owner.gid });
  }
  return planned;
}

export function eventPostings(ctx: ChaosContext, planned: readonly Planned[], duplicateShare: number): Posting[] {
  return postingOrder(planned, ctx.random, duplicateShare);
}

export function eventRequests(postings: readonly Posting[]): PreparedRequest[] {
  return postings.map(({ shop, event }) => ({
    path: shop.webhookPath,
    headers: { "content-type": "application/json", "user-agent": "courier-chaos", ...authHeaders(shop.webhookAuth) },
    body: JSON.stringify(event),
  }));
}

/** Waits until every stored event of these shipments is applied and no tracking job is left. */
export function waitApplied(ctx: ChaosContext, planned: readonly Planned[], limitMs: number) {
  // By shop, not by a list of ids: SQLite takes at most 999 parameters in one query.
  const domains = [...new Set(planned.map((p) => p.shop.domain))];
  return waitForApp(ctx, "events applied", limitMs, async () => {
    const waiting = await ctx.db.courierEvent.count({
      where: { appliedAt: null, shipment: { shop: { domain: { in: domains } } } },
    });
    const jobs = await unfinishedJobs(ctx.db, [APPLY_EVENTS_JOB, SEND_FLOW_TRIGGER_JOB]);
    return { done: waiting === 0 && jobs === 0, status: `${waiting} events not applied, ${jobs} tracking jobs left` };
  });
}
