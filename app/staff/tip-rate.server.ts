import {
  RATING_MAX,
  type RatingRequest,
  type ShipmentView,
  type TipRequest,
} from "../../extensions/shared/api-contract";
import { recordOnShipment } from "~/shipments/record.server";
import { STAFF_ACTIVITY } from "~/shipments/activity-kinds";
import { courierShipment } from "./courier-shipment.server";
import type { StaffDeps } from "./deps";
import { courierCall } from "./errors";
import { shipmentViewModel } from "./shipments.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";

/**
 * Tip and rating: each once per shipment. The app checks its own record and the window first
 * (acceptance until 3 days after delivery for a tip; a finished delivery for a rating), the
 * courier enforces them again (error 1003), and the result is stored with a timeline entry.
 */

export const TIP_REFUSED_BY_COURIER =
  "The courier did not accept the tip: the driver was already tipped or the tip window has closed.";
export const RATING_REFUSED_BY_COURIER = "The courier did not accept the rating: the driver was already rated.";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function tipDriver(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; request: TipRequest; staff: StaffActor },
): Promise<ShipmentView> {
  const { shop, shipment, courier, courierId } = await courierShipment(deps, { ...input, action: "tip" });
  const cents = Math.round(input.request.amountDollars * 100);
  await courierCall(() => courier.tip(courierId, cents / 100, { lane: "background" }), TIP_REFUSED_BY_COURIER);
  const at = deps.clock();
  await deps.db.$transaction(async (tx) => {
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at,
      data: { tipCents: cents },
      entry: { kind: STAFF_ACTIVITY.tip, message: `Staff tipped the driver ${dollars(cents)}.` },
    });
    await recordStaffAction(tx, {
      shop: { id: shop.id },
      shipmentId: shipment.id,
      action: STAFF_ACTIONS.tip,
      detail: `Tipped the driver ${dollars(cents)}.`,
      staff: input.staff,
      at,
    });
  });
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}

export async function rateDriver(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; request: RatingRequest; staff: StaffActor },
): Promise<ShipmentView> {
  const { shop, shipment, courier, courierId } = await courierShipment(deps, { ...input, action: "rate" });
  const value = input.request.value;
  await courierCall(() => courier.rate(courierId, value, { lane: "background" }), RATING_REFUSED_BY_COURIER);
  const at = deps.clock();
  await deps.db.$transaction(async (tx) => {
    await recordOnShipment(tx, {
      shipmentId: shipment.id,
      at,
      data: { rating: value },
      entry: { kind: STAFF_ACTIVITY.rating, message: `Staff rated the driver ${value} out of ${RATING_MAX}.` },
    });
    await recordStaffAction(tx, {
      shop: { id: shop.id },
      shipmentId: shipment.id,
      action: STAFF_ACTIONS.rating,
      detail: `Rated the driver ${value} out of ${RATING_MAX}.`,
      staff: input.staff,
      at,
    });
  });
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}
