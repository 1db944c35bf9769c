import { SANDBOX_DEFAULT_INTERVAL_S, TIMING_MAX_S, TIMING_MIN_S } from "~/courier/limits";

/**
 * The sandbox's case-sensitive commands. The courier's API says such commands exist but not their
 * words; these are ours (see README.md). A command is the whole notes text, exactly.
 */

/** delivery_location.notes: the delivery is attempted, then the items are returned. */
export const SANDBOX_RETURN_COMMAND = "SANDBOX:RETURN";
/** pickup_location.notes: the shipment is canceled (by the driver) after the driver heads to pickup. */
export const SANDBOX_CANCEL_COMMAND = "SANDBOX:CANCEL";
/** pickup_location.notes: no driver ever accepts; the shipment expires at deliver_between.end. */
export const SANDBOX_NO_DRIVER_COMMAND = "SANDBOX:NO_DRIVER";
/** pickup_location.notes: the first driver leaves before pickup and a second driver takes over. */
export const SANDBOX_REASSIGN_COMMAND = "SANDBOX:REASSIGN";

export type Outcome = "deliver" | "return" | "cancel" | "no_driver" | "reassign";

export function outcomeFor(notes: { pickup?: string | null; delivery?: string | null }): Outcome {
  if (notes.pickup === SANDBOX_CANCEL_COMMAND) return "cancel";
  if (notes.pickup === SANDBOX_NO_DRIVER_COMMAND) return "no_driver";
  if (notes.pickup === SANDBOX_REASSIGN_COMMAND) return "reassign";
  if (notes.delivery === SANDBOX_RETURN_COMMAND) return "return";
  return "deliver";
}

const TIMING_FLAG = /--timing\s+(\S+)\s*$/;

/**
 * The event interval set by a description ending with `--timing N` (seconds, 15..900):
 * the default when there is no flag, "invalid" when N is not a whole number in range.
 */
export function timingFrom(description: string | undefined): number | "invalid" {
  const match = description ? TIMING_FLAG.exec(description) : null;
  if (!match) return SANDBOX_DEFAULT_INTERVAL_S;
  const seconds = Number(match[1]);
  if (!Number.isInteger(seconds) || seconds < TIMING_MIN_S || seconds > TIMING_MAX_S) return "invalid";
  return seconds;
}
