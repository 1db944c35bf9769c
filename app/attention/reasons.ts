/**
 * Why a delivery needs attention, by code, and the one action that resolves it. Data, not branches:
 * a new reason (such as the watchdog's "no_driver_yet") is one entry here. Shipment.attentionCode
 * holds the code; rows from before it have none, and theirs is read from the state (codeFromState).
 */

/** What staff do about it: dispatch again (the redispatch route), fix the order in Shopify, or cancel. */
export const ATTENTION_ACTIONS = ["dispatch_again", "fix_order", "cancel"] as const;
export type AttentionAction = (typeof ATTENTION_ACTIONS)[number];

export type AttentionReasonEntry = {
  action: AttentionAction;
  /** The reason in words when the shipment holds none of its own. */
  words: string;
  /** The action's button or link. */
  actionLabel: string;
};

export const ATTENTION_REASONS = {
  expired: {
    action: "dispatch_again",
    words: "No driver accepted the delivery before its deadline, and the courier did not repost it.",
    actionLabel: "Dispatch again",
  },
  canceled: {
    action: "dispatch_again",
    words: "The courier canceled the delivery.",
    actionLabel: "Dispatch again",
  },
  order_changed: {
    action: "dispatch_again",
    words: "The order changed after the courier booked the delivery, and the change could not reach the courier.",
    actionLabel: "Cancel and dispatch again",
  },
  dispatch_failed: {
    action: "fix_order",
    words: "The courier refused the delivery's details.",
    actionLabel: "Fix the address or phone on the order",
  },
  returned: {
    action: "fix_order",
    words: "The courier could not deliver and is returning the items to the store.",
    actionLabel: "Check the address or phone on the order",
  },
  no_driver_yet: {
    action: "dispatch_again",
    words: "No driver has taken the delivery yet, and its pickup time has come or the pay raises reached their limit.",
    actionLabel: "Cancel and dispatch again",
  },
  price_differs: {
    action: "cancel",
    words: "The courier's price differs from what the customer paid; the delivery goes ahead unless you cancel it.",
    actionLabel: "Cancel the delivery",
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
