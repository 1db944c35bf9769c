/**
 * Every kind of ShipmentActivity row (the shipment's timeline), in one catalogue: what dispatch, the
 * courier's events, order changes, staff, the watchdog and the after-expiry job write. A row is
 * written through app/shipments/record.server.ts. Kinds are stored: never rename one.
 */

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

/**
 * Dispatch: the courier shipment created (or not); on a returned delivery, staff's "Deliver again"
 * (app/dispatch/redelivery.server.ts).
 */
export const DISPATCH_ACTIVITY = {
  dispatched: "dispatched",
  failed: "dispatch_failed",
  deliverAgain: "deliver_again",
} as const;
export const WINDOW_MOVED_ACTIVITY = "window_moved";

/** The courier's repost of an expired shipment: the new shipment takes over, the expiry's attention ends. */
export const REPOST_ACTIVITY = { tookOver: "courier_repost", attentionCleared: "attention_cleared" } as const;

/** What the app did after an expiry (app/order-changes/after-expiry.server.ts). */
export const AFTER_EXPIRY_ACTIVITY = {
  offered: "expiry_redispatch_offered",
  automatic: "expiry_redispatch_automatic",
  closed: "expiry_not_redispatched",
} as const;

/** Staff's dispatch again of a delivery already canceled (by the courier: an expiry, a driver's cancel). */
export const REDISPATCH_AFTER_CANCEL_KIND = "staff_redispatch_after_cancel";

/** The no-driver watchdog: a raise of the driver's pay sent, or skipped because a driver had taken it. */
export const RAISE_ACTIVITY = "no_driver_raise";
export const WATCHDOG_ACTIVITY = { raised: RAISE_ACTIVITY, alreadyAssigned: "no_driver_raise_skipped" } as const;
/** A driver took a delivery marked "no driver yet": its attention is over. */
export const NO_DRIVER_YET_CLEARED_ACTIVITY = "no_driver_yet_cleared";

/**
 * "No driver yet" is marked once per courier shipment (a repost's new shipment may need it again):
 * the kind is the attention code (app/tracking/no-driver-attention.ts NO_DRIVER_YET) and the courier id.
 */
export const noDriverYetKind = (courierShipmentId: string) => `no_driver_yet:${courierShipmentId}`;

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

/** The shoppers' tracking page: notes changed, window moved, a rating (staff read them on the shipment's page). */
export const SHOPPER_CHANGE_ACTIVITY = { notes: "shopper_changed_notes", window: "shopper_moved_window" } as const;
export const SHOPPER_RATING_ACTIVITY = "shopper_rated";

/** A Shopify Flow action the app ran (app/flow-actions): what the workflow asked, done as staff's button does it. */
export const FLOW_ACTION_ACTIVITY = "flow_action";

/** Attention: resolved by staff with a note, or closed by the courier's event that made it moot. */
export const RESOLVED_ACTIVITY = "attention_resolved";
export const STALE_ATTENTION_ACTIVITY = "attention_closed_automatically";

/** Booked in a slot already full (two shoppers took its last place at once). */
export const OVER_CAPACITY_ACTIVITY = "booked_over_capacity";
