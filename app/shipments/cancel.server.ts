import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";
import type { CancelShipmentRequest } from "~/courier/requests";
import type { Tx } from "~/db/client.server";
import { releaseSlotPlace } from "~/schedule/slot-reservations.server";
import { recordOnShipment, type TimelineEntry } from "./record.server";

/**
 * Cancelling a shipment, the one way: at the courier (cancelAtCourier, which reads the courier's
 * "not any more" answer), then on our record (markShipmentCanceled, in the caller's transaction).
 * An order change's cancel and staff's cancel and re-dispatch use both; staff's cancel asks the courier
 * through its own error mapping (a 409 to staff) and records through markShipmentCanceled.
 */

export type CancelOutcome = { canceled: true; cancellationFee: number | null } | { canceled: false; pickedUp: true };

/**
 * Cancels at the courier. The courier's 1003 means "not any more": if the shipment is in fact
 * canceled already (our earlier attempt went through before a crash) that is success; otherwise
 * the driver has picked up.
 */
export async function cancelAtCourier(
  courier: CourierClient,
  courierShipmentId: string,
  request: CancelShipmentRequest,
): Promise<CancelOutcome> {
  try {
    const result = await courier.cancelShipment(courierShipmentId, request, { lane: "background" });
    return { canceled: true, cancellationFee: result.cancellationFee };
  } catch (error) {
    if (!(error instanceof CourierError) || !error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule)) throw error;
    const current = await courier.getShipment(courierShipmentId, { lane: "background" });
    if (current.state === "canceled" || current.state === "expired") return { canceled: true, cancellationFee: null };
    return { canceled: false, pickedUp: true };
  }
}

/**
 * Records a cancellation the courier accepted: the shipment's canceled state (final here and now: a
 * courier event that moved the state meanwhile, or the courier's own canceled event arriving later,
 * changes nothing) and its timeline entry, with an optional entry that follows it (such as "waiting to
 * be dispatched again"), one millisecond later so the timeline keeps their order. Staff cancel, staff
 * "cancel and re-dispatch" and the order-change job all write it this way. The shipment's place in
 * its delivery slot is released with it.
 */
export async function markShipmentCanceled(
  tx: Tx,
  input: { shipmentId: string; at: Date; entry: TimelineEntry; followedBy?: TimelineEntry },
): Promise<void> {
  const { shipmentId, at } = input;
  await recordOnShipment(tx, {
    shipmentId,
    at,
    data: {
      state: "canceled",
      lastEventAt: at,
      etaAt: null,
      needsAttention: false,
      attentionReason: null,
      attentionCode: null,
    },
    entry: input.entry,
  });
  // Its delivery slot's place is free for another order (app/schedule/slot-reservations.server.ts).
  await releaseSlotPlace(tx, shipmentId, at);
  if (input.followedBy) {
    await recordOnShipment(tx, { shipmentId, at: new Date(at.getTime() + 1), entry: input.followedBy });
  }
}
