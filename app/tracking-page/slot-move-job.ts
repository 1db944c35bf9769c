import { z } from "zod";
import type { EnqueueInput } from "~/jobs/job";

/**
 * A shopper's window move holds a place in the slot moved to while the courier is asked
 * (app/dispatch/slot-booking.server.ts). This job, enqueued with that place, settles a move the
 * process never finished (it died between taking the place and recording the courier's answer): it
 * runs once every answer is long in (the courier client's attempts end within seconds) and finds
 * nothing to do after a finished move.
 */
export const SETTLE_SLOT_MOVE_JOB = "tracking-page.settle-slot-move";
export const SETTLE_SLOT_MOVE_AFTER_MS = 2 * 60 * 1000;

export const SettleSlotMovePayload = z.object({ shipmentId: z.string().min(1).max(64) });
export type SettleSlotMovePayload = z.infer<typeof SettleSlotMovePayload>;

/** The window a move goes to, kept with its held place (SlotReservation.moveJson). */
export const MoveTarget = z.object({
  windowId: z.string().min(1).max(100),
  serviceCode: z.string().min(1).max(100),
  pickupAfter: z.coerce.date(),
  deliverStart: z.coerce.date(),
  deliverEnd: z.coerce.date(),
});
export type MoveTarget = z.infer<typeof MoveTarget>;

export function settleSlotMoveJob(shopDomain: string, shipmentId: string, now: Date): EnqueueInput {
  return {
    shopDomain,
    kind: SETTLE_SLOT_MOVE_JOB,
    payload: { shipmentId } satisfies SettleSlotMovePayload,
    runAt: new Date(now.getTime() + SETTLE_SLOT_MOVE_AFTER_MS),
  };
}
