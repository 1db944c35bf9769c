/**
 * The courier's repost of an expired shipment (`shipment.reposted`): a new courier shipment with its
 * own tracking number, price and window takes the old one's place. The event names only the new id
 * and tracking number, so the price and window come from the courier's record of the new shipment.
 */
import type { Shipment as CourierShipment } from "~/courier/responses";
import { dollarsToCents } from "~/quote/public";

/** What the new shipment replaces on our record; a field the courier left out keeps the old value. */
export type RepostTakeover = {
  trackingNumber?: string;
  priceCents?: number;
  pickupAfter?: Date;
  deliverStart?: Date;
  deliverEnd?: Date;
};

export function repostTakeover(remote: CourierShipment): RepostTakeover {
  const price = remote.price;
  return {
    ...(remote.tracking_number ? { trackingNumber: remote.tracking_number } : {}),
    ...(typeof price === "number" && Number.isFinite(price) && price >= 0 ? { priceCents: dollarsToCents(price) } : {}),
    ...(remote.pickup_after ? { pickupAfter: remote.pickup_after } : {}),
    ...(remote.deliver_between?.start ? { deliverStart: remote.deliver_between.start } : {}),
    ...(remote.deliver_between?.end ? { deliverEnd: remote.deliver_between.end } : {}),
  };
}

export function repostInWords(newCourierId: string, takeover: RepostTakeover): string {
  const parts = [
    takeover.trackingNumber ? `tracking number ${takeover.trackingNumber}` : null,
    takeover.priceCents !== undefined ? `price ${(takeover.priceCents / 100).toFixed(2)} USD` : null,
    takeover.deliverStart && takeover.deliverEnd
      ? `delivery between ${takeover.deliverStart.toISOString()} and ${takeover.deliverEnd.toISOString()}`
      : null,
  ].filter((part): part is string => part !== null);
  return `The courier's new shipment ${newCourierId} takes over${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

export const ATTENTION_CLEARED_BY_REPOST =
  "Attention cleared: the courier reposted the expired shipment and is finding a driver";
