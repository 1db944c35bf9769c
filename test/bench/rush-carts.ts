/**
 * bench:rates' rush carts: as local delivery does, each goes to an address in one of the
 * RUSH_POSTAL_CODES postal codes nearest the pickup location (their centroids from the `zipcodes`
 * package, the one the app and the courier sandbox measure with), with varied items (one to three
 * lines of different weights and quantities, so every package size the courier prices comes up).
 * Deterministic: cart n is the same on every run.
 */
import zipcodes from "zipcodes";
import { milesBetween } from "~/shipments/great-circle";
import { cartItem, destinationAddress, rateRequestBody } from "../app/quote/rate-request-fixture";
import { seededRandom } from "./harness";

export const RUSH_POSTAL_CODES = 60;

/** Unit weights in grams, from a candle to a flat-packed chair. */
const UNIT_GRAMS = [250, 907, 2_300, 5_500, 12_000, 25_000] as const;

/** The `count` US postal codes whose centroids lie nearest to the one of `pickupZip`, nearest first. */
export function nearestPostalCodes(pickupZip: string, count: number): { zip: string; city: string; state: string }[] {
  const pickup = zipcodes.lookup(pickupZip);
  if (!pickup) throw new Error(`The zipcodes package does not know the pickup ZIP ${pickupZip}`);
  return Object.values(zipcodes.codes)
    .filter((place) => place.country === "US" && /^\d{5}$/.test(place.zip))
    .map((place) => ({ place, miles: milesBetween(pickup, place) }))
    .sort((a, b) => a.miles - b.miles || a.place.zip.localeCompare(b.place.zip))
    .slice(0, count)
    .map(({ place }) => ({ zip: place.zip, city: place.city, state: place.state }));
}

/** Rush cart n: an address in one of the postal codes, one to three lines of varied units. */
export function rushCart(n: number, postalCodes: readonly { zip: string; city: string; state: string }[]) {
  const random = seededRandom(n + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const place = pick(postalCodes);
  const lines = 1 + Math.floor(random() * 3);
  const items = Array.from({ length: lines }, (_, line) =>
    cartItem({
      name: `Item ${line + 1}`,
      sku: `RUSH-${line + 1}`,
      grams: pick(UNIT_GRAMS),
      quantity: 1 + Math.floor(random() * 3),
      variant_id: 900_000 + line * 10 + Math.floor(random() * 10),
    }),
  );
  return rateRequestBody({
    destination: destinationAddress({
      address1: `${100 + (n % 9000)} Main St`,
      city: place.city,
      province: place.state,
      postal_code: place.zip,
    }),
    items,
  });
}
