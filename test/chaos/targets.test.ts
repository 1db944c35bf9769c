import { describe, expect, it } from "vitest";
import { missedTargets } from "../bench/targets";
import { FULL_RUN } from "./knobs";
import { chaosTargets, type ChaosFigures } from "./targets";

const passing: ChaosFigures = {
  kills: 12,
  orders: 1_400,
  shipments: 1_400,
  duplicates: 0,
  missing: 0,
  untagged_orders: 0,
  dead_jobs: 0,
  events: 10_400,
  unapplied_events: 0,
  final_state_mismatches: 0,
  regressions: 0,
  shopify_mismatches: 0,
  duplicate_fulfillments: 0,
  courier_max_rps: 10,
  courier_429_unhonoured: 0,
  app_peak_rss_mb: 240,
};

describe("chaosTargets", () => {
  it("a run with every figure in bounds meets every target", () => {
    expect(missedTargets(chaosTargets(passing, FULL_RUN))).toEqual([]);
  });

  it.each([
    { change: { kills: 11 }, missed: "kills is 11, target equal to 12" },
    { change: { shipments: 1_399 }, missed: "shipments is 1399, target equal to 1400" },
    { change: { duplicates: 1 }, missed: "duplicates is 1, target equal to 0" },
    { change: { missing: 2 }, missed: "missing is 2, target equal to 0" },
    { change: { untagged_orders: 1 }, missed: "untagged_orders is 1, target equal to 0" },
    { change: { dead_jobs: 1 }, missed: "dead_jobs is 1, target equal to 0" },
    { change: { events: 9_999 }, missed: "events is 9999, target at least 10000" },
    { change: { unapplied_events: 3 }, missed: "unapplied_events is 3, target equal to 0" },
    { change: { final_state_mismatches: 1 }, missed: "final_state_mismatches is 1, target equal to 0" },
    { change: { regressions: 1 }, missed: "regressions is 1, target equal to 0" },
    { change: { shopify_mismatches: 1 }, missed: "shopify_mismatches is 1, target equal to 0" },
    { change: { duplicate_fulfillments: 1 }, missed: "duplicate_fulfillments is 1, target equal to 0" },
    { change: { courier_max_rps: 11 }, missed: "courier_max_rps is 11, target at most 10" },
    { change: { courier_429_unhonoured: 1 }, missed: "courier_429_unhonoured is 1, target equal to 0" },
    { change: { app_peak_rss_mb: 256.1 }, missed: "app_peak_rss_mb is 256.1, target at most 256" },
    { change: { app_peak_rss_mb: null }, missed: "app_peak_rss_mb is not reached, target at most 256" },
  ])("$missed", ({ change, missed }) => {
    expect(missedTargets(chaosTargets({ ...passing, ...change }, FULL_RUN))).toEqual([missed]);
  });
});
