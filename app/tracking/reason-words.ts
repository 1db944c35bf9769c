/** The courier's return and cancellation codes in words staff and shoppers understand (unknown codes as themselves). */

export const RETURN_CODE_WORDS: Record<string, string> = {
  recipient_refused_damaged: "the recipient refused the items as damaged",
  recipient_refused: "the recipient refused the delivery",
  dest_address_not_found: "the delivery address could not be found",
  dest_address_inaccessible: "the delivery address was not accessible",
  signature_required: "a signature was required and none could be obtained",
  age_verfication_failure: "the recipient's age could not be verified",
  delivery_time_early: "the driver arrived before the delivery window",
  delivery_time_expired: "the delivery window had passed",
  cold_chain_compliance: "cold-chain requirements could not be met",
  recipient_incorrect: "the recipient was not the right person",
  recipient_unavailable: "the recipient was not available",
  order_canceled_after_pickup: "the order was canceled after pickup",
  other: "another reason",
};

export const CANCELLATION_CODE_WORDS: Record<string, string> = {
  address_inaccessible: "the address was not accessible",
  address_incorrect: "the address was incorrect",
  cold_chain_violation: "cold-chain requirements were violated",
  contact_not_available: "the contact was not available",
  delivery_deadline_passed: "no driver accepted before the delivery deadline",
  driver_delayed: "the driver was delayed",
  driver_canceled: "the driver canceled",
  duplicate_order: "it was a duplicate order",
  item_already_delivered: "the item was already delivered",
  item_damaged: "the item was damaged",
  item_not_as_described: "the item was not as described",
  item_not_in_stock: "the item was not in stock",
  item_not_ready: "the item was not ready",
  order_canceled: "the order was canceled",
  order_incomplete: "the order was incomplete",
  order_not_found: "the order was not found",
  wait_time_exceeded: "the wait time at pickup was exceeded",
  other: "another reason",
};

/**
 * The code in words, with the courier's notes when they add something: notes that already say the
 * words ("The driver canceled (…).") are the words, once, not wrapped in them again.
 */
function inWords(table: Record<string, string>, code: string | undefined, notes: string | undefined): string {
  const words = code ? (table[code] ?? code.replaceAll("_", " ")) : "no reason given";
  const said = notes?.trim().replace(/\.$/, "");
  if (!said) return words;
  if (said.toLowerCase().startsWith(words.toLowerCase())) return said.charAt(0).toLowerCase() + said.slice(1);
  return `${words} (${said})`;
}

export function returnCodeInWords(code?: string, notes?: string): string {
  return inWords(RETURN_CODE_WORDS, code, notes);
}

export function cancellationInWords(code?: string, notes?: string): string {
  return inWords(CANCELLATION_CODE_WORDS, code, notes);
}
