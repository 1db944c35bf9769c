import { instantLabel } from "~/schedule/labels";
import { csvLine } from "~/text/csv";
import type { DeliveryRow } from "./delivery-figures";

/** The deliveries behind an Insights figure as CSV: one line per delivery, times in the shop's zone, money in dollars. Pure. */

export const INSIGHTS_CSV_HEADER = [
  "Order",
  "Pickup location",
  "Kind",
  "Outcome",
  "Window start",
  "Window end",
  "Delivered at",
  "On time",
  "Late because",
  "Courier cost",
  "Shopper paid",
  "Raises",
  "Tips",
  "Margin",
];

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export function insightsCsvText(
  rows: readonly DeliveryRow[],
  timeZone: string,
  locationNames: ReadonlyMap<string, string>,
): string {
  const when = (instant: Date | null) => (instant ? instantLabel(instant, timeZone) : null);
  let text = csvLine(INSIGHTS_CSV_HEADER);
  for (const row of rows) {
    const verdict = row.state === "delivered" ? row.deliveryVerdict : null;
    const margin =
      row.shopperPriceCents === null && row.priceCents === null
        ? null
        : (row.shopperPriceCents ?? 0) - (row.priceCents ?? 0) - row.raiseCents - (row.tipCents ?? 0);
    text += csvLine([
      row.orderName,
      locationNames.get(row.locationGid) ?? row.locationGid,
      row.kind === "return_pickup" ? "return pickup" : "delivery",
      row.state,
      when(row.deliverStart),
      when(row.deliverEnd),
      when(row.deliveredAt),
      verdict?.startsWith("late:") ? "late" : verdict,
      verdict?.startsWith("late:") ? verdict.slice(5) : null,
      dollars(row.priceCents),
      dollars(row.shopperPriceCents),
      dollars(row.raiseCents),
      dollars(row.tipCents),
      dollars(margin),
    ]);
  }
  return text;
}
