/**
 * Every target of `npm run chaos`, in one place: each a figure of the run's JSON line and its bound
 * (test/bench/targets.ts compares them; `targets_met` is their conjunction).
 */
import { REQUESTS_PER_SECOND } from "~/courier/limits";
import { atLeast, atMost, equalTo, type Target } from "../bench/targets";
import type { ChaosKnobs } from "./knobs";

/** The app server's peak resident memory a 512 MB instance can afford (issue 22, item 4). */
export const APP_PEAK_RSS_MAX_MB = 256;

/** The figures of the JSON line that have a target. */
export type ChaosFigures = {
  kills: number;
  orders: number;
  shipments: number;
  duplicates: number;
  missing: number;
  untagged_orders: number;
  dead_jobs: number;
  events: number;
  unapplied_events: number;
  final_state_mismatches: number;
  regressions: number;
  shopify_mismatches: number;
  duplicate_fulfillments: number;
  courier_max_rps: number;
  courier_429_unhonoured: number;
  app_peak_rss_mb: number | null;
};

export function chaosTargets(
  figures: ChaosFigures,
  knobs: Pick<ChaosKnobs, "kills" | "eventKills" | "minEvents">,
): Target[] {
  return [
    // The kills are what the run is about: all of them must have happened.
    equalTo("kills", figures.kills, knobs.kills + knobs.eventKills),
    // One courier shipment for every order of every scenario (each order has one fulfillment order).
    equalTo("shipments", figures.shipments, figures.orders),
    equalTo("duplicates", figures.duplicates, 0),
    equalTo("missing", figures.missing, 0),
    equalTo("untagged_orders", figures.untagged_orders, 0),
    equalTo("dead_jobs", figures.dead_jobs, 0),
    atLeast("events", figures.events, knobs.minEvents),
    equalTo("unapplied_events", figures.unapplied_events, 0),
    equalTo("final_state_mismatches", figures.final_state_mismatches, 0),
    equalTo("regressions", figures.regressions, 0),
    equalTo("shopify_mismatches", figures.shopify_mismatches, 0),
    equalTo("duplicate_fulfillments", figures.duplicate_fulfillments, 0),
    atMost("courier_max_rps", figures.courier_max_rps, REQUESTS_PER_SECOND),
    equalTo("courier_429_unhonoured", figures.courier_429_unhonoured, 0),
    atMost("app_peak_rss_mb", figures.app_peak_rss_mb, APP_PEAK_RSS_MAX_MB),
  ];
}
