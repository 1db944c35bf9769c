import { describe, expect, it } from "vitest";
import { buildChecklist, type ChecklistFacts } from "~/onboarding/checklist";
import { checkoutCapability } from "~/onboarding/checkout-capability";

describe("checkoutCapability: can this store show calculated rates?", () => {
  it.each<[string, string | null, boolean, boolean, "yes" | "likely_not" | "no", RegExp, boolean]>([
    [
      "registered: Shopify accepted it, whatever the plan",
      "Basic",
      true,
      false,
      "yes",
      /work on this store \(Basic\)/,
      false,
    ],
    ["Advanced, not yet registered", "Advanced", false, false, "yes", /includes calculated rates: register/, false],
    ["Shopify Plus", "Shopify Plus", false, false, "yes", /includes calculated rates/, false],
    ["a development store", "Developer Preview", false, false, "yes", /includes calculated rates/, false],
    [
      "Basic, not yet registered",
      "Basic",
      false,
      false,
      "likely_not",
      /only with yearly billing.*upgrade to Advanced/,
      true,
    ],
    [
      "Grow, not yet registered",
      "Grow",
      false,
      false,
      "likely_not",
      /Grow includes calculated rates only with yearly billing/,
      true,
    ],
    ["no plan recorded", null, false, false, "likely_not", /^your plan includes/, true],
    [
      "Basic, refused by Shopify",
      "Basic",
      false,
      true,
      "no",
      /Shopify refused calculated rates on Basic\. Upgrade to Advanced/,
      true,
    ],
  ])("%s", (_name, plan, registered, refusedForPlan, verdict, summary, hasAction) => {
    const result = checkoutCapability({ planDisplayName: plan, registered, refusedForPlan });
    expect(result.verdict).toBe(verdict);
    expect(result.summary).toMatch(summary);
    expect(result.action !== null).toBe(hasAction);
  });

  it("is a prompt on Home, with its own action, only when the plan may not allow it", () => {
    const facts = {
      courier: { status: "not_connected" },
      pickupLocations: [],
      carrier: { status: "not_registered" },
      webhook: { secretSet: false, method: "hmac_sha256", lastEventAt: null },
      dispatchModeChosen: false,
      locationsWithoutHours: 0,
    } as unknown as ChecklistFacts;
    const basic = checkoutCapability({ planDisplayName: "Basic", registered: false, refusedForPlan: false });
    const [prompt] = buildChecklist({ ...facts, checkout: basic }, new Date()).prompts;
    expect(prompt).toMatchObject({
      id: "checkout",
      title: "Your plan may not show the app's rates",
      action: { content: "Open your Shopify plan", url: "shopify://admin/settings/plan" },
    });
    const advanced = checkoutCapability({ planDisplayName: "Advanced", registered: false, refusedForPlan: false });
    expect(buildChecklist({ ...facts, checkout: advanced }, new Date()).prompts).toEqual([]);
  });
});
