/**
 * Why a delivery needs attention, by code, and the one action that resolves it. Data, not branches:
 * a new reason (such as the watchdog's "no_driver_yet") is one entry here. Shipment.attentionCode
 * holds the code; rows from before it have none, and theirs is read from the state (codeFromState).
 */

/**
 * What staff do about it: dispatch again (the redispatch route), deliver a returned delivery's items
 * again (app/dispatch/redelivery.ts), raise the driver's pay now, fix the order in Shopify (a link: the
 * app cannot edit the address or refund), or cancel. Every item can also be
 * resolved with a note when staff handled it outside the app (RESOLVE_ACTION).
 */
export const ATTENTION_ACTIONS = ["dispatch_again", "deliver_again", "raise_pay", "fix_order", "cancel"] as const;
export type AttentionAction = (typeof ATTENTION_ACTIONS)[number];
/** Closing an item without an action in the app: a note says what staff did. */
export const RESOLVE_ACTION = "resolve" as const;

export type AttentionFix = { action: AttentionAction; label: string };

export type AttentionReasonEntry = {
  /** The main fix (its button or link is the item's primary one). */
  action: AttentionAction;
  /** The reason in words when the shipment holds none of its own. */
  words: string;
  /** The action's button or link. */
  actionLabel: string;
  /** Further fixes offered beside the main one, in order. */
  more: readonly AttentionFix[];
};

export const ATTENTION_REASONS = {
  expired: {
    action: "dispatch_again",
    words: "No driver accepted the delivery before its deadline, and the courier did not repost it.",
    actionLabel: "Dispatch again",
    more: [],
  },
  canceled: {
    action: "dispatch_again",
    words: "The courier canceled the delivery.",
    actionLabel: "Dispatch again",
    more: [],
  },
  order_changed: {
    action: "dispatch_again",
    words: "The order changed after the courier booked the delivery, and the change could not reach the courier.",
    actionLabel: "Cancel and dispatch again",
    more: [],
  },
  dispatch_failed: {
    action: "fix_order",
    words: "The courier refused the delivery's details.",
    actionLabel: "Fix the address in Shopify",
    more: [{ action: "dispatch_again", label: "Dispatch again" }],
  },
  outside_area: {
    // Staff may deliver there anyway: "Dispatch now" on the order skips the area (a deliberate choice).
    action: "fix_order",
    words: "The address is outside the pickup location's delivery area, so the app did not dispatch it.",
    actionLabel: "Open the order to dispatch it by hand",
    more: [],
  },
  returned: {
    // Over at the courier: the returned items go out again as a new courier delivery on the same
    // fulfillment (app/dispatch/redelivery.ts), or the order is refunded in Shopify (a link to it).
    action: "deliver_again",
    words: "The courier could not deliver and is returning the items to the store.",
    actionLabel: "Deliver again",
    more: [{ action: "fix_order", label: "Refund in Shopify" }],
  },
  no_driver_yet: {
    action: "raise_pay",
    words: "No driver has taken the delivery yet, and its pickup time has come or the pay raises reached their limit.",
    actionLabel: "Raise pay now",
    more: [{ action: "cancel", label: "Cancel the delivery" }],
  },
  price_differs: {
    action: "cancel",
    words:
      "The courier charges more or less than its own estimate at checkout, beyond your tolerance; the delivery goes ahead unless you cancel it.",
    actionLabel: "Cancel the delivery",
    more: [],
  },
} as const satisfies Record<string, AttentionReasonEntry>;

export type AttentionCode = keyof typeof ATTENTION_REASONS;

export function isAttentionCode(code: string | null): code is AttentionCode {
  return code !== null && Object.hasOwn(ATTENTION_REASONS, code);
}

/** For a row with no (or an unknown) code: what its state says. */
export function codeFromState(state: string): AttentionCode {
  switch (state) {
    case "failed":
    case "pending":
      return "dispatch_failed";
    case "canceled":
      return "canceled";
    case "expired":
      return "expired";
    case "returned":
    case "attempted":
      return "returned";
    default:
      // Still active at the courier: raised by an order change it could not follow.
      return "order_changed";
  }
}

export function attentionCodeOf(row: { attentionCode: string | null; state: string }): AttentionCode {
  return isAttentionCode(row.attentionCode) ? row.attentionCode : codeFromState(row.state);
}

/** Every fix an item of this code offers: the main one first. */
export function fixesOf(code: AttentionCode): AttentionFix[] {
  const entry: AttentionReasonEntry = ATTENTION_REASONS[code];
  return [{ action: entry.action, label: entry.actionLabel }, ...entry.more];
}
