import { ANSWER_MS_BOUNDS, type FunnelCounts } from "~/quote/public";

/**
 * "Why is my rate not showing?": the causes that hide the app's rate at checkout, each in words with
 * the one action that fixes it. Pure: the facts come from Shopify (profiles, plan), the courier check,
 * the orders received and the quote funnel (app/insights/diagnosis.server.ts).
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
  const timeoutMs = readTimeoutMsFor(facts.busiestHourRequests / 60);
  const slow = answersOver(facts.recent.answerMs, timeoutMs);
  if (facts.recent.requests > 0 && (slow / facts.recent.requests >= SLOW_SHARE || facts.timeBudgetMs > timeoutMs)) {
    causes.push({
      id: "slow",
      title: "Answers are slow enough for Shopify to give up",
      detail: `At your busiest hour Shopify waits at most ${timeoutMs / 1000} s for a rate; ${slow} of ${facts.recent.requests} answers in the last 7 days took longer, and your time budget is ${facts.timeBudgetMs / 1000} s.`,
      action: { kind: "link", label: `Lower the time budget below ${timeoutMs / 1000} s`, url: "/app/settings" },
    });
  }
  return causes;
}
