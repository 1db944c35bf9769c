/**
 * Which of a cart's windows ask the courier for a live estimate, and which are priced from what the
 * price memory knows or is about to learn. The courier allows 10 estimates a second; in a rush,
 * asking for every window of every cart spends them on combinations already known. So while the
 * quote lane is being refused (rushed), live estimates go first to the (pickup location, postal
 * code, size class) combinations the memory does not cover yet:
 * - memory and model off (the merchant's choice), or no rush: every window asks (the exact price);
 * - rushed and the combination remembered (younger than the shop's age limit): from the memory;
 * - rushed and a live estimate for the combination already under way (another cart's): wait for it;
 * - rushed, uncovered, and the price model can price it (it knows the size class) while the shop's
 *   calls of the last second already use half the courier's limit: from the model, leaving the
 *   rest of the calls to what the model cannot price yet (a size class it has not seen);
 * - rushed and uncovered otherwise: the cart's first window asks; its other windows wait for that
 *   answer (the memory's price does not depend on the window).
 * Pure.
 */

export type EstimateChoice = "ask" | "memory" | "model" | "await_combination";

export type EstimateChoiceInput = {
  /** The shop lets memory and model price (Settings). */
  learning: boolean;
  /** The quote lane was refused a courier call (limit reached, paused after a 429) moments ago. */
  rushed: boolean;
  /** The memory has a price for the cart's combination younger than the shop's age limit. */
  covered: boolean;
  /** A live estimate for the combination is under way. */
  combinationInFlight: boolean;
  /** The location's price model can price the combination. */
  modelPrices: boolean;
  /** The shop's live calls of the last second leave half the courier's limit or more. */
  spareCalls: boolean;
  /** The cart's windows not answered by the estimate cache. */
  windows: number;
};

export function chooseEstimates(input: EstimateChoiceInput): EstimateChoice[] {
  const all = (choice: EstimateChoice) => Array.from({ length: input.windows }, () => choice);
  if (!input.learning || !input.rushed) return all("ask");
  if (input.covered) return all("memory");
  if (input.combinationInFlight) return all("await_combination");
  if (input.modelPrices && !input.spareCalls) return all("model");
  return Array.from({ length: input.windows }, (_, i) => (i === 0 ? "ask" : "await_combination"));
}
