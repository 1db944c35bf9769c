import { describe, expect, it } from "vitest";
import { TIME_BUDGET_SETTINGS_URL, diagnoseRates, slowAnswers, type DiagnosisFacts } from "~/insights/rate-diagnosis";
import { countAnswer, emptyCounts } from "~/quote/quote-funnel";

/**
 * "Answers are slow": Shopify's read timeout for the busiest hour (10 s under 1,500 requests a
 * minute, 5 s up to 3,000, 3 s above), the answers over it and those in the bucket just under it,
 * counted as the funnel counts them; the words name the fix and where it is.
 */

const NOW = new Date("2026-11-28T12:00:00Z");

/** A week's funnel of `answers` (milliseconds each, all with a live price). */
function facts(answers: readonly number[], more: Partial<DiagnosisFacts> = {}): DiagnosisFacts {
  const recent = emptyCounts();
  for (const ms of answers) countAnswer(recent, { rated: "live" }, ms);
  return {
    planRefused: false,
    zonesMissingRate: 0,
    tokenRejected: false,
    paidOrdersRecently: 0,
    lastRateRequestAt: NOW,
    now: NOW,
    recent,
    busiestHourRequests: 60,
    timeBudgetMs: 2500,
    ...more,
  };
}
const many = (count: number, ms: number) => new Array<number>(count).fill(ms);

describe("answers slow enough for Shopify to give up", () => {
  it.each([
    // [label, answers, busiest hour's requests, timeout s, over, near]
    ["quick answers at a quiet shop", [...many(99, 300), 1900], 60, null],
    ["1 in 100 over 10 s at a quiet shop", [...many(99, 300), 12_000], 60, [10_000, 1, 0]],
    ["1 in 100 between 5 and 10 s: near the 10 s timeout", [...many(99, 300), 6_000], 60, [10_000, 0, 1]],
    ["1 in 200 over 10 s: under 1 %", [...many(199, 300), 12_000], 60, null],
    [
      "2.8 s answers at 3,000+ a minute: near the 3 s timeout",
      [...many(98, 300), 2_800, 2_900],
      200_000,
      [3_000, 0, 2],
    ],
    ["2.8 s answers at 1,500 a minute: far under 5 s", [...many(98, 300), 2_800, 2_900], 90_000, null],
    ["4 s answers at 1,500 a minute: near the 5 s timeout", [...many(98, 300), 4_000, 6_000], 90_000, [5_000, 1, 1]],
  ] as const)("%s", (_label, answers, busiest, expected) => {
    const found = slowAnswers(facts(answers, { busiestHourRequests: busiest }));
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatchObject({ timeoutMs: expected[0], over: expected[1], near: expected[2] });
  });

  it("no answers at all: nothing to say about their speed", () => {
    expect(slowAnswers(facts([]))).toBeNull();
  });

  it("a time budget longer than Shopify's timeout is a cause by itself", () => {
    expect(slowAnswers(facts(many(100, 300), { busiestHourRequests: 200_000, timeBudgetMs: 4000 }))).toMatchObject({
      timeoutMs: 3000,
      over: 0,
      near: 0,
    });
  });

  it("says to lower the time budget, where it is and what it is now", () => {
    const causes = diagnoseRates(facts([...many(97, 300), 2_800, 2_900, 3_500], { busiestHourRequests: 200_000 }));
    expect(causes).toHaveLength(1);
    const [slow] = causes;
    expect(slow!.action).toEqual({
      kind: "link",
      label: "Lower the time budget in Settings",
      url: TIME_BUDGET_SETTINGS_URL,
    });
    expect(slow!.detail).toContain("Shopify waits at most 3 s");
    expect(slow!.detail).toContain(
      "Of 100 answers in the last 7 days, 1 took longer (those shoppers saw no rate) and 2 took between 2 s and 3 s",
    );
    expect(slow!.detail).toContain(
      'Lower the time budget in Settings › Prices and checkout ("Checkout waits for the courier at most", now 2.5 s)',
    );
  });
});
