/**
 * Step 2: a shopper reaches checkout with a cart fulfilled from two locations; Shopify calls the
 * registered carrier service with a signed rate request per location and offers the rates the app
 * answers with.
 */
import { serviceCodeFor } from "~/schedule/service-code";
import { checkout, dollars } from "../checkout";
import type { DemoContext, DemoStep } from "../context";
import { SHOPPER, twoLocationCart } from "../store";

/** The delivery window the shopper picks (the courier sandbox drives bookings that start soon). */
export const CHOSEN_WINDOW_ID = "within-3-hours";

export const checkoutQuote: DemoStep = {
  name: "Checkout quote",
  proves:
    "Shopify's signed rate requests (one per location) answered within the timeout with courier-priced rates in cents.",
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
        quote.rates.length > 0 && quote.source === "courier",
        `quote from ${quote.locationName}: same-day rates priced by a live courier estimate`,
        () => `${quote.rates.length} rates, source ${quote.source}`,
      );
    }
    const estimates = sandbox.requestLog.filter((r) => r.path === "/v1/estimates").length - estimatesBefore;
    ctx.check(estimates > 0, "quote: the courier was asked for estimates", () => `${estimates} estimates`);

    const chosen = offered.find((r) => r.service_code === serviceCodeFor(CHOSEN_WINDOW_ID));
    ctx.check(
      chosen,
      `checkout: the "${CHOSEN_WINDOW_ID}" window is offered for the whole cart`,
      () => offered.map((r) => r.service_code).join(", ") || "nothing offered",
    );
    ctx.say(
      `Checkout offers ${offered.map((r) => `"${r.service_name}" ${dollars(r.total_price)}`).join(", ")} (both locations' rates added).`,
    );
    ctx.state.chosenRate = chosen;
    ctx.say(`The shopper chooses "${chosen.service_name}" for ${dollars(chosen.total_price)}.`);
  },
};
