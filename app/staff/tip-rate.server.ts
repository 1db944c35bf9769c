import type { RatingRequest, ShipmentView, TipRequest } from "../../extensions/shared/api-contract";
import { actionRefusal } from "../../extensions/shared/shipment-rules";
import { STAFF_ACTIVITY } from "./activity";
import type { StaffDeps } from "./deps";
import { COURIER_NOT_CONNECTED, courierCall, StaffActionError } from "./errors";
import { findShopShipment, shipmentViewModel } from "./shipments.server";

/**
 * Tip and rating: each once per shipment. The app checks its own record and the window first
 * (acceptance until 3 days after delivery for a tip; a finished delivery for a rating), the
 * courier enforces them again (error 1003), and the result is stored with a timeline entry.
 */

export const TIP_REFUSED_BY_COURIER =
  "The courier did not accept the tip: the driver was already tipped or the tip window has closed.";
export const RATING_REFUSED_BY_COURIER = "The courier did not accept the rating: the driver was already rated.";

async function prepare(deps: StaffDeps, shopDomain: string, shipmentId: string, action: "tip" | "rate") {
  const { shop, shipment } = await findShopShipment(deps.db, shopDomain, shipmentId);
  const refusal = actionRefusal(await shipmentViewModel(deps, shop.domain, shipment.id), action, deps.clock());
  if (refusal || !shipment.courierShipmentId)
    throw new StaffActionError(409, refusal ?? "This delivery is not booked with the courier.");
  const courier = await deps.courierFor(shop.domain);
  if (!courier) throw new StaffActionError(409, COURIER_NOT_CONNECTED);
  return { shipment, courier, courierId: shipment.courierShipmentId };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function tipDriver(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; request: TipRequest },
): Promise<ShipmentView> {
  const { shipment, courier, courierId } = await prepare(deps, input.shopDomain, input.shipmentId, "tip");
  const cents = Math.round(input.request.amountDollars * 100);
  await courierCall(() => courier.tip(courierId, cents / 100, { lane: "background" }), TIP_REFUSED_BY_COURIER);
  await deps.db.$transaction(async (tx) => {
    await tx.shipment.update({ where: { id: shipment.id }, data: { tipCents: cents } });
    await tx.shipmentActivity.create({
      data: {
        shipmentId: shipment.id,
        kind: STAFF_ACTIVITY.tip,
        message: `Staff tipped the driver ${dollars(cents)}.`,
        createdAt: deps.clock(),
      },
    });
  });
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}

export async function rateDriver(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; request: RatingRequest },
): Promise<ShipmentView> {
  const { shipment, courier, courierId } = await prepare(deps, input.shopDomain, input.shipmentId, "rate");
  const value = input.request.value;
  await courierCall(() => courier.rate(courierId, value, { lane: "background" }), RATING_REFUSED_BY_COURIER);
  await deps.db.$transaction(async (tx) => {
    await tx.shipment.update({ where: { id: shipment.id }, data: { rating: value } });
    await tx.shipmentActivity.create({
      data: {
        shipmentId: shipment.id,
        kind: STAFF_ACTIVITY.rating,
        message: `Staff rated the driver ${value} out of 5.`,
        createdAt: deps.clock(),
      },
    });
  });
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}
