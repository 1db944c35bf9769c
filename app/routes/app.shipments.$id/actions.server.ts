import { cancelShipment } from "~/staff/cancel.server";
import { JobIdInput, retryDeadJob } from "~/staff/dead-jobs.server";
import type { StaffDeps, WithAdmin } from "~/staff/deps";
import { StaffActionError } from "~/staff/errors";
import { CancelInput, parseInput, RatingInput, TipInput } from "~/staff/inputs";
import { findShopShipment, parseShipmentId } from "~/staff/shipments.server";
import type { StaffActor } from "~/shops/staff-actor";
import { rateDriver, tipDriver } from "~/staff/tip-rate.server";
import { shipmentDetail } from "./detail.server";

/**
 * The shipment page's loader and action behind the route: the page data in the shop's time zone,
 * and the staff actions (cancel, tip, rate, retry a dead job) through the same service functions as
 * the admin extensions. A refused action is a result shown beside its form, never a thrown error.
 */

export type ShipmentPageDeps = StaffDeps;

export type ShipmentPageActionResult = {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
};

export async function shipmentPageData(deps: ShipmentPageDeps, shopDomain: string, rawShipmentId: unknown) {
  const shop = await deps.db.shop.findUnique({ where: { domain: shopDomain }, select: { timezone: true } });
  const timeZone = shop?.timezone ?? "UTC";
  try {
    const detail = await shipmentDetail(deps, shopDomain, parseShipmentId(rawShipmentId));
    return { detail, notFound: null, timeZone };
  } catch (error) {
    if (error instanceof StaffActionError && (error.status === 404 || error.status === 400)) {
      return { detail: null, notFound: error.message, timeZone };
    }
    throw error;
  }
}

async function runIntent(
  deps: ShipmentPageDeps & WithAdmin,
  intent: string,
  input: { shopDomain: string; shipmentId: string; fields: Record<string, unknown>; staff: StaffActor },
): Promise<ShipmentPageActionResult> {
  const { shopDomain, shipmentId, fields, staff } = input;
  switch (intent) {
    case "cancel":
      await cancelShipment(deps, { shopDomain, shipmentId, request: parseInput(CancelInput, fields), staff });
      return { intent, ok: true, message: "The delivery was canceled." };
    case "tip":
      await tipDriver(deps, { shopDomain, shipmentId, request: parseInput(TipInput, fields), staff });
      return { intent, ok: true, message: "The tip was sent to the driver." };
    case "rate":
      await rateDriver(deps, { shopDomain, shipmentId, request: parseInput(RatingInput, fields), staff });
      return { intent, ok: true, message: "Thanks, the rating was sent." };
    case "retry-job":
      // The job must belong to this shipment's shop; the shipment must be the shop's.
      await findShopShipment(deps.db, shopDomain, shipmentId);
      await retryDeadJob(deps, { shopDomain, shipmentId, jobId: parseInput(JobIdInput, fields).jobId, staff });
      return { intent, ok: true, message: "The task is queued again." };
    default:
      return { intent, ok: false, message: "This action is not known. Reload the page." };
  }
}

export async function runShipmentPageAction(
  deps: ShipmentPageDeps & WithAdmin,
  shopDomain: string,
  rawShipmentId: unknown,
  fields: Record<string, unknown>,
  staff: StaffActor,
): Promise<ShipmentPageActionResult> {
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  try {
    return await runIntent(deps, intent, { shopDomain, shipmentId: parseShipmentId(rawShipmentId), fields, staff });
  } catch (error) {
    if (error instanceof StaffActionError)
      return { intent, ok: false, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
}
