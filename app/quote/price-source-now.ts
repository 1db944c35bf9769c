import type { PriceSource } from "./quote-funnel";

/**
 * The settings preview's answer to "which source would price this address now", in the merchant's
 * words: what checkout would do for a cart of the preview's size to the address at this moment, from
 * the same state it decides with (estimate-choice.ts, window-prices.server.ts). Pure.
 */

export type SourceNowInput = {
  /** The shop lets memory and model price (Settings). */
  learning: boolean;
  /** Checkout's courier calls were refused moments ago (a rush). */
  rushed: boolean;
  /** The courier answered 429 and is not asked until its Retry-After has passed. */
  paused: boolean;
  /** The memory's recent price for the address's postal code and the preview's size class. */
  remembered: { priceDollars: number; ageMinutes: number } | null;
  /** The price model's estimate for it. */
  modelled: { priceDollars: number; distanceMiles: number } | null;
};

export type SourceNow = { source: Exclude<PriceSource, "cache">; message: string };

const usd = (dollars: number) => `$${dollars.toFixed(2)}`;

export function sourceNow(input: SourceNowInput): SourceNow {
  const busy = input.rushed || input.paused;
  if (!input.learning) {
    return busy
      ? {
          source: "fallback",
          message:
            "The courier is busy right now: checkout would show the window's fallback (pricing from the courier's recent prices is off).",
        }
      : {
          source: "live",
          message:
            "The courier's live price. Pricing from its recent prices is off: when it cannot answer in time, the window's fallback.",
        };
  }
  const backup: SourceNow = input.remembered
    ? {
        source: "memory",
        message: `the courier's price for this size to this ZIP code from ${Math.max(1, Math.round(input.remembered.ageMinutes))} min ago (${usd(input.remembered.priceDollars)})`,
      }
    : input.modelled
      ? {
          source: "model",
          message: `an estimate from the courier's recent prices by distance (${usd(input.modelled.priceDollars)} for about ${input.modelled.distanceMiles.toFixed(1)} mi)`,
        }
      : {
          source: "fallback",
          message: "the window's fallback (no recent courier price for this size and area yet)",
        };
  if (busy && (input.remembered || input.paused)) {
    return { source: backup.source, message: `The courier is busy right now: checkout would use ${backup.message}.` };
  }
  if (busy) {
    return {
      source: "live",
      message: `The courier is busy right now; this address's area and size are not covered yet, so it would be first in line for a live price. If none is free in time: ${backup.message}.`,
    };
  }
  return { source: "live", message: `The courier's live price. If it cannot answer in time: ${backup.message}.` };
}
