import { zonedParts } from "~/schedule/time-zone";

/**
 * The checkout quote funnel: what became of each carrier-service rate request, counted per shop,
 * pickup location and hour of the shop's clock (prisma QuoteFunnelHour). Pure: the outcome of one
 * answer, its hour, its answer-time bucket, and the sum of counts. Recording and storing are in
 * quote-funnel.server.ts; reading for Insights in app/insights.
 */

/** Where an offered rate's price came from. memory/model: a price checkout made without the courier. */
export const PRICE_SOURCES = ["live", "cache", "memory", "model", "fallback"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/** The sources of a price made from the courier's prices (app/quote/window-prices.server.ts): all but the fallback. */
export type CourierPriceSource = Exclude<PriceSource, "fallback">;

/** Why an answer offered no rate. */
export const NO_RATE_REASONS = [
  "out_of_area",
  "closed",
  "slot_full",
  "courier",
  "address",
  "cart",
  "setup",
  "other",
] as const;
export type NoRateReason = (typeof NO_RATE_REASONS)[number];

export type FunnelOutcome = { rated: PriceSource } | { none: NoRateReason };

/**
 * Answer-time buckets: the upper bounds in milliseconds (the last bucket has none). Fixed, so hours,
 * days and instances add up bucket by bucket; Shopify's read timeouts (10 s, 5 s, 3 s) are bounds.
 */
export const ANSWER_MS_BOUNDS = [10, 25, 50, 100, 250, 500, 1000, 2000, 3000, 5000, 10000] as const;
export const ANSWER_BUCKETS = ANSWER_MS_BOUNDS.length + 1;

export const RATED_COLUMNS = {
  live: "ratedLive",
  cache: "ratedCache",
  memory: "ratedMemory",
  model: "ratedModel",
  fallback: "ratedFallback",
} as const satisfies Record<PriceSource, string>;

export const NO_RATE_COLUMNS = {
  out_of_area: "noneOutOfArea",
  closed: "noneClosed",
  slot_full: "noneSlotFull",
  courier: "noneCourier",
  address: "noneAddress",
  cart: "noneCart",
  setup: "noneSetup",
  other: "noneOther",
} as const satisfies Record<NoRateReason, string>;

export const ANSWER_MS_COLUMNS = [
  "msUpTo10",
  "msUpTo25",
  "msUpTo50",
  "msUpTo100",
  "msUpTo250",
  "msUpTo500",
  "msUpTo1000",
  "msUpTo2000",
  "msUpTo3000",
  "msUpTo5000",
  "msUpTo10000",
  "msOver10000",
] as const;

/** The counts of one shop, location and hour (or any sum of them). */
export interface FunnelCounts {
  requests: number;
  rated: Record<PriceSource, number>;
  none: Record<NoRateReason, number>;
  /** Answers per ANSWER_MS_BOUNDS bucket (ANSWER_BUCKETS entries). */
  answerMs: number[];
}

export function emptyCounts(): FunnelCounts {
  return {
    requests: 0,
    rated: { live: 0, cache: 0, memory: 0, model: 0, fallback: 0 },
    none: { out_of_area: 0, closed: 0, slot_full: 0, courier: 0, address: 0, cart: 0, setup: 0, other: 0 },
    answerMs: new Array<number>(ANSWER_BUCKETS).fill(0),
  };
}

/** The bucket of an answer that took `ms` milliseconds. */
export function answerBucketOf(ms: number): number {
  const index = ANSWER_MS_BOUNDS.findIndex((bound) => ms <= bound);
  return index === -1 ? ANSWER_MS_BOUNDS.length : index;
}

/** Adds one answer to `counts` (in place). */
export function countAnswer(counts: FunnelCounts, outcome: FunnelOutcome, answerMs: number): void {
  counts.requests += 1;
  if ("rated" in outcome) counts.rated[outcome.rated] += 1;
  else counts.none[outcome.none] += 1;
  counts.answerMs[answerBucketOf(answerMs)]! += 1;
}

/** Adds `more` into `into` (in place). */
export function addCounts(into: FunnelCounts, more: FunnelCounts): FunnelCounts {
  into.requests += more.requests;
  for (const source of PRICE_SOURCES) into.rated[source] += more.rated[source];
  for (const reason of NO_RATE_REASONS) into.none[reason] += more.none[reason];
  more.answerMs.forEach((count, i) => (into.answerMs[i]! += count));
  return into;
}

export function ratedTotal(counts: FunnelCounts): number {
  return PRICE_SOURCES.reduce((sum, source) => sum + counts.rated[source], 0);
}

/**
 * The answer time under which a share `q` (0–1) of the answers fell, as the upper bound of the bucket
 * holding it (null past the last bound: over 10 s), or undefined with no answers. An upper bound,
 * never an interpolation: "p95 ≤ 500 ms" is what the buckets know.
 */
export function answerQuantileMs(answerMs: readonly number[], q: number): number | null | undefined {
  const total = answerMs.reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < answerMs.length; i++) {
    seen += answerMs[i]!;
    if (seen >= rank && seen > 0) return ANSWER_MS_BOUNDS[i] ?? null;
  }
  return null;
}

/**
 * The instant the wall-clock hour holding `instant` began in `timeZone`: every zone's offset is a
 * whole number of quarter hours, so the local minutes and seconds are the distance back to it (a
 * +05:30 shop's hours begin at :30 UTC). An hour row then belongs to exactly one of the shop's days.
 */
export function shopHourStart(instant: Date, timeZone: string): Date {
  const wall = zonedParts(instant, timeZone);
  const intoHourMs = (wall.minute * 60 + wall.second) * 1000 + (instant.getTime() % 1000);
  return new Date(instant.getTime() - intoHourMs);
}

/**
 * How an answer of the quote flow counts: `source` and `reason` as quoteRates returns them
 * (app/quote/quote.server.ts). Null when it is not counted (a shop that is not installed: there is
 * no merchant to show it to).
 */
export function funnelOutcomeOf(answer: {
  source: string;
  reason: string | null;
  rates: number;
}): FunnelOutcome | null {
  if (answer.rates > 0) {
    if (answer.source === "live") return { rated: "live" };
    if (answer.source === "cache") return { rated: "cache" };
    if (answer.source === "memory") return { rated: "memory" };
    if (answer.source === "model") return { rated: "model" };
    return { rated: "fallback" };
  }
  const reason = answer.reason ?? "";
  if (reason === "shop_not_installed") return null;
  return { none: noRateReasonOf(reason) };
}

function noRateReasonOf(reason: string): NoRateReason {
  if (reason === "out_of_area:address_not_found" || reason === "destination_address_incomplete") return "address";
  if (reason.startsWith("out_of_area") || reason === "destination_not_us") return "out_of_area";
  if (reason === "no_open_window") return "closed";
  if (reason === "slots_full") return "slot_full";
  if (reason === "courier_unavailable" || reason === "not_connected") return "courier";
  if (reason === "nothing_to_ship" || reason === "refused") return "cart";
  if (reason === "no_pickup_location" || reason === "pickup_address_incomplete" || reason === "priced_out") {
    return "setup";
  }
  return "other";
}
