/**
 * Whether the shop can use calculated rates at checkout (Shopify's carrier services), in words, with the
 * one action that fixes it. Shopify lets a carrier service be created on Advanced Shopify or higher, on a
 * development store, or on another plan with yearly billing or the feature added by Shopify Support
 * (../shared/reference/shopify-platform.md, "Store plan requirement"); the registration's answer settles it.
 * Pure.
 */

export type CheckoutCapability = {
  verdict: "yes" | "likely_not" | "no";
  summary: string;
  action: { content: string; url: string } | null;
};

/** Plan display names that include carrier-calculated rates. */
const PLANS_WITH_CALCULATED_RATES = /advanced|plus|enterprise|development|developer|staff|affiliate/i;

const SHOPIFY_PLAN_SETTINGS = "shopify://admin/settings/plan";

export function checkoutCapability(input: {
  planDisplayName: string | null;
  /** The app's carrier service exists in Shopify (registration succeeded). */
  registered: boolean;
  /** Shopify refused the registration for the store's plan. */
  refusedForPlan: boolean;
}): CheckoutCapability {
  const plan = input.planDisplayName?.trim() || "your plan";
  if (input.registered) {
    return { verdict: "yes", summary: `Calculated rates work on this store (${plan}).`, action: null };
  }
  if (input.refusedForPlan) {
    return {
      verdict: "no",
      summary: `Shopify refused calculated rates on ${plan}. Upgrade to Advanced, switch to yearly billing, or ask Shopify Support to add calculated rates; until then shoppers cannot see the app's rates.`,
      action: { content: "Open your Shopify plan", url: SHOPIFY_PLAN_SETTINGS },
    };
  }
  if (PLANS_WITH_CALCULATED_RATES.test(plan)) {
    return {
      verdict: "yes",
      summary: `${plan} includes calculated rates: register the app's rates with Shopify.`,
      action: null,
    };
  }
  return {
    verdict: "likely_not",
    summary: `${plan} includes calculated rates only with yearly billing or when Shopify Support adds them. Registering the app's rates tells for sure; if Shopify refuses, upgrade to Advanced or switch to yearly billing.`,
    action: { content: "Open your Shopify plan", url: SHOPIFY_PLAN_SETTINGS },
  };
}
