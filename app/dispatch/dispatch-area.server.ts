import type { CourierClient } from "~/courier/client.server";
import type { DeliveryArea } from "~/settings/shop-settings";
import { outsideAreaReason, type RadiusCheck } from "./dispatch-area";
import type { PlannedShipment } from "./order-to-shipments";
import { radiusVerdict } from "~/quote/public";

/**
 * The radius rule before an automatic create (app/dispatch/dispatch-area.ts says when it is needed): one
 * courier estimate of the very request about to be created, whose estimated_distance is measured as
 * checkout's is. Returns why the shipment stays undispatched, or null to go ahead. A courier error
 * (address not found, no route, a 5xx) propagates as the create's own would.
 */
export async function outsideRadius(
  courier: CourierClient,
  check: RadiusCheck,
  area: DeliveryArea | null,
  planned: PlannedShipment,
): Promise<string | null> {
  if (check !== "ask_courier") return null;
  const { items, pickup_location, delivery_location, pickup_after, deliver_between } = planned.request;
  const estimate = await courier.estimate(
    { items, pickup_location, delivery_location, pickup_after, deliver_between },
    { lane: "background" },
  );
  const verdict = radiusVerdict(area, estimate.estimated_distance ?? null);
  if (verdict.inside) return null;
  return outsideAreaReason(pickup_location.address.name ?? "the pickup location", verdict);
}
