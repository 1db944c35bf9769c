import { onboardingStatus, type OnboardingStatus } from "~/onboarding/status.server";
import { attentionList, type AttentionList } from "~/routes/app.attention/attention-list.server";
import { todayBoardData, type TodayBoard } from "./today.server";
import { capacityData } from "~/insights/insights.server";
import type { CapacityLocation } from "~/insights/capacity";
import type { DiagnosisCause } from "~/insights/rate-diagnosis";
import { diagnosisFor } from "~/routes/app.insights/insights-page.server";

type StatusDeps = Parameters<typeof onboardingStatus>[0];

/**
 * Home's loader data: the setup guide, today's board and the deliveries needing attention, read
 * together from the database and Shopify; the courier is never asked while the page loads (its
 * health comes from the background check, app/onboarding/courier-health.server.ts).
 */
export async function homePageData(
  deps: StatusDeps,
  shopDomain: string,
): Promise<{
  status: OnboardingStatus | null;
  attention: AttentionList;
  today: TodayBoard | null;
  capacity: CapacityLocation[];
  diagnosis: DiagnosisCause[];
}> {
  const [status, attention, today, capacity] = await Promise.all([
    onboardingStatus(deps, shopDomain),
    attentionList(deps.db, shopDomain),
    todayBoardData(deps, shopDomain),
    capacityData(deps.db, shopDomain, deps.clock()),
  ]);
  // Insights' "why is my rate not showing?", from the status just read.
  const diagnosis = status ? await diagnosisFor(deps.db, shopDomain, deps.clock(), status) : [];
  return { status, attention, today, capacity, diagnosis };
}
