/**
 * Kinds of ShipmentActivity rows written for order changes (the shipment's timeline). App actions
 * share the `order_change_` prefix; the staff action starts with `staff_` so the timeline shows it
 * as done by staff.
 */
export const ORDER_CHANGE_ACTIVITY = {
  updated: "order_change_updated",
  updateRefused: "order_change_update_refused",
  canceled: "order_change_canceled",
  /** The kind carries the cause and the fitting cancellation code (see flaggedKind). */
  flaggedPrefix: "order_change_flagged:",
  inStep: "order_change_in_step",
  /** Canceled by an order change (hold) or by staff: dispatch again once the order allows it. */
  redispatchPending: "order_change_redispatch_pending",
  redispatched: "order_change_redispatched",
  /** Waiting to be dispatched again, but the order does not allow it as it stands. */
  notRedispatched: "order_change_not_redispatched",
  staffCancelRedispatch: "staff_cancel_redispatch",
} as const;

export const ORDER_CHANGE_KIND_PREFIX = "order_change_";

/** The flagged kind names the cause and the cancellation code that fits it: `order_change_flagged:moved:other`. */
export function flaggedKind(cause: string, cancellationCode: string): string {
  return `${ORDER_CHANGE_ACTIVITY.flaggedPrefix}${cause}:${cancellationCode}`;
}

export function parseFlaggedKind(kind: string): { cause: string; cancellationCode: string | null } | null {
  if (!kind.startsWith(ORDER_CHANGE_ACTIVITY.flaggedPrefix)) return null;
  const [cause, code] = kind.slice(ORDER_CHANGE_ACTIVITY.flaggedPrefix.length).split(":");
  return cause ? { cause, cancellationCode: code || null } : null;
}

/**
 * Whether a canceled shipment still waits to be dispatched again: its latest pending marker has no
 * "redispatched" marker after it. Activities newest first.
 */
export function awaitsRedispatch(activitiesNewestFirst: readonly { kind: string }[]): boolean {
  for (const activity of activitiesNewestFirst) {
    if (activity.kind === ORDER_CHANGE_ACTIVITY.redispatched) return false;
    if (activity.kind === ORDER_CHANGE_ACTIVITY.redispatchPending) return true;
  }
  return false;
}
