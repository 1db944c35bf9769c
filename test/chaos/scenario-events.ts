/**
 * Courier events with kills: the flash sale's shipments run to their end at the courier; their
 * events, 10 % sent twice and each shipment's shuffled, are posted by 16 connections (repeated
 * until accepted) while the app is killed at seeded moments. The final states must equal the truth
 * computed from the events, and no state may move backwards (the state sampler watches).
 */
import type { SeededShop } from "../bench/harness";
import { killAt, killMoments } from "./app-process";
import type { ChaosContext, ScenarioResult } from "./context";
import { deliverUntilAccepted } from "./deliveries";
import { trackingOutcome } from "./outcomes";
import { eventPostings, eventRequests, planEvents, waitApplied } from "./tracking-phase";

export const DUPLICATE_SHARE = 0.1;
const LANES = 16;
/** Kill moments fall within this many ms per posted event (posting runs at about 1,000 a second). */
const KILL_WINDOW_MS_PER_EVENT = 2;
const LIMIT_MS = 10 * 60_000;

export async function eventsScenario(ctx: ChaosContext, shops: readonly SeededShop[]): Promise<ScenarioResult> {
  const planned = await planEvents(ctx, shops);
  const postings = eventPostings(ctx, planned, DUPLICATE_SHARE);
  const requests = eventRequests(postings);
  const moments = killMoments(ctx.knobs.eventKills, requests.length * KILL_WINDOW_MS_PER_EVENT, ctx.random);
  ctx.say(
    `Scenario: courier events with kills — ${planned.length} shipments, ${postings.filter((p) => !p.copy).length} events + ${postings.filter((p) => p.copy).length} repeats = ${requests.length} posts by ${LANES} connections; SIGKILL at ${moments.map((m) => (m / 1000).toFixed(1)).join(", ")} s`,
  );
  const started = Date.now();
  const killsBefore = ctx.app.kills();
  const [posted] = await Promise.all([
    deliverUntilAccepted(ctx.app.url, requests, {
      lanes: LANES,
      limitMs: LIMIT_MS,
      onProgress: (n) => ctx.say(`  t=${((Date.now() - started) / 1000).toFixed(1)}s ${n}/${requests.length} accepted`),
    }),
    killAt(ctx.app, moments, started, ctx.say),
  ]);
  const applied = await waitApplied(ctx, planned, LIMIT_MS);
  return {
    name: "events",
    dispatch: null,
    tracking: await trackingOutcome(ctx, planned),
    events: requests.length,
    figures: {
      kills: ctx.app.kills() - killsBefore,
      posted_s: Math.round(posted.durationMs / 100) / 10,
      event_refusals: posted.refusals,
      events_undelivered: posted.undelivered,
      applied_s: applied.seconds,
    },
  };
}
