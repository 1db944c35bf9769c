/**
 * Kinds of ShipmentActivity rows written by staff actions. The cancel kind carries the
 * cancellation code ("staff_cancel:order_canceled"), so the shipment's view can name the reason
 * before (or without) the courier's own canceled event.
 */

export const STAFF_ACTIVITY = {
  tip: "staff_tip",
  rating: "staff_rating",
  retryJob: "staff_retry_job",
} as const;

const CANCEL_PREFIX = "staff_cancel:";

export function staffCancelKind(code: string): string {
  return `${CANCEL_PREFIX}${code}`;
}

/** The cancellation code of a staff-cancel activity kind, else null. */
export function cancellationCodeOfKind(kind: string): string | null {
  return kind.startsWith(CANCEL_PREFIX) && kind.length > CANCEL_PREFIX.length ? kind.slice(CANCEL_PREFIX.length) : null;
}

export function isStaffCancelKind(kind: string): boolean {
  return cancellationCodeOfKind(kind) !== null;
}
