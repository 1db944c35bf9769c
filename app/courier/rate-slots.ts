/**
 * The shared courier limiter's arithmetic over its slot rows (shared-rate-limiter.server.ts), pure.
 * A slot's window counts from `grantedAt`, or, while its request is in flight (`heldUntil` set, the
 * request's time limit; holdUntilReleaseMs), it counts as granted at every moment until its answer,
 * which moves `grantedAt` to the answer and clears `heldUntil`. A request never answered counts from
 * its time limit.
 */
import type { CourierRateSlot } from "@prisma/client";
import type { Grant } from "./rate-limit-policy";

export type SlotRow = Pick<CourierRateSlot, "slot" | "lane" | "grantedAt" | "heldUntil" | "version">;

/** The moment the slot's window counts from, as seen at `now`. */
function countsFrom(slot: SlotRow, now: number): number {
  const granted = slot.grantedAt.getTime();
  if (slot.heldUntil === null) return granted;
  return Math.max(granted, Math.min(slot.heldUntil.getTime(), now));
}

/** Whether the slot's request is still in flight at `now`. */
export function inFlight(slot: SlotRow, now: number): boolean {
  return slot.heldUntil !== null && slot.heldUntil.getTime() > now;
}

/** The grants of the slots still inside the window ending at `now`; one in flight counts as granted now, a hold (a 429) at its time ahead. */
export function grantsInWindow(slots: readonly SlotRow[], now: number, windowMs: number): Grant[] {
  return slots
    .filter((slot) => slot.lane !== null && countsFrom(slot, now) > now - windowMs)
    .map((slot) => ({ at: countsFrom(slot, now), lane: slot.lane === "quote" ? "quote" : "background" }));
}

/** The slot to grant next: the one granted longest ago, if that grant has left the window. */
export function oldestFreeSlot(slots: readonly SlotRow[], now: number, windowMs: number): SlotRow | null {
  let oldest: { slot: SlotRow; from: number } | null = null;
  for (const slot of slots) {
    if (inFlight(slot, now)) continue;
    const from = countsFrom(slot, now);
    if (from > now - windowMs) continue;
    if (!oldest || from < oldest.from || (from === oldest.from && slot.slot < oldest.slot.slot)) {
      oldest = { slot, from };
    }
  }
  return oldest?.slot ?? null;
}
