/**
 * What applying courier events does for a return's collection (a Shipment of kind "return_pickup"):
 * its tracking lives on the return's reverse deliveries (reverse-delivery.server.ts), not on a
 * fulfillment, so only the order's attention tag follows its events; its state, failures and
 * cancellations are kept as for any shipment. Neither Flow's delivery triggers nor the shoppers'
 * delivery summary take it for a delivery. Pure.
 */

export const RETURN_PICKUP = "return_pickup";

export function isReturnPickup(shipment: { kind?: string | null }): boolean {
  return shipment.kind === RETURN_PICKUP;
}

/** The Shopify actions of an event that apply to this shipment. */
export function actionsFor<A extends { kind: string }>(shipment: { kind?: string | null }, actions: A[]): A[] {
  if (!isReturnPickup(shipment)) return actions;
  return actions.filter((action) => action.kind === "tag_for_attention" || action.kind === "clear_attention");
}

/** The order's deliveries, without its return collections. */
export function deliveriesOnly<S extends { kind?: string | null }>(shipments: S[]): S[] {
  return shipments.filter((shipment) => !isReturnPickup(shipment));
}
