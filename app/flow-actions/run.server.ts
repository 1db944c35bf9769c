import type { Shipment } from "@prisma/client";
import { orderGidFromId } from "../../extensions/shared/api-contract";
import { FLOW_ACTION_ACTIVITY } from "~/shipments/activity-kinds";
import { recordOnShipment } from "~/shipments/record.server";
import { FLOW_ACTOR } from "~/shops/staff-actor";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { formatMoney } from "~/text/format";
import { FLOW_ACTION_TITLES, type FlowActionRequest } from "./flow-action-request";
import { raisePayNow } from "~/attention/public.server";
import { type StaffDeps, StaffActionError } from "~/staff/public";
import { cancelShipment, redispatchShipment } from "~/staff/public.server";
import type { CourierClient } from "~/courier/client.server";
import { claimFlowRun, finishFlowRun, forgetFlowRun } from "./run-record.server";

/**
 * A Shopify Flow action run: the same server functions as staff's buttons (dispatch again, raise
 * pay now, cancel with a reason), acting as Shopify Flow, once per action run. The run's record
 * (`run-record.server.ts`) is claimed before anything is done: a resend while the run works is
 * answered 503 with Retry-After, "done before" only once it succeeded. When the run fails before the
 * courier acted, the record goes and Flow's retry acts; once the courier acted (watched on the shop's
 * courier client), the record stays done, so a retry never acts twice.
 */

export type FlowActionDeps = StaffDeps & { adminFor: (shopDomain: string) => Promise<AdminGraphql> };

export type FlowActionDone = { replayed: boolean; shipmentId: string | null; message: string };

export const NOT_INSTALLED = "The delivery app is not installed on this store.";
export const NO_DELIVERY = "This order has no same-day delivery in the app.";
export const NO_SUCH_DELIVERY =
  "This order has no same-day delivery with that Shipment ID: use the Shipment ID of the app's trigger.";
export const ALREADY_DONE = "This action run was done before; nothing was done again.";
export const STILL_RUNNING = "This action run is still being done; try again shortly.";
/** What a resend of a running run is asked to wait: about the staff budget a run is answered within. */
export const STILL_RUNNING_RETRY_AFTER_MS = 10_000;

/** The courier calls that change something: once one succeeded, the run has acted. */
const ACTING_CALLS = ["createShipment", "updateShipment", "cancelShipment", "tip", "rate"] as const;

/** The shop's courier client, reporting each call that changed something at the courier. */
function watchedCourier(courier: CourierClient, acted: () => void): CourierClient {
  const watched = { ...courier };
  for (const name of ACTING_CALLS) {
    const call = courier[name] as (...args: unknown[]) => Promise<unknown>;
    (watched as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await call(...args);
      acted();
      return result;
    };
  }
  return watched;
}

/** The order's delivery the action is about: the one named, else its one current delivery. */
async function targetShipment(deps: FlowActionDeps, shopId: string, request: FlowActionRequest): Promise<Shipment> {
  const orderGid = orderGidFromId(request.orderId);
  const rows = await deps.db.shipment.findMany({
    where: {
      shopId,
      orderGid,
      kind: "delivery",
      ...(request.courierShipmentId ? { courierShipmentId: request.courierShipmentId } : {}),
    },
    orderBy: [{ generation: "desc" }, { createdAt: "desc" }],
  });
  if (request.courierShipmentId) {
    if (!rows[0]) throw new StaffActionError(404, NO_SUCH_DELIVERY);
    return rows[0];
  }
  // The latest generation of each fulfillment order: earlier ones were replaced by a re-dispatch.
  const current = new Map<string, Shipment>();
  for (const row of rows) if (!current.has(row.fulfillmentOrderGid)) current.set(row.fulfillmentOrderGid, row);
  if (current.size === 0) throw new StaffActionError(404, NO_DELIVERY);
  if (current.size > 1)
    throw new StaffActionError(
      400,
      `This order has ${current.size} deliveries: set the action's Shipment ID to the trigger's Shipment ID.`,
    );
  return [...current.values()][0]!;
}

async function act(deps: FlowActionDeps, request: FlowActionRequest, shipmentId: string): Promise<string> {
  const input = { shopDomain: request.shopDomain, shipmentId, staff: FLOW_ACTOR };
  switch (request.handle) {
    case "raise-driver-pay": {
      const raised = await raisePayNow(deps, input);
      return `Raised the driver's pay by ${formatMoney(raised.raisedCents)}.`;
    }
    case "dispatch-delivery-again": {
      const admin = await deps.adminFor(request.shopDomain);
      await redispatchShipment({ ...deps, admin }, input);
      return "The delivery is being dispatched again with the order's current details.";
    }
    case "cancel-delivery": {
      const admin = await deps.adminFor(request.shopDomain);
      await cancelShipment({ ...deps, admin }, { ...input, request: request.cancel });
      return "The delivery was canceled at the courier.";
    }
  }
}

export async function runFlowAction(deps: FlowActionDeps, request: FlowActionRequest): Promise<FlowActionDone> {
  const shop = await deps.db.shop.findUnique({ where: { domain: request.shopDomain }, select: { id: true } });
  if (!shop) throw new StaffActionError(404, NOT_INSTALLED);
  const run = { shopDomain: request.shopDomain, actionRunId: request.actionRunId };
  const claim = await claimFlowRun(
    deps.db,
    { ...run, handle: request.handle, orderGid: orderGidFromId(request.orderId) },
    deps.clock(),
  );
  if (claim.kind === "done") return { replayed: true, shipmentId: null, message: ALREADY_DONE };
  if (claim.kind === "running")
    throw new StaffActionError(503, STILL_RUNNING, { retryAfterMs: STILL_RUNNING_RETRY_AFTER_MS });
  let courierActed = false;
  const watching: FlowActionDeps = {
    ...deps,
    courierFor: async (shopDomain) => {
      const courier = await deps.courierFor(shopDomain);
      return courier && watchedCourier(courier, () => (courierActed = true));
    },
  };
  try {
    const shipment = await targetShipment(deps, shop.id, request);
    const message = await act(watching, request, shipment.id);
    await recordOnShipment(deps.db, {
      shipmentId: shipment.id,
      at: deps.clock(),
      entry: {
        kind: FLOW_ACTION_ACTIVITY,
        message: `Shopify Flow ran “${FLOW_ACTION_TITLES[request.handle]}” (action run ${request.actionRunId}): ${message}`,
      },
    });
    await finishFlowRun(deps.db, run, deps.clock());
    return { replayed: false, shipmentId: shipment.id, message };
  } catch (error) {
    if (courierActed) await finishFlowRun(deps.db, run, deps.clock());
    else await forgetFlowRun(deps.db, run);
    throw error;
  }
}
