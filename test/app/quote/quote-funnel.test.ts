import { describe, expect, it } from "vitest";
import {
  answerBucketOf,
  answerQuantileMs,
  ANSWER_BUCKETS,
  countAnswer,
  emptyCounts,
  funnelOutcomeOf,
  ratedTotal,
  shopHourStart,
} from "~/quote/quote-funnel";

/** The quote funnel's pure parts, against hand-computed answers. */

describe("answer-time buckets", () => {
  it.each([
    [0, 0],
    [10, 0],
    [10.01, 1],
    [25, 1],
    [99, 3],
    [2999, 8],
    [3000, 8],
    [3001, 9],
    [10_000, 10],
    [10_001, 11],
  ])("%s ms falls in bucket %s", (ms, bucket) => {
    expect(answerBucketOf(ms)).toBe(bucket);
  });

  it("gives the upper bound of the bucket holding the quantile", () => {
    // 100 answers: 90 within 10 ms, 6 within 250 ms, 4 over 10 s.
    const answers = new Array<number>(ANSWER_BUCKETS).fill(0);
    answers[0] = 90;
    answers[4] = 6;
    answers[11] = 4;
    expect(answerQuantileMs(answers, 0.5)).toBe(10);
    expect(answerQuantileMs(answers, 0.9)).toBe(10);
    expect(answerQuantileMs(answers, 0.95)).toBe(250);
    expect(answerQuantileMs(answers, 0.96)).toBe(250);
    expect(answerQuantileMs(answers, 0.97)).toBeNull();
    expect(answerQuantileMs(new Array<number>(ANSWER_BUCKETS).fill(0), 0.5)).toBeUndefined();
  });
});

describe("the shop's hour", () => {
  it.each([
    ["Los Angeles, a summer afternoon", "2026-07-01T21:47:13.250Z", "America/Los_Angeles", "2026-07-01T21:00:00.000Z"],
    // 2026-11-01: 01:00–02:00 happens twice; the second 01:xx (PST) is its own hour.
    [
      "Los Angeles, first 01:xx of the fall-back day",
      "2026-11-01T08:30:00Z",
      "America/Los_Angeles",
      "2026-11-01T08:00:00.000Z",
    ],
    [
      "Los Angeles, second 01:xx of the fall-back day",
      "2026-11-01T09:30:00Z",
      "America/Los_Angeles",
      "2026-11-01T09:00:00.000Z",
    ],
    // 2026-03-08: 02:00 does not exist; 03:15 PDT is 10:15Z.
    ["Los Angeles, after spring-forward", "2026-03-08T10:15:00Z", "America/Los_Angeles", "2026-03-08T10:00:00.000Z"],
    ["Kolkata (+05:30): hours begin at :30 UTC", "2026-07-01T10:10:00Z", "Asia/Kolkata", "2026-07-01T09:30:00.000Z"],
    [
      "Kathmandu (+05:45): hours begin at :15 UTC",
      "2026-07-01T10:10:00Z",
      "Asia/Kathmandu",
      "2026-07-01T09:15:00.000Z",
    ],
    ["UTC", "2026-07-01T10:59:59.999Z", "UTC", "2026-07-01T10:00:00.000Z"],
  ])("%s", (_label, instant, timeZone, hourStart) => {
    expect(shopHourStart(new Date(instant), timeZone).toISOString()).toBe(hourStart);
  });
});

describe("how an answer counts", () => {
  it.each([
    [{ source: "live", reason: null, rates: 2 }, { rated: "live" }],
    [{ source: "cache", reason: null, rates: 1 }, { rated: "cache" }],
    [{ source: "memory", reason: null, rates: 1 }, { rated: "memory" }],
    [{ source: "model", reason: null, rates: 1 }, { rated: "model" }],
    [{ source: "fallback", reason: "courier_unavailable", rates: 1 }, { rated: "fallback" }],
    [{ source: "fallback", reason: "courier_unavailable", rates: 0 }, { none: "courier" }],
    [{ source: "backup", reason: "courier_unavailable", rates: 0 }, { none: "courier" }],
    [{ source: "none", reason: "not_connected", rates: 0 }, { none: "courier" }],
    [{ source: "none", reason: "out_of_area:zip", rates: 0 }, { none: "out_of_area" }],
    [{ source: "none", reason: "out_of_area:radius", rates: 0 }, { none: "out_of_area" }],
    [{ source: "none", reason: "out_of_area:no_route", rates: 0 }, { none: "out_of_area" }],
    [{ source: "none", reason: "destination_not_us", rates: 0 }, { none: "out_of_area" }],
    [{ source: "none", reason: "out_of_area:address_not_found", rates: 0 }, { none: "address" }],
    [{ source: "none", reason: "destination_address_incomplete", rates: 0 }, { none: "address" }],
    [{ source: "none", reason: "no_open_window", rates: 0 }, { none: "closed" }],
    [{ source: "none", reason: "slots_full", rates: 0 }, { none: "slot_full" }],
    [{ source: "none", reason: "nothing_to_ship", rates: 0 }, { none: "cart" }],
    [{ source: "none", reason: "refused", rates: 0 }, { none: "cart" }],
    [{ source: "none", reason: "no_pickup_location", rates: 0 }, { none: "setup" }],
    [{ source: "live", reason: "priced_out", rates: 0 }, { none: "setup" }],
    [{ source: "none", reason: "unreadable_request", rates: 0 }, { none: "other" }],
    [{ source: "none", reason: "shop_unavailable", rates: 0 }, { none: "other" }],
    [{ source: "none", reason: "shop_not_installed", rates: 0 }, null],
  ])("%j → %j", (answer, outcome) => {
    expect(funnelOutcomeOf(answer)).toEqual(outcome);
  });

  it("adds an answer to the request count, its outcome and its time", () => {
    const counts = emptyCounts();
    countAnswer(counts, { rated: "live" }, 320);
    countAnswer(counts, { rated: "cache" }, 1);
    countAnswer(counts, { none: "closed" }, 2);
    expect(counts.requests).toBe(3);
    expect(ratedTotal(counts)).toBe(2);
    expect(counts.none.closed).toBe(1);
    expect(counts.answerMs[0]).toBe(2);
    expect(counts.answerMs[5]).toBe(1);
  });
});
