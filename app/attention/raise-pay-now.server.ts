import { JobError } from "~/jobs/errors";
import { formatMoney } from "~/text/format";
import { parseShopSettings } from "~/settings/shop-settings";
import { COURIER_NOT_CONNECTED } from "~/courier/errors";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { type StaffDeps, StaffActionError } from "~/staff/public";
import { findShopShipment } from "~/staff/public.server";
import {
  confirmRaise,
  dropRaise,
  reserveRaise,
  createdOptions,
  raiseExtraCompensation,
  startingExtraCents,
} from "~/watchdog/public.server";

/**
 * "Raise pay now": one raise of the driver's extra compensation when staff ask, through the
 * watchdog's ledger, so the shop's step and caps (Settings › no driver yet) hold for staff as for the
 * watchdog. Allowed whether or not automatic raises are on: staff chose to spend it.
 */

export const RAISE_NOT_WAITING = "A driver has already taken this delivery, or it has ended: there is no pay to raise.";
export const RAISE_JUST_ASSIGNED = "A driver took the delivery just now: no raise was needed.";

export type RaisePayResult = { raisedCents: number; extraCompensationCents: number };

export async function raisePayNow(
  deps: StaffDeps,
  input: { shopDomain: string; shipmentId: string; staff: StaffActor },
): Promise<RaisePayResult> {
  const { shop, shipment } = await findShopShipment(deps.db, input.shopDomain, input.shipmentId);
  if (shipment.state !== "scheduled" || !shipment.courierShipmentId) throw new StaffActionError(409, RAISE_NOT_WAITING);
  const courier = await deps.courierFor(input.shopDomain);
  if (!courier) throw new StaffActionError(409, COURIER_NOT_CONNECTED);
  const settings = parseShopSettings(shop.settingsJson).noDriverWatch;
  const options = createdOptions(shipment.requestJson);
  const now = deps.clock();
  const raise = await reserveRaise(deps.db, {
    shop: { id: shop.id, timezone: shop.timezone },
    shipmentId: shipment.id,
    courierShipmentId: shipment.courierShipmentId,
    checkAt: now,
    settings,
    startingExtraCents: startingExtraCents(options),
    now,
  });
  if (!raise)
    throw new StaffActionError(
      409,
      `The driver's pay has reached its limit (${formatMoney(settings.maxPerShipmentCents)} per delivery, ${formatMoney(settings.maxPerShopPerDayCents)} a day): raise the limits in Settings, or cancel the delivery.`,
    );
  let outcome;
  try {
    outcome = await raiseExtraCompensation(courier, {
      courierShipmentId: raise.courierShipmentId,
      options,
      extraCompensationCents: raise.extraCompensationCents,
    });
  } catch (error) {
    // Nothing is retried for staff: the reservation goes, and the next press sends the same absolute amount.
    await dropRaise(deps.db, raise);
    if (error instanceof JobError) throw new StaffActionError(503, error.message, { cause: error });
    throw error;
  }
  if (outcome.kind === "already_assigned") {
    await dropRaise(deps.db, raise);
    throw new StaffActionError(409, RAISE_JUST_ASSIGNED);
  }
  const at = deps.clock();
  await confirmRaise(deps.db, raise, outcome.priceCents, at);
  await recordStaffAction(deps.db, {
    shop: { id: shop.id },
    shipmentId: shipment.id,
    action: STAFF_ACTIONS.raisePay,
    detail: `Raised the driver's pay by ${formatMoney(raise.amountCents)} (extra compensation now ${formatMoney(raise.extraCompensationCents)}).`,
    staff: input.staff,
    at,
  });
  return { raisedCents: raise.amountCents, extraCompensationCents: raise.extraCompensationCents };
}
