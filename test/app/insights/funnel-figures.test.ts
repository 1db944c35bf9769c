import { describe, expect, it } from "vitest";
import { funnelFigures } from "~/insights/funnel-figures";
import { periodOf } from "~/insights/period";
import { ANSWER_BUCKETS, countAnswer, emptyCounts, type FunnelOutcome } from "~/quote/quote-funnel";

/** The quote funnel per shop day, by hand: Los Angeles, the fall-back day Nov 1, 2026 (two 01:00 hours). */

const LA = "America/Los_Angeles";

function hour(iso: string, answers: [FunnelOutcome, number, number][]) {
  const counts = emptyCounts();
  for (const [outcome, ms, times] of answers) for (let i = 0; i < times; i++) countAnswer(counts, outcome, ms);
  return { hourStart: new Date(iso), counts };
}

describe("funnel figures", () => {
  const period = periodOf(new Date("2026-11-02T20:00:00Z"), LA, 7);
  const rows = [
    // Nov 1 01:00 PDT and 01:00 PST, and 23:00 PST (Nov 2 UTC): all Nov 1.
    hour("2026-11-01T08:00:00Z", [[{ rated: "live" }, 300, 9]]),
    hour("2026-11-01T09:00:00Z", [[{ rated: "cache" }, 1, 10]]),
    hour("2026-11-02T07:00:00Z", [[{ none: "closed" }, 2, 1]]),
    // Nov 2 00:00 PST.
    hour("2026-11-02T08:00:00Z", [
      [{ rated: "fallback" }, 4000, 1],
      [{ none: "out_of_area" }, 30, 3],
    ]),
    // Oct 26: before the period.
    hour("2026-10-26T18:00:00Z", [[{ rated: "live" }, 300, 50]]),
  ];
  const figures = funnelFigures(rows, period.current, LA);

  it("sums each shop day's hours, and times each day by its answer-time buckets", () => {
    const nov1 = figures.perDay.find((d) => d.day === "2026-11-01")!;
    expect(nov1.counts.requests).toBe(20);
    expect(nov1.rated).toBe(19);
    expect(nov1.counts.none.closed).toBe(1);
    // 20 answers: 11 within 10 ms, 9 within 500 ms. p50 (10th) ≤ 10 ms; p95 (19th) ≤ 500 ms.
    expect([nov1.p50Ms, nov1.p95Ms]).toEqual([10, 500]);
    const nov2 = figures.perDay.find((d) => d.day === "2026-11-02")!;
    // 4 answers: 3 within 50 ms, 1 within 5 s. p50 (2nd) ≤ 50; p95 (4th) ≤ 5000.
    expect([nov2.counts.requests, nov2.rated, nov2.p50Ms, nov2.p95Ms]).toEqual([4, 1, 50, 5000]);
    const oct28 = figures.perDay.find((d) => d.day === "2026-10-28")!;
    expect([oct28.counts.requests, oct28.p50Ms]).toEqual([0, undefined]);
  });

  it("totals the period", () => {
    expect(figures.total.requests).toBe(24);
    expect(figures.total.rated).toEqual({ live: 9, cache: 10, memory: 0, model: 0, fallback: 1 });
    expect(figures.total.none).toMatchObject({ closed: 1, out_of_area: 3 });
    expect(figures.rated).toBe(20);
    expect(figures.ratedShare).toBeCloseTo(20 / 24);
    expect(figures.total.answerMs).toHaveLength(ANSWER_BUCKETS);
    // 24 answers: 10 ≤10, 1 ≤10 (2 ms), 3 ≤50, 9 ≤500, 1 ≤5000 → p50 (12th) ≤ 50; p95 (23rd) ≤ 500.
    expect([figures.p50Ms, figures.p95Ms]).toEqual([50, 500]);
  });
});
