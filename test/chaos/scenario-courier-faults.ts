/**
 * Courier faults: while a set of shops' orders are dispatched and their deliveries tracked, the
 * courier answers 20 % of requests 500 before doing anything and 10 % 500 after doing it (a lost
 * answer: the shipment exists, the app does not know), every 5–15 s a 429 storm with Retry-After
 * hits the next requests, and 5 % of requests take 2 s longer. Nothing may be lost or made twice,
 * and the app must stay under 10 requests a second per token and honour every Retry-After.
 */
import type { SeededShop } from "../bench/harness";
import { everyFewSeconds, type ChaosContext, type ScenarioResult } from "./context";
import { deliverUntilAccepted } from "./deliveries";
import { sendPaidOrders, waitDispatched } from "./dispatch-phase";
import { dispatchOutcome, trackingOutcome } from "./outcomes";
import { eventPostings, eventRequests, planEvents, waitApplied } from "./tracking-phase";

export const COURIER_FAULTS = {
  errorRate: 0.2,
  errorStatuses: [500],
  // Drawn only for the 80 % that got through: 0.125 of those is 10 % of all requests.
  lostAnswerRate: 0.125,
  latencySpikeRate: 0.05,
  latencySpikeMs: 2_000,
};
export const STORM = { count: 5, retryAfterS: 2 };

function difference(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]));
}
const PAID_PER_SECOND = 20;
const LIMIT_MS = 8 * 60_000;

export async function courierFaultsScenario(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<ScenarioResult> {
  ctx.say(
    `Scenario: courier faults — ${shops.reduce((n, s) => n + s.orders.length, 0)} orders of ${shops.length} shops; 20 % 500 before, 10 % 500 after (lost answers), 429 storms (${STORM.count} × Retry-After ${STORM.retryAfterS} s), 5 % of requests 2 s slower`,
  );
  const before = await ctx.courier.stats();
  // The first storm at once (a small run's dispatch may be over before the first interval).
  await ctx.courier.setFaults({ ...COURIER_FAULTS, throttleStorm: STORM });
  const storms = everyFewSeconds(ctx, () => ctx.courier.setFaults({ throttleStorm: STORM }));
  try {
    const paid = await sendPaidOrders(ctx, shops, PAID_PER_SECOND, LIMIT_MS);
    const dispatched = await waitDispatched(ctx, shops, LIMIT_MS);
    const planned = await planEvents(ctx, shops);
    const requests = eventRequests(eventPostings(ctx, planned, 0));
    const posted = await deliverUntilAccepted(ctx.app.url, requests, { lanes: 8, limitMs: LIMIT_MS });
    const applied = await waitApplied(ctx, planned, LIMIT_MS);
    const stormCount = await storms.stop();
    await ctx.courier.setFaults({ errorRate: 0, lostAnswerRate: 0, latencySpikeRate: 0, throttleStorm: null });
    const after = await ctx.courier.stats();
    return {
      name: "courier_faults",
      dispatch: await dispatchOutcome(ctx, shops),
      tracking: await trackingOutcome(ctx, planned),
      events: requests.length,
      figures: {
        courier_requests: after.requests - before.requests,
        courier_statuses: difference(after.statuses, before.statuses),
        courier_429: after.throttled - before.throttled,
        injected: difference(after.injected, before.injected),
        storms: stormCount,
        paid_refusals: paid.refusals,
        event_refusals: posted.refusals,
        dispatched_s: dispatched.seconds,
        applied_s: applied.seconds,
      },
    };
  } finally {
    await storms.stop();
    await ctx.courier.setFaults({ errorRate: 0, lostAnswerRate: 0, latencySpikeRate: 0, throttleStorm: null });
  }
}
