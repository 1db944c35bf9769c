import { NO_RATE_REASONS, PRICE_SOURCES } from "~/quote/public";
import type { DeliveryFigures, FigureKey } from "./delivery-figures";
import type { FunnelFigures } from "./funnel-figures";

/**
 * Every Insights figure with its value in the period and in the previous equal period, in the order
 * the page shows them; the CSV of the deliveries behind it when there is one. Pure.
 */

export type FigureUnit = "count" | "share" | "cents" | "minutes" | "per_dollar" | "ms";

export interface Figure {
  key: string;
  group: string;
  label: string;
  unit: FigureUnit;
  current: number | null;
  previous: number | null;
  csv: FigureKey | null;
}

export const PRICE_SOURCE_WORDS = {
  live: "Live courier price",
  cache: "Recent courier price (cache)",
  memory: "Remembered price",
  model: "Estimated price",
  fallback: "Fallback price",
} as const;

export const NO_RATE_WORDS = {
  out_of_area: "Out of the delivery area",
  closed: "Closed or cutoff passed",
  slot_full: "Every slot full",
  courier: "Courier error or slow",
  address: "Address not found",
  cart: "Cart not deliverable",
  setup: "Store setup (pickup location, prices)",
  other: "Other (unreadable request, app busy)",
} as const;

export function figureList(
  now: { deliveries: DeliveryFigures; funnel: FunnelFigures },
  before: { deliveries: DeliveryFigures; funnel: FunnelFigures },
): Figure[] {
  const figures: Figure[] = [];
  const add = (
    group: string,
    key: string,
    label: string,
    unit: FigureUnit,
    csv: FigureKey | null,
    value: (f: { deliveries: DeliveryFigures; funnel: FunnelFigures }) => number | null | undefined,
  ) => figures.push({ key, group, label, unit, csv, current: value(now) ?? null, previous: value(before) ?? null });

  add("Deliveries", "delivered", "Delivered", "count", "outcomes", (f) => f.deliveries.outcomes.delivered);
  add("Deliveries", "returned", "Returned to the store", "count", "outcomes", (f) => f.deliveries.outcomes.returned);
  add("Deliveries", "canceled", "Cancelled", "count", "outcomes", (f) => f.deliveries.outcomes.canceled);
  add("Deliveries", "expired", "Expired (no driver)", "count", "outcomes", (f) => f.deliveries.outcomes.expired);
  add(
    "On time",
    "on_time_share",
    "Delivered inside the chosen window",
    "share",
    "on_time",
    (f) => f.deliveries.onTime.share,
  );
  add("On time", "late", "Late", "count", "late", (f) => f.deliveries.onTime.late);
  add(
    "On time",
    "late_store",
    "Late: store not ready at pickup",
    "count",
    "late",
    (f) => f.deliveries.lateBlame.store_not_ready,
  );
  add("On time", "late_driver", "Late: no driver in time", "count", "late", (f) => f.deliveries.lateBlame.no_driver);
  add(
    "On time",
    "late_after_pickup",
    "Late: driver late after pickup",
    "count",
    "late",
    (f) => f.deliveries.lateBlame.driver_after_pickup,
  );
  add(
    "Speed",
    "paid_median",
    "Payment to delivery, median",
    "minutes",
    "paid_to_delivered",
    (f) => f.deliveries.paidToDeliveredMinutes.median,
  );
  add(
    "Speed",
    "paid_p90",
    "Payment to delivery, 90th percentile",
    "minutes",
    "paid_to_delivered",
    (f) => f.deliveries.paidToDeliveredMinutes.p90,
  );
  add("Money", "courier_cost", "Courier cost", "cents", "money", (f) => f.deliveries.money.courierCents);
  add(
    "Money",
    "shopper_paid",
    "Shoppers paid for delivery",
    "cents",
    "money",
    (f) => f.deliveries.money.shopperPaidCents,
  );
  add("Money", "raises_cost", "Driver pay raises", "cents", "money", (f) => f.deliveries.money.raisesCents);
  add("Money", "tips", "Tips", "cents", "money", (f) => f.deliveries.money.tipsCents);
  add(
    "Money",
    "margin_per_delivery",
    "Margin per delivery",
    "cents",
    "money",
    (f) => f.deliveries.money.marginPerDeliveryCents,
  );
  add(
    "No-driver raises",
    "raised_deliveries",
    "Deliveries given a raise",
    "count",
    "raises",
    (f) => f.deliveries.raises.deliveries,
  );
  add("No-driver raises", "raised_saved", "Of those, delivered", "count", "raises", (f) => f.deliveries.raises.saved);
  add(
    "No-driver raises",
    "saved_per_dollar",
    "Deliveries saved per dollar raised",
    "per_dollar",
    "raises",
    (f) => f.deliveries.raises.savedPerDollar,
  );
  add("Returns", "returns_collected", "Returns collected", "count", "returns", (f) => f.deliveries.returns.collected);
  add("Returns", "exchanges", "Of those, exchanges", "count", "returns", (f) => f.deliveries.returns.exchanges);
  add("Checkout", "rate_requests", "Rate requests", "count", null, (f) => f.funnel.total.requests);
  add("Checkout", "rated_share", "Answered with a rate", "share", null, (f) => f.funnel.ratedShare);
  for (const source of PRICE_SOURCES)
    add(
      "Checkout",
      `rated_${source}`,
      `With a rate: ${PRICE_SOURCE_WORDS[source]}`,
      "count",
      null,
      (f) => f.funnel.total.rated[source],
    );
  for (const reason of NO_RATE_REASONS)
    add(
      "Checkout",
      `none_${reason}`,
      `No rate: ${NO_RATE_WORDS[reason]}`,
      "count",
      null,
      (f) => f.funnel.total.none[reason],
    );
  add("Checkout", "answer_p50", "Answer time p50 (at most)", "ms", null, (f) => f.funnel.p50Ms);
  add("Checkout", "answer_p95", "Answer time p95 (at most)", "ms", null, (f) => f.funnel.p95Ms);
  return figures;
}

/** The change from the previous period: the difference, and the ratio when the previous is not 0. */
export function changeOf(figure: Pick<Figure, "current" | "previous">): { delta: number | null; ratio: number | null } {
  if (figure.current === null || figure.previous === null) return { delta: null, ratio: null };
  const delta = figure.current - figure.previous;
  return { delta, ratio: figure.previous === 0 ? null : delta / Math.abs(figure.previous) };
}
