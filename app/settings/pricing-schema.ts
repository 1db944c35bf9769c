import { z } from "zod";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { TagList } from "./tags-schema";
import { choice, decimalNumber, optionalCents, requiredCents } from "./form-fields";
import {
  FIXED_MARKUP_CENTS_LIMIT,
  MARKUP_PERCENT_MAX,
  MARKUP_PERCENT_MIN,
  MAX_PRICE_CENTS,
  MAX_SUBTOTAL_CENTS,
  PRICE_TOLERANCE_MAX_CENTS,
  PRICE_TOLERANCE_MAX_PERCENT,
  PRICE_TOLERANCE_UNITS,
  ROUNDING_MODES,
} from "./limits";

export const PricingRules = z
  .object({
    markupPercent: decimalNumber(
      MARKUP_PERCENT_MIN,
      MARKUP_PERCENT_MAX,
      `Enter a percentage from ${MARKUP_PERCENT_MIN} to ${MARKUP_PERCENT_MAX}`,
    ),
    fixedMarkupCents: requiredCents(-FIXED_MARKUP_CENTS_LIMIT, FIXED_MARKUP_CENTS_LIMIT),
    rounding: choice(ROUNDING_MODES, "Choose how prices are rounded"),
    /** Delivery is free when the order subtotal is at least this much; null: never free. */
    freeAboveSubtotalCents: optionalCents(0, MAX_SUBTOTAL_CENTS),
    /** Delivery is free for customers with any of these tags (the rate request's customer.tags); missing: none. */
    freeForCustomerTags: TagList.optional(),
    minimumPriceCents: optionalCents(0, MAX_PRICE_CENTS),
    maximumPriceCents: optionalCents(0, MAX_PRICE_CENTS),
  })
  .superRefine((rules, ctx) => {
    if (hasIssueUnder(ctx.issues, "minimumPriceCents") || hasIssueUnder(ctx.issues, "maximumPriceCents")) return;
    if (
      rules.minimumPriceCents !== null &&
      rules.maximumPriceCents !== null &&
      rules.minimumPriceCents > rules.maximumPriceCents
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["maximumPriceCents"],
        message: "The maximum price must not be below the minimum price",
      });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type PricingRules = z.infer<typeof PricingRules>;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export const PriceTolerance = z
  .object({
    unit: choice(PRICE_TOLERANCE_UNITS, "Choose dollars or percent"),
    amount: decimalNumber(0, PRICE_TOLERANCE_MAX_CENTS, "Enter an amount of 0 or more"),
  })
  .superRefine((tolerance, ctx) => {
    if (hasIssueUnder(ctx.issues, "unit") || hasIssueUnder(ctx.issues, "amount")) return;
    if (tolerance.unit === "percent" && tolerance.amount > PRICE_TOLERANCE_MAX_PERCENT) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `Enter a percentage from 0 to ${PRICE_TOLERANCE_MAX_PERCENT}`,
      });
    }
    if (tolerance.unit === "cents" && !Number.isInteger(tolerance.amount)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter a whole number of cents" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type PriceTolerance = z.infer<typeof PriceTolerance>;
