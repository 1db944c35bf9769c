import { ANSWER_MS_BOUNDS, type FunnelCounts } from "~/quote/public";

/**
 * "Why is my rate not showing?": the causes that hide the app's rate at checkout, each in words with
 * the one action that fixes it. Pure: the facts come from Shopify (profiles, plan), the courier check,
 * the orders received and the quote funnel (rateDiagnosis in insights.server.ts).
 *
 * Shopify's read timeout for a rate request shrinks with the shop's rate requests per minute: 10 s
 * under 1,500, 5 s up to 3,000, 3 s above (/work/shared/reference/shopify-platform.md §1.5).
 */

export const RATE_SILENCE_HOURS = 24;
/** Answers slower than Shopify's read timeout, as a share of all, that shoppers notice. */
export const SLOW_SHARE = 0.01;
export const PLAN_HELP_URL =
  "https://help.shopify.com/en/manual/shipping/setting-up-and-managing-your-shipping/enabling-shipping-carriers";

export type DiagnosisAction = { kind: "add-to-profiles"; label: string } | { kind: "link"; label: string; url: string };

export type DiagnosisCauseId = "plan" | "profiles" | "token" | "no_requests" | "slow";

export interface DiagnosisCause {
  id: DiagnosisCauseId;
  title: string;
  detail: string;
  action: DiagnosisAction;
}

export interface DiagnosisFacts {
  /** Shopify refused calculated rates for the store's plan (or the plan surely lacks them and nothing is registered). */
  planRefused: boolean;
  /** The carrier service is registered but shipping zones lack it (null: not registered or unknown). */
  zonesMissingRate: number | null;
  /** The courier refused the stored token at the last check. */
  tokenRejected: boolean;
  /** Paid orders received in the last RATE_SILENCE_HOURS. */
  paidOrdersRecently: number;
  /** When the last rate request came (the start of its hour), or null: never. */
  lastRateRequestAt: Date | null;
  now: Date;
  /** The funnel of the last 7 days and its busiest hour's requests. */
  recent: FunnelCounts;
  busiestHourRequests: number;
  /** The shop's time budget for an answer (Settings). */
  timeBudgetMs: number;
}

export function readTimeoutMsFor(requestsPerMinute: number): number {
  if (requestsPerMinute > 3000) return 3000;
  if (requestsPerMinute >= 1500) return 5000;
  return 10000;
}

/** Answers over `timeoutMs`, counted from the buckets (each timeout is a bucket bound). */
export function answersOver(answerMs: readonly number[], timeoutMs: number): number {
  const firstOver = ANSWER_MS_BOUNDS.findIndex((bound) => bound >= timeoutMs) + 1;
  return answerMs.slice(firstOver).reduce((sum, n) => sum + n, 0);
}

export function diagnoseRates(facts: DiagnosisFacts): DiagnosisCause[] {
  const causes: DiagnosisCause[] = [];
  if (facts.planRefused) {
    causes.push({
      id: "plan",
      title: "Your Shopify plan cannot use calculated rates",
      detail:
        "Shopify only asks apps for rates on Advanced or higher, on yearly billing, or when Support adds calculated rates. Until then checkout never asks for the app's rate.",
      action: { kind: "link", label: "What Shopify requires", url: PLAN_HELP_URL },
    });
  }
  if (facts.zonesMissingRate !== null && facts.zonesMissingRate > 0) {
    causes.push({
      id: "profiles",
      title: "Shipping zones no longer offer the app's rate",
      detail: `${facts.zonesMissingRate} shipping zone${facts.zonesMissingRate === 1 ? "" : "s"} in your shipping profiles do not reference the app's carrier service, so shoppers there see no same-day rate.`,
      action: { kind: "add-to-profiles", label: "Add the rate to the shipping profiles" },
    });
  }
  if (facts.tokenRejected) {
    causes.push({
      id: "token",
      title: "The courier refuses the access token",
      detail: "Every price request fails, so checkout gets no live price (only your fallback, if you set one).",
      action: { kind: "link", label: "Fix the courier token", url: "/app" },
    });
  }
  const silentMs = RATE_SILENCE_HOURS * 3_600_000;
  const silent = facts.lastRateRequestAt === null || facts.now.getTime() - facts.lastRateRequestAt.getTime() > silentMs;
  if (facts.paidOrdersRecently > 0 && silent && !facts.planRefused) {
    causes.push({
      id: "no_requests",
      title: `Orders arrive but Shopify has not asked for a rate in ${RATE_SILENCE_HOURS} hours`,
      detail: `${facts.paidOrdersRecently} paid order${facts.paidOrdersRecently === 1 ? "" : "s"} came in, yet no checkout asked the app for a rate: the rate is not in the shipping profile of the products sold.`,
      action: { kind: "add-to-profiles", label: "Add the rate to the shipping profiles" },
    });
  }
  const slow = slowAnswers(facts);
  if (slow) causes.push(slowCause(slow, facts));
  return causes;
}

/** Where the time budget is set (Settings, section "Prices and checkout"). */
export const TIME_BUDGET_SETTINGS_URL = "/app/settings/pricing";

interface SlowAnswers {
  timeoutMs: number;
  /** Answers Shopify gave up on, and answers in the bucket just under its timeout. */
  over: number;
  near: number;
  nearFromMs: number;
}

/**
 * Answers over Shopify's timeout, or close under it (the bucket whose upper bound is the timeout:
 * Shopify counts the network's time too, so these fail on a slower day), as a share of all of at
 * least SLOW_SHARE; or a time budget longer than the timeout.
 */
export function slowAnswers(facts: DiagnosisFacts): SlowAnswers | null {
  const timeoutMs = readTimeoutMsFor(facts.busiestHourRequests / 60);
  const over = answersOver(facts.recent.answerMs, timeoutMs);
  const nearBucket = ANSWER_MS_BOUNDS.findIndex((bound) => bound >= timeoutMs);
  const near = facts.recent.answerMs[nearBucket] ?? 0;
  const nearFromMs = ANSWER_MS_BOUNDS[nearBucket - 1] ?? 0;
  if (facts.recent.requests === 0) return null;
  const tooMany = (over + near) / facts.recent.requests >= SLOW_SHARE;
  return tooMany || facts.timeBudgetMs > timeoutMs ? { timeoutMs, over, near, nearFromMs } : null;
}

function slowCause(slow: SlowAnswers, facts: DiagnosisFacts): DiagnosisCause {
  const seconds = (ms: number) => `${ms / 1000} s`;
  const timeout = seconds(slow.timeoutMs);
  const counted = [
    slow.over > 0 ? `${slow.over} took longer (those shoppers saw no rate)` : null,
    slow.near > 0 ? `${slow.near} took between ${seconds(slow.nearFromMs)} and ${timeout}, close enough to fail` : null,
  ].filter((part) => part !== null);
  const answers = counted.length
    ? ` Of ${facts.recent.requests} answers in the last 7 days, ${counted.join(" and ")}.`
    : "";
  return {
    id: "slow",
    title: "Answers are slow enough for Shopify to give up",
    detail:
      `At your busiest hour Shopify waits at most ${timeout} for a rate, network included.${answers} ` +
      `Lower the time budget in Settings › Prices and checkout ("Checkout waits for the courier at most", now ${seconds(facts.timeBudgetMs)}), so that a slow courier's answer is replaced (by a remembered price or your fallback) well before ${timeout}.`,
    action: { kind: "link", label: "Lower the time budget in Settings", url: TIME_BUDGET_SETTINGS_URL },
  };
}
