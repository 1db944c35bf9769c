/**
 * What applying courier events does for a return's collection (a Shipment of kind "return_pickup"):
 * its tracking lives on the return's reverse deliveries (app/returns/reverse-delivery.server.ts), not on a
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

/** What a shipment is to staff: a delivery, a return's collection, or a leg of an exchange's round trip. */
export type LegRole = "delivery" | "return_collection" | "exchange_delivery" | "exchange_collection";

export type LegFacts = { kind?: string | null; batchReferenceId?: string | null; batchSequence?: number | null };

export function legRole(shipment: LegFacts): LegRole {
  const roundTrip = Boolean(shipment.batchReferenceId);
  if (isReturnPickup(shipment)) return roundTrip ? "exchange_collection" : "return_collection";
  return roundTrip ? "exchange_delivery" : "delivery";
}

/** The role in a few words, for a column, a badge or a CSV cell. */
export const LEG_ROLE_WORDS: Readonly<Record<LegRole, string>> = {
  delivery: "Delivery",
  return_collection: "Return collection",
  exchange_delivery: "Exchange: new items to the customer",
  exchange_collection: "Exchange: returned items from the customer",
};

/** "Delivery for #1001", "Return collection for #1001", "Exchange for #1001: returned items from the customer". */
export function legTitle(shipment: LegFacts, orderName: string): string {
  const role = legRole(shipment);
  if (role === "delivery") return `Delivery for ${orderName}`;
  if (role === "return_collection") return `Return collection for ${orderName}`;
  return `Exchange for ${orderName}: ${role === "exchange_delivery" ? "new items to the customer" : "returned items from the customer"}`;
}
