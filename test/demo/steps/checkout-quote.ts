/**
 * Step 2: a shopper reaches checkout with a cart fulfilled from two locations; Shopify calls the
 * registered carrier service with a signed rate request per location and offers the rates the app
 * answers with; the shopper chooses the scheduled slot, offered by name.
 */
import { serviceCodeFor } from "~/schedule/service-code";
import { checkout, dollars } from "../checkout";
import type { DemoContext, DemoStep } from "../context";
import { demoSlotLabel } from "../slot";
import { DEMO_TIME_ZONE, SHOPPER, twoLocationCart } from "../store";

/** The same-day window, offered alongside the slot (the return step's shopper picks it). */
export const SAME_DAY_WINDOW_ID = "within-3-hours";

export const checkoutQuote: DemoStep = {
  name: "Checkout quote",
  proves:
    "Shopify's signed rate requests (one per location) answered within the timeout with courier-priced rates in cents; a scheduled slot offered by name.",
  async run(ctx: DemoContext) {
    const { store, sandbox } = ctx.stack;
    const cart = twoLocationCart(store);
    const estimatesBefore = sandbox.requestLog.filter((r) => r.path === "/v1/estimates").length;
    ctx.say(
      `Cart to ${SHOPPER.address1}, ${SHOPPER.city}: ${cart.map((l) => `${l.quantity} × ${l.product.title}`).join(", ")}.`,
    );

    const { quotes, offered } = await checkout(ctx, cart);
    for (const quote of quotes) {
      ctx.say(
        `Rate request from ${quote.locationName} (${quote.lines.map((l) => `${l.quantity} × ${l.product.title}`).join(", ")}), answered in ${quote.ms} ms (X-Quote-Source: ${quote.source}):`,
      );
      for (const rate of quote.rates) {
        ctx.say(
          `  ${rate.service_name.padEnd(27)} ${dollars(rate.total_price).padStart(8)}   ${rate.min_delivery_date} → ${rate.max_delivery_date}   ${rate.service_code}`,
        );
      }
      ctx.check(
        quote.rates.length > 0 && quote.source === "live",
        `quote from ${quote.locationName}: same-day rates priced by a live courier estimate`,
        () => `${quote.rates.length} rates, source ${quote.source}`,
      );
    }
    const estimates = sandbox.requestLog.filter((r) => r.path === "/v1/estimates").length - estimatesBefore;
    ctx.check(estimates > 0, "quote: the courier was asked for estimates", () => `${estimates} estimates`);

    ctx.check(
      offered.some((r) => r.service_code === serviceCodeFor(SAME_DAY_WINDOW_ID)),
      `checkout: the "${SAME_DAY_WINDOW_ID}" window is offered for the whole cart`,
      () => offered.map((r) => r.service_code).join(", ") || "nothing offered",
    );
    const slot = ctx.state.slot;
    ctx.check(slot, "a scheduled slot was set up (step 1)");
    const chosen = offered.find((r) => r.service_code === slot.serviceCode);
    ctx.check(
      chosen,
      `checkout: the slot ${slot.serviceCode} is offered for the whole cart`,
      () => offered.map((r) => r.service_code).join(", ") || "nothing offered",
    );
    const label = demoSlotLabel(slot, new Date(), DEMO_TIME_ZONE);
    ctx.check(
      chosen.service_name === label,
      `checkout: the slot is offered by name ("${label}")`,
      () => chosen.service_name,
    );
    ctx.say(
      `Checkout offers ${offered.map((r) => `"${r.service_name}" ${dollars(r.total_price)}`).join(", ")} (both locations' rates added).`,
    );
    ctx.state.chosenRate = chosen;
    ctx.say(`The shopper chooses the slot "${chosen.service_name}" for ${dollars(chosen.total_price)}.`);
  },
};
