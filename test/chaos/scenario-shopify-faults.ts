/**
 * Shopify faults: while a set of shops' orders are dispatched and their deliveries tracked, 5 % of
 * Admin API and token requests are answered 502/503 before anything is done, every 5–15 s all of
 * these shops' cost buckets are emptied (a THROTTLED burst), and each shop's expiring offline token
 * reaches its end mid-run (seeded so: the library refreshes a token in its last five minutes, with
 * the single-use refresh token, while jobs of the same shop run at once). Every fulfillment and
 * fulfillment event must be applied in the end, none twice.
 */
import type { SeededShop } from "../bench/harness";
import { everyFewSeconds, type ChaosContext, type ScenarioResult } from "./context";
import { deliverUntilAccepted } from "./deliveries";
import { sendPaidOrders, waitDispatched } from "./dispatch-phase";
import { dispatchOutcome, trackingOutcome } from "./outcomes";
import { eventPostings, eventRequests, planEvents, waitApplied } from "./tracking-phase";

export const ADMIN_ERROR_RATE = 0.05;
/** The library refreshes an expiring offline token once it is within five minutes of its end. */
export const LIBRARY_REFRESH_WINDOW_S = 5 * 60;
/** Seconds after the shops are set up when their tokens enter that window (the run has started by then). */
export const TOKEN_REFRESH_DUE_AFTER_S = 30;
const PAID_PER_SECOND = 50;
const LIMIT_MS = 6 * 60_000;

export async function shopifyFaultsScenario(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<ScenarioResult> {
  ctx.say(
    `Scenario: Shopify faults — ${shops.reduce((n, s) => n + s.orders.length, 0)} orders of ${shops.length} shops; ${ADMIN_ERROR_RATE * 100} % of Admin and token requests 502/503, THROTTLED bursts, tokens expiring mid-run`,
  );
  const before = await ctx.shopify.faultStats();
  const throttledBefore = (await ctx.shopify.stats()).throttled;
  await ctx.shopify.setFaults({ errorRate: ADMIN_ERROR_RATE, errorStatuses: [502, 503] });
  const bursts = everyFewSeconds(ctx, () => ctx.shopify.drainBuckets(shops.map((s) => s.domain)));
  try {
    const paid = await sendPaidOrders(ctx, shops, PAID_PER_SECOND, LIMIT_MS);
    const dispatched = await waitDispatched(ctx, shops, LIMIT_MS);
    const planned = await planEvents(ctx, shops);
    const requests = eventRequests(eventPostings(ctx, planned, 0));
    const posted = await deliverUntilAccepted(ctx.app.url, requests, { lanes: 8, limitMs: LIMIT_MS });
    const applied = await waitApplied(ctx, planned, LIMIT_MS);
    const burstCount = await bursts.stop();
    await ctx.shopify.setFaults({ errorRate: 0 });
    const after = await ctx.shopify.faultStats();
    const injected = Object.entries(after.injected).reduce(
      (sum, [status, n]) => sum + n - (before.injected[status] ?? 0),
      0,
    );
    return {
      name: "shopify_faults",
      dispatch: await dispatchOutcome(ctx, shops),
      tracking: await trackingOutcome(ctx, planned),
      events: requests.length,
      figures: {
        admin_5xx_injected: injected,
        throttled_bursts: burstCount,
        shopify_throttled: (await ctx.shopify.stats()).throttled - throttledBefore,
        token_refreshes: after.refreshes - before.refreshes,
        invalid_token_401: after.invalidToken - before.invalidToken,
        paid_refusals: paid.refusals,
        event_refusals: posted.refusals,
        dispatched_s: dispatched.seconds,
        applied_s: applied.seconds,
      },
    };
  } finally {
    await bursts.stop();
    await ctx.shopify.setFaults({ errorRate: 0 });
  }
}
