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
import { recordDelivery } from "~/webhooks/public.server";

/**
 * A Shopify Flow action run: the same server functions as staff's buttons (dispatch again, raise
 * pay now, cancel with a reason), acting as Shopify Flow, once per action run. The run is recorded
 * before anything is done, under its `action_run_id` (the same once-only record as Shopify's webhook
 * deliveries), so a resend of a run that went through does nothing twice; when the run fails, the
 * record goes, so Flow's retry of a retryable failure is done, not taken for a repeat.
 */

export type FlowActionDeps = StaffDeps & { adminFor: (shopDomain: string) => Promise<AdminGraphql> };

export type FlowActionDone = { replayed: boolean; shipmentId: string | null; message: string };

export const NOT_INSTALLED = "The delivery app is not installed on this store.";
export const NO_DELIVERY = "This order has no same-day delivery in the app.";
export const NO_SUCH_DELIVERY =
  "This order has no same-day delivery with that Shipment ID: use the Shipment ID of the app's trigger.";
export const ALREADY_DONE = "This action run was done before; nothing was done again.";

const runRecordId = (actionRunId: string) => `flow-action:${actionRunId}`;

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
  const record = {
    shopDomain: request.shopDomain,
    webhookId: runRecordId(request.actionRunId),
    topic: `flow_action/${request.handle}`,
    orderGid: orderGidFromId(request.orderId),
  };
  if (!(await recordDelivery(deps.db, record))) return { replayed: true, shipmentId: null, message: ALREADY_DONE };
  try {
    const shipment = await targetShipment(deps, shop.id, request);
    const message = await act(deps, request, shipment.id);
    await recordOnShipment(deps.db, {
      shipmentId: shipment.id,
      at: deps.clock(),
      entry: {
        kind: FLOW_ACTION_ACTIVITY,
        message: `Shopify Flow ran “${FLOW_ACTION_TITLES[request.handle]}” (action run ${request.actionRunId}): ${message}`,
      },
    });
    return { replayed: false, shipmentId: shipment.id, message };
  } catch (error) {
    await deps.db.webhookDelivery.deleteMany({ where: { shopDomain: record.shopDomain, webhookId: record.webhookId } });
    throw error;
  }
}
