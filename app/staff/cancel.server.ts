import type { CancelRequest, ShipmentView } from "../../extensions/shared/api-contract";
import { CANCELLATION_LABELS } from "../../extensions/shared/english-words";
import { markShipmentCanceled } from "~/shipments/cancel.server";
import { staffCancelKind } from "~/shipments/activity-kinds";
import { courierShipment } from "./courier-shipment.server";
import type { StaffDeps, WithAdmin } from "./deps";
import { courierCall } from "./errors";
import { shipmentViewModel } from "./shipments.server";
import { recordStaffAction, STAFF_ACTIONS } from "~/shops/staff-actions.server";
import type { StaffActor } from "~/shops/staff-actor";
import { orderDeliverySummaryJob } from "~/tracking/public";

export const CANCEL_REFUSED = "This delivery can no longer be canceled: the driver has picked it up or it has ended.";

function activityMessage(request: CancelRequest, fee: number | null): string {
  const parts = [`Canceled by staff: ${CANCELLATION_LABELS[request.code]}.`];
  if (request.comment) parts.push(`Comment: ${request.comment}`);
  if (fee !== null && fee > 0) parts.push(`The courier charged a cancellation fee of $${fee.toFixed(2)}.`);
  return parts.join(" ");
}

/**
 * Cancels a shipment at the courier (allowed until pickup; a fee applies once the driver heads to
 * pickup), then records the staff activity and the canceled state together. Refuses another
 * shop's shipment (404) and a shipment whose state no longer allows it (409).
 */
export async function cancelShipment(
  deps: StaffDeps & WithAdmin,
  input: { shopDomain: string; shipmentId: string; request: CancelRequest; staff: StaffActor },
): Promise<ShipmentView> {
  const { shop, shipment, courier, courierId } = await courierShipment(deps, {
    ...input,
    action: "cancel",
    notBooked: CANCEL_REFUSED,
  });
  const result = await courierCall(
    () =>
      courier.cancelShipment(
        courierId,
        {
          cancellation_code: input.request.code,
          ...(input.request.comment ? { cancellation_comment: input.request.comment } : {}),
        },
        { lane: "background" },
      ),
    CANCEL_REFUSED,
  );

  const at = deps.clock();
  await deps.db.$transaction(async (tx) => {
    await markShipmentCanceled(tx, {
      shipmentId: shipment.id,
      at,
      entry: {
        kind: staffCancelKind(input.request.code),
        message: activityMessage(input.request, result.cancellationFee),
      },
    });
    // The reason only: the staff comment is free text and may name the customer.
    await recordStaffAction(tx, {
      shop: { id: shop.id },
      shipmentId: shipment.id,
      action: STAFF_ACTIONS.cancel,
      detail: `Canceled the delivery: ${CANCELLATION_LABELS[input.request.code]}.`,
      staff: input.staff,
      at,
    });
    // The courier's later event for the cancel moves no state (it is already here), so this is the
    // order page's refresh; in the same transaction, so it is never lost.
    await deps.queue.enqueue(orderDeliverySummaryJob(input.shopDomain, shipment.orderGid), tx);
  });
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}
