/**
 * The rate callback's answer is bounded even when the shop cannot be read: a database held by a long
 * write (or a read that fails) gives checkout no rate within the default budget, never a hang or an
 * error (issue 22: signed rate requests, whatever their body, went unanswered for more than 12 s).
 */
import { describe, expect, it } from "vitest";
import { createEstimateCache } from "~/quote/estimate-cache.server";
import { createPostalCentroids } from "~/quote/postal-centroids.server";
import { createPriceMemory } from "~/quote/price-memory";
import { quoteRates, RESPONSE_MARGIN_MS, type QuoteDeps } from "~/quote/quote.server";
import type { QuoteShop } from "~/quote/quote-shop.server";
import { TIME_BUDGET_MS_DEFAULT } from "~/settings/limits";
import { testBudgetTimer } from "./budget-timer";

const clock = () => new Date("2026-11-25T18:00:00Z");

function deps(shopFor: QuoteDeps["shopFor"], warnings: string[] = []): QuoteDeps {
  return {
    clock,
    shopFor,
    courierFor: async () => null,
    estimates: createEstimateCache({ clock }),
    prices: createPriceMemory({ clock }),
    centroids: createPostalCentroids(),
    memory: { remember: async () => undefined } as unknown as QuoteDeps["memory"],
    logger: { warn: (event) => warnings.push(event) },
    takenPlaces: async () => new Map(),
  };
}

describe("reading the shop", () => {
  it("answers no rates once the default budget (less the margin) ends while the read never does", async () => {
    const budget = testBudgetTimer();
    const never = () => new Promise<QuoteShop | null>(() => {});
    const answer = quoteRates(
      { ...deps(never), budgetTimer: budget.timer },
      { shopDomain: "a.myshopify.com", body: "" },
    );
    await expect.poll(() => budget.asked).toEqual([TIME_BUDGET_MS_DEFAULT - RESPONSE_MARGIN_MS]);
    budget.endAll();
    const result = await answer;
    expect(result).toMatchObject({ status: 200, body: { rates: [] }, source: "none", reason: "shop_unavailable" });
  });

  it("answers no rates at once when the read fails, and says so in a warning without details", async () => {
    const warnings: string[] = [];
    const failing = () => Promise.reject(new TypeError("connection lost"));
    const result = await quoteRates(deps(failing, warnings), { shopDomain: "a.myshopify.com", body: "{}" });
    expect(result).toMatchObject({ status: 200, body: { rates: [] }, reason: "shop_unavailable" });
    expect(warnings).toEqual(["shop not read"]);
  });
});
