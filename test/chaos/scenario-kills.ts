/**
 * The flash sale with kills: a set of shops' orders paid at a tenth of the sale per second, while
 * the app process is killed with SIGKILL at seeded moments of the dispatch (which takes at least
 * orders / 10 s at the courier's limit) and started again. Shopify redelivers what a dead app did
 * not accept. Every order must get exactly one courier shipment and its tag; no job may die.
 */
import type { SeededShop } from "../bench/harness";
import { killAt, killMoments } from "./app-process";
import type { ChaosContext, ScenarioResult } from "./context";
import { sendPaidOrders, waitDispatched } from "./dispatch-phase";
import { dispatchOutcome } from "./outcomes";

/** The courier's floor for dispatch: 10 shipments a second for one account. */
const COURIER_SHIPMENTS_PER_S = 10;
const SEND_SECONDS = 10;
const LIMIT_MS = 10 * 60_000;

export async function killsScenario(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<ScenarioResult> {
  const orders = shops.reduce((n, s) => n + s.orders.length, 0);
  const windowMs = (orders / COURIER_SHIPMENTS_PER_S) * 1000;
  const moments = killMoments(ctx.knobs.kills, windowMs, ctx.random);
  ctx.say(
    `Scenario: flash sale with kills — ${orders} orders/paid in ${SEND_SECONDS} s; SIGKILL at ${moments.map((m) => `${(m / 1000).toFixed(1)}`).join(", ")} s`,
  );
  const started = Date.now();
  const killsBefore = ctx.app.kills();
  const [paid] = await Promise.all([
    sendPaidOrders(ctx, shops, orders / SEND_SECONDS, LIMIT_MS),
    killAt(ctx.app, moments, started, ctx.say),
  ]);
  const dispatched = await waitDispatched(ctx, shops, LIMIT_MS);
  return {
    name: "kills",
    dispatch: await dispatchOutcome(ctx, shops),
    tracking: null,
    events: 0,
    figures: {
      kills: ctx.app.kills() - killsBefore,
      paid_refusals: paid.refusals,
      paid_undelivered: paid.undelivered,
      dispatched_s: dispatched.seconds,
    },
  };
}
