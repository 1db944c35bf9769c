import { actionRefusal, type ShipmentAction } from "../../extensions/shared/shipment-rules";
import type { StaffDeps } from "./deps";
import { COURIER_NOT_CONNECTED } from "~/courier/errors";
import { StaffActionError } from "./errors";
import { findShopShipment, shipmentViewModel } from "./shipments.server";

export const NOT_BOOKED = "This delivery is not booked with the courier.";

/**
 * The shop's shipment that a staff action takes to the courier, with the shop's courier client.
 * Refuses another shop's shipment (404); refuses with 409 a shipment whose state no longer allows
 * `action` (the rules by which the pages and the extensions offer it), one not booked with the
 * courier (`notBooked` says why), and a shop with no courier account connected.
 */
export async function courierShipment(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; action?: ShipmentAction; notBooked?: string },
) {
  const { shop, shipment } = await findShopShipment(deps.db, input.shopDomain, input.shipmentId);
  const refusal = input.action
    ? actionRefusal(await shipmentViewModel(deps, shop.domain, shipment.id), input.action, deps.clock())
    : null;
  if (refusal || !shipment.courierShipmentId) throw new StaffActionError(409, refusal ?? input.notBooked ?? NOT_BOOKED);
  const courier = await deps.courierFor(shop.domain);
  if (!courier) throw new StaffActionError(409, COURIER_NOT_CONNECTED);
  return { shop, shipment, courier, courierId: shipment.courierShipmentId };
}
