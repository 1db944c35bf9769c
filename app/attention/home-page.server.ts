import { onboardingStatus, type OnboardingStatus } from "~/onboarding/status.server";
import { todayBoardData, type TodayBoard } from "~/shipments/today.server";
import { attentionList, type AttentionList } from "./attention-list.server";

type StatusDeps = Parameters<typeof onboardingStatus>[0];

/**
 * Home's loader data: the setup guide, today's board and the deliveries needing attention, read
 * together from the database and Shopify; the courier is never asked while the page loads (its
 * health comes from the background check, app/onboarding/courier-health.server.ts).
 */
export async function homePageData(
  deps: StatusDeps,
  shopDomain: string,
): Promise<{ status: OnboardingStatus | null; attention: AttentionList; today: TodayBoard | null }> {
  const [status, attention, today] = await Promise.all([
    onboardingStatus(deps, shopDomain),
    attentionList(deps.db, shopDomain),
    todayBoardData(deps, shopDomain),
  ]);
  return { status, attention, today };
}
