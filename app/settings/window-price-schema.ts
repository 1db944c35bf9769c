import { z } from "zod";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { choice, decimalNumber, optionalCents, requiredCents } from "./form-fields";
import { AREA_RADIUS_MILES_MAX, MAX_DISTANCE_TIERS, MAX_PRICE_CENTS, WINDOW_PRICE_MODES } from "./limits";

/**
 * What a delivery window (each of its slots alike) costs the shopper, set by the merchant:
 * - courier: the courier's price through the shop's pricing rules (markup, rounding, minimum, maximum);
 * - flat: one price;
 * - distance_tiers: by the courier's estimated distance ("up to 3 mi $6, up to 8 mi $9"); beyond the
 *   last tier the window is not offered.
 * Then a surcharge for this window, and the window is offered only while the courier charges at most
 * `offerWhileCourierAtMostCents` (null: any price). Free delivery (subtotal, customer tags) is the shop's
 * rule (PricingRules) and applies last.
 */

const DistanceTier = z.object({
  upToMiles: decimalNumber(0, AREA_RADIUS_MILES_MAX, `Enter miles above 0, up to ${AREA_RADIUS_MILES_MAX}`, {
    exclusiveMin: true,
  }),
  priceCents: requiredCents(0, MAX_PRICE_CENTS),
});

export const WindowPrice = z
  .object({
    mode: choice(WINDOW_PRICE_MODES, "Choose how this window is priced"),
    flatCents: optionalCents(0, MAX_PRICE_CENTS),
    tiers: z.preprocess(
      // A form posts "" for no tiers (an empty list posts nothing).
      (value) => (value === "" || value === undefined || value === null ? [] : value),
      z.array(DistanceTier).max(MAX_DISTANCE_TIERS, `Use at most ${MAX_DISTANCE_TIERS} distance tiers`),
    ),
    surchargeCents: requiredCents(0, MAX_PRICE_CENTS),
    offerWhileCourierAtMostCents: optionalCents(0, MAX_PRICE_CENTS),
  })
  .superRefine((price, ctx) => {
    if (hasIssueUnder(ctx.issues, "mode")) return;
    if (price.mode === "flat" && price.flatCents === null && !hasIssueUnder(ctx.issues, "flatCents")) {
      ctx.addIssue({ code: "custom", path: ["flatCents"], message: "Enter the flat price" });
    }
    if (price.mode === "distance_tiers" && Array.isArray(price.tiers) && !hasIssueUnder(ctx.issues, "tiers")) {
      if (price.tiers.length === 0) {
        ctx.addIssue({ code: "custom", path: ["tiers"], message: "Add at least one distance tier" });
      }
      price.tiers.forEach((tier, index) => {
        const previous = price.tiers[index - 1];
        if (previous && tier.upToMiles <= previous.upToMiles) {
          ctx.addIssue({
            code: "custom",
            path: ["tiers", index, "upToMiles"],
            message: "Each tier must reach further than the one before",
          });
        }
      });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export type WindowPrice = z.infer<typeof WindowPrice>;

/** Windows saved before per-window prices: the courier's price through the shop's rules, as before. */
export const COURIER_PRICED: WindowPrice = {
  mode: "courier",
  flatCents: null,
  tiers: [],
  surchargeCents: 0,
  offerWhileCourierAtMostCents: null,
};
