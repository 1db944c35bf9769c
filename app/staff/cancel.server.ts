import type { CancelRequest, ShipmentView } from "../../extensions/shared/api-contract";
import { CANCELLATION_LABELS } from "../../extensions/shared/cancellation";
import { markShipmentCanceled } from "~/shipments/record.server";
import { staffCancelKind } from "./activity";
import { courierShipment } from "./courier-shipment.server";
import type { StaffDeps, WithAdmin } from "./deps";
import { courierCall } from "./errors";
import { refreshOrderSummary } from "./order-summary.server";
import { shipmentViewModel } from "./shipments.server";

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
  input: { shopDomain: string; shipmentId: string; request: CancelRequest },
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

  await deps.db.$transaction((tx) =>
    markShipmentCanceled(tx, {
      shipmentId: shipment.id,
      at: deps.clock(),
      entry: {
        kind: staffCancelKind(input.request.code),
        message: activityMessage(input.request, result.cancellationFee),
      },
    }),
  );
  await refreshOrderSummary(deps.db, deps.admin, shop, shipment.orderGid);
  return shipmentViewModel(deps, input.shopDomain, shipment.id);
}
