import { z } from "zod";
import type { Db } from "~/db/client.server";
import { PERIOD_DAYS, type PeriodDays } from "~/insights/period";
import { FIGURE_KEYS, type FigureKey } from "~/insights/delivery-figures";
import { insightsData, rateDiagnosis, type InsightsData } from "~/insights/insights.server";
import type { DiagnosisCause } from "~/insights/rate-diagnosis";
import { onboardingStatus } from "~/onboarding/status.server";

type StatusDeps = Parameters<typeof onboardingStatus>[0];

/** The page's query: ?days=7|30|90 (30 when absent) and ?location=<gid> (every location when absent). */
export const InsightsQuery = z.object({
  days: z
    .enum(PERIOD_DAYS.map(String) as [string, ...string[]])
    .default("30")
    .transform((value) => Number(value) as PeriodDays),
  location: z
    .string()
    .max(200)
    .regex(/^gid:\/\/shopify\/Location\/\d+$/)
    .optional(),
});

export const InsightsExportQuery = InsightsQuery.extend({
  figure: z.enum(FIGURE_KEYS as [FigureKey, ...FigureKey[]]),
});

export function parseInsightsQuery(params: URLSearchParams) {
  return InsightsQuery.safeParse(Object.fromEntries(params));
}

/** Insights' loader data: the figures from the database, the diagnosis with what Shopify and the courier check say. */
export async function insightsPageData(
  deps: StatusDeps,
  shopDomain: string,
  query: z.output<typeof InsightsQuery>,
): Promise<{ insights: InsightsData | null; diagnosis: DiagnosisCause[] }> {
  const now = deps.clock();
  const [insights, status] = await Promise.all([
    insightsData(deps.db, { shopDomain, now, days: query.days, locationGid: query.location ?? null }),
    onboardingStatus(deps, shopDomain),
  ]);
  const diagnosis = status ? await diagnosisFor(deps.db, shopDomain, now, status) : [];
  return { insights, diagnosis };
}

/** The diagnosis from Home's or Insights' onboarding status (Shopify's profiles, the courier check). */
export async function diagnosisFor(
  db: Db,
  shopDomain: string,
  now: Date,
  status: NonNullable<Awaited<ReturnType<typeof onboardingStatus>>>,
): Promise<DiagnosisCause[]> {
  const shop = await db.shop.findUnique({
    where: { domain: shopDomain },
    select: { carrierServiceRefusedAt: true, carrierServiceId: true },
  });
  return rateDiagnosis(db, {
    shopDomain,
    now,
    planRefused: Boolean(shop?.carrierServiceRefusedAt) && !shop?.carrierServiceId,
    zonesMissingRate: status.carrier.status === "registered" ? status.carrier.missingZones : null,
    tokenRejected: status.courier.check.status === "rejected",
  });
}
