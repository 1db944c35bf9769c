import { onboardingStatus, type OnboardingStatus } from "~/onboarding/status.server";
import { attentionList, type AttentionList } from "~/routes/app.attention/attention-list.server";

type StatusDeps = Parameters<typeof onboardingStatus>[0];

/** Home's loader data: the setup checklist and the deliveries needing attention, read together. */
export async function homePageData(
  deps: StatusDeps,
  shopDomain: string,
): Promise<{ status: OnboardingStatus | null; attention: AttentionList }> {
  const [status, attention] = await Promise.all([
    onboardingStatus(deps, shopDomain),
    attentionList(deps.db, shopDomain),
  ]);
  return { status, attention };
}
