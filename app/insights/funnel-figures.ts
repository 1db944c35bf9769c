import { addCounts, answerQuantileMs, emptyCounts, ratedTotal, type FunnelCounts } from "~/quote/public";
import { shopDayOf, type ShopDays } from "./period";

/**
 * Insights' checkout quote funnel for one period, from the hour rows (app/quote/quote-funnel.ts):
 * per shop day the counts and the answer time p50/p95 (the upper bound of the bucket holding it),
 * and the period's totals. An hour row's start is a local hour's start, so it lies in one shop day. Pure.
 */

export interface FunnelHourRow {
  hourStart: Date;
  counts: FunnelCounts;
}

export interface FunnelDay {
  day: string;
  counts: FunnelCounts;
  rated: number;
  /** Milliseconds (upper bound of the bucket); null: over the last bound; undefined: no answer that day. */
  p50Ms: number | null | undefined;
  p95Ms: number | null | undefined;
}

export interface FunnelFigures {
  perDay: FunnelDay[];
  total: FunnelCounts;
  rated: number;
  ratedShare: number | null;
  p50Ms: number | null | undefined;
  p95Ms: number | null | undefined;
}

export function funnelFigures(rows: readonly FunnelHourRow[], days: ShopDays, timeZone: string): FunnelFigures {
  const byDay = new Map(days.days.map((day) => [day, emptyCounts()]));
  for (const row of rows) {
    const counts = byDay.get(shopDayOf(row.hourStart, timeZone));
    if (counts) addCounts(counts, row.counts);
  }
  const total = emptyCounts();
  const perDay = days.days.map((day) => {
    const counts = byDay.get(day)!;
    addCounts(total, counts);
    return {
      day,
      counts,
      rated: ratedTotal(counts),
      p50Ms: answerQuantileMs(counts.answerMs, 0.5),
      p95Ms: answerQuantileMs(counts.answerMs, 0.95),
    };
  });
  const rated = ratedTotal(total);
  return {
    perDay,
    total,
    rated,
    ratedShare: total.requests === 0 ? null : rated / total.requests,
    p50Ms: answerQuantileMs(total.answerMs, 0.5),
    p95Ms: answerQuantileMs(total.answerMs, 0.95),
  };
}
