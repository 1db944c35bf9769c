import type { Transition } from "~/tracking/state-machine";
import { attentionCodeOf, type AttentionCode } from "./reasons";

/**
 * Attention items that stop applying on their own: a price difference is moot once the delivery is
 * delivered (the courier has charged; canceling is no longer possible). Pure: the transition the
 * event led to gains the clearing of the attention, and the words the timeline shows for it.
 */

/** The states in which an item of this code no longer applies. */
const MOOT_IN: Partial<Record<AttentionCode, readonly string[]>> = {
  price_differs: ["delivered"],
};

export const STALE_ATTENTION_ACTIVITY = "attention_closed_automatically";

const CLOSED_WORDS: Partial<Record<AttentionCode, string>> = {
  price_differs: "Closed automatically: the delivery was delivered, so the price difference can no longer be acted on.",
};

export function closingStaleAttention(
  transition: Transition,
  shipment: { needsAttention: boolean; attentionCode: string | null; state: string },
): { transition: Transition; closedWords: string | null } {
  if (!shipment.needsAttention || !transition.stateChanged || transition.changes.needsAttention)
    return { transition, closedWords: null };
  const code = attentionCodeOf(shipment);
  if (!MOOT_IN[code]?.includes(transition.state)) return { transition, closedWords: null };
  return {
    transition: {
      ...transition,
      actions: [...transition.actions, { kind: "clear_attention" }],
      changes: { ...transition.changes, clearAttention: true },
    },
    closedWords: CLOSED_WORDS[code] ?? "Closed automatically: it no longer applies.",
  };
}
