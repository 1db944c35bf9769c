import type { DeliveryArea } from "~/settings/shop-settings";
import { areaOf, areaVerdict, type AreaVerdict } from "~/quote/public";

/**
 * The delivery area at dispatch time (pure). Checkout hides a rate outside a pickup location's area, but
 * orders reach dispatch without that check: Shopify Local Delivery orders, "every paid order the courier
 * can deliver", and rates quoted before the merchant narrowed the area. The ZIP rule needs only the
 * fulfillment order's address (app/dispatch/order-to-shipments.ts); the radius needs the courier's
 * estimated_distance, which the dispatch does not have before it creates the shipment.
 */

/**
 * How the radius rule is kept for one automatic dispatch:
 * - `none`: the location has no radius (or staff dispatch by hand: they decide the area themselves);
 * - `kept_at_checkout`: the shopper's rate was quoted (and the radius checked with the courier's distance)
 *   after the shop's settings last changed, so the same radius already held for this cart;
 * - `ask_courier`: one estimate before the create. The create's own answer comes too late: by then the
 *   shipment is offered to drivers and the recipient may have had a text, and undoing it is a second call.
 */
export type RadiusCheck = "none" | "kept_at_checkout" | "ask_courier";

export function radiusCheckAtDispatch(input: {
  area: DeliveryArea | null;
  /** Staff asked for this dispatch (order page, orders list, dispatch again). */
  byStaff: boolean;
  /** When checkout last quoted this cart in the order's window (the quote memory), or null. */
  quotedAt: Date | null;
  /** When the shop's settings (and so the area) last changed. */
  settingsChangedAt: Date;
}): RadiusCheck {
  if (input.byStaff || !input.area || input.area.radiusMiles === null) return "none";
  if (input.quotedAt !== null && input.quotedAt.getTime() > input.settingsChangedAt.getTime())
    return "kept_at_checkout";
  return "ask_courier";
}

/** What staff read on the delivery (Home's attention list, the timeline) when the area kept it back. */
export function outsideAreaReason(pickupName: string, verdict: Extract<AreaVerdict, { inside: false }>): string {
  return `Outside the delivery area of ${pickupName}: ${verdict.message} Not dispatched automatically; dispatch it by hand from the order if you deliver there.`;
}

/**
 * What staff read beside a quote on the order page when the address is outside the area of the
 * shipment's pickup location (null inside, or without an area): the ZIP rule from the request's address,
 * the radius from the estimate's distance.
 */
export function outsideAreaNote(
  areas: readonly DeliveryArea[],
  planned: {
    locationGid: string;
    request: { pickup_location: { address: { name?: string } }; delivery_location: { address: { zip: string } } };
  },
  distanceMiles: number | null,
): string | null {
  const area = areaOf(areas, planned.locationGid);
  const verdict = areaVerdict(area, { zip: planned.request.delivery_location.address.zip, distanceMiles });
  if (verdict.inside) return null;
  const name = planned.request.pickup_location.address.name ?? "the pickup location";
  return `Outside the delivery area of ${name}: ${verdict.message} The app did not dispatch it on its own; dispatch it here if you deliver there.`;
}
