import { candidateSlotKeys, fullSlotTest } from "~/schedule/capacity";
import { openWindows, type OpenWindow, type OpenWindowsInput } from "~/schedule/windows";
import { createTtlLoader } from "./ttl-loader.server";

/** Where a checkout's quote writes its warnings (pino in the app, silent in tests). */
export type QuoteLogger = { warn(event: string, fields: Record<string, string | number | boolean | null>): void };

/** The places taken per slot key, in one query (app/schedule/slot-reservations.server.ts takenPlaces). */
export type TakenPlaces = (shopDomain: string, slotKeys: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * How long one count of a shop's slots answers its rate requests (per instance). A busy checkout
 * asks the database about once a second instead of on every request; a slot filled meanwhile may
 * be offered for up to this long, and a booking in it is then dispatched over capacity and marked,
 * as when two shoppers take its last place at the same moment.
 */
export const PLACE_COUNTS_TTL_MS = 1_000;

/** `count`, its answers shared for PLACE_COUNTS_TTL_MS by requests asking of the same shop and slots. */
export function sharedPlaceCounts(
  count: TakenPlaces,
  options: { clock: () => Date; maxEntries: number; ttlMs?: number },
): TakenPlaces {
  const loader = createTtlLoader({
    clock: options.clock,
    ttlMs: options.ttlMs ?? PLACE_COUNTS_TTL_MS,
    maxEntries: options.maxEntries,
    load: (key) => {
      const [shopDomain, slotKeys] = JSON.parse(key) as [string, string[]];
      return count(shopDomain, slotKeys);
    },
  });
  return (shopDomain, slotKeys) => loader.get(JSON.stringify([shopDomain, slotKeys]));
}

/**
 * The windows to offer the cart's pickup location: openWindows, leaving out every slot without a
 * place (app/schedule/capacity.ts) before a slots window's maxRates, so the next slot takes a full
 * one's place in the list. The places of every candidate slot are counted in one query, and only for
 * a location with a capacity set (every other shop's checkout reads nothing more). Should the count
 * fail, nothing is left out: a booking past capacity is still dispatched and shown to staff; a
 * failed checkout is lost.
 */
export async function offeredWindows(
  takenPlaces: TakenPlaces,
  input: {
    shopDomain: string;
    locationGid: string;
    capacity: number | null;
    windows: OpenWindowsInput;
    logger: QuoteLogger;
  },
): Promise<OpenWindow[]> {
  const { locationGid, capacity, windows } = input;
  if (capacity === null) return openWindows(windows);
  const keys = candidateSlotKeys(locationGid, windows);
  if (keys.length === 0) return [];
  let taken: ReadonlyMap<string, number>;
  try {
    taken = await takenPlaces(input.shopDomain, keys);
  } catch (error) {
    input.logger.warn("slot places not counted", { error: error instanceof Error ? error.name : "unknown" });
    return openWindows(windows);
  }
  return openWindows({
    ...windows,
    isFull: fullSlotTest({ locationGid, capacity, taken, timeZone: windows.timeZone }),
  });
}
