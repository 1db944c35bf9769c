import type { Item } from "~/courier/requests";

/**
 * A cart's package size class, for the price memory and model (price-memory.ts): the band its total
 * weight falls in and the band of its longest side. The courier does not publish how its size
 * affects a price (delivery-api.md: "Allowed values of size: not shown"), so the bands are narrow
 * enough, at the usual tier points of courier price lists, that one class holds carts the courier
 * prices alike. Pure.
 */

/** Upper bounds, inclusive, in pounds of the whole cart; heavier is the last class. */
export const WEIGHT_BANDS_POUNDS = [5, 10, 15, 20, 30, 50, 75, 100, 150] as const;
/** Upper bounds, inclusive, in inches of the longest side of any unit. */
export const LONGEST_SIDE_BANDS_INCHES = [12, 18, 24, 36, 48, 72] as const;

type Sized = Pick<Item, "weight" | "quantity" | "length" | "width" | "height">;

function band(value: number, bounds: readonly number[]): string {
  const upper = bounds.find((bound) => value <= bound);
  return upper === undefined ? `>${bounds[bounds.length - 1]}` : `≤${upper}`;
}

/**
 * The classes of the same longest-side band and a heavier weight band, nearest first: what prices a
 * class the model has not seen yet (a heavier package never costs less, so the shopper is not
 * undercharged for the difference).
 */
export function heavierClasses(sizeClass: string): string[] {
  const match = /^w(\S+) (l\S+)$/.exec(sizeClass);
  if (!match) return [];
  const weights = [...WEIGHT_BANDS_POUNDS.map((bound) => `≤${bound}`), `>${WEIGHT_BANDS_POUNDS.at(-1)}`];
  const at = weights.indexOf(match[1]!);
  return at < 0 ? [] : weights.slice(at + 1).map((weight) => `w${weight} ${match[2]}`);
}

/** "w≤15 l≤18": total weight up to 15 lb, longest side up to 18 in. */
export function sizeClassOf(items: readonly Sized[]): string {
  const weight = items.reduce((sum, item) => sum + item.weight * item.quantity, 0);
  const longest = Math.max(0, ...items.map((item) => Math.max(item.length, item.width, item.height)));
  return `w${band(weight, WEIGHT_BANDS_POUNDS)} l${band(longest, LONGEST_SIDE_BANDS_INCHES)}`;
}
