import { z } from "zod";
import { Flag, wholeNumber } from "./form-fields";
import {
  PRICE_MEMORY_MAX_AGE_MINUTES_DEFAULT,
  PRICE_MEMORY_MAX_AGE_MINUTES_MAX,
  PRICE_MEMORY_MAX_AGE_MINUTES_MIN,
} from "./limits";

/**
 * Checkout prices from the courier's recent prices (app/quote/price-memory.ts) when the courier cannot
 * answer a cart in time: the price it gave for the same pickup location, postal code and package size
 * within `maxAgeMinutes`, else the location's price model. Off: the courier's exact price or the
 * window's fallback, as before. On by default (settings saved before it: on).
 */
export const PRICE_MEMORY_DEFAULTS = { enabled: true, maxAgeMinutes: PRICE_MEMORY_MAX_AGE_MINUTES_DEFAULT };

export const PriceMemorySettings = z.object({
  enabled: Flag,
  maxAgeMinutes: wholeNumber(PRICE_MEMORY_MAX_AGE_MINUTES_MIN, PRICE_MEMORY_MAX_AGE_MINUTES_MAX, "minutes"),
});
